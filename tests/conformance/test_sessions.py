"""Sessions as players play them keep every save sound, in every game.

A hot-seat table (people and a bot) plays a game through ``GameSession``, as
the app does, and at random moments a player undoes his turn (with the bot's
replies), redoes it, plays something else after an undo, closes the game and
continues it, and redoes after continuing. After every step the save file must
be one every reader opens:

- ``check`` finds every event given by the rules;
- Continue opens it, in the very state the table had (whole actions), and can
  redo what could be redone before it was closed;
- the replay goes to the last event and shows the state the table had;
- the log prints every event;
- the review finds each decision still in force (after a redo, and at the end).

``ATLANTIS_KIT_SESSIONS`` (default 4) sets the sessions per game and player
count; a deep run sets more.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
from pathlib import Path

import pytest

from atlantis_tui.session import GameSession, Seat
from atlantis_tui.subcommands import log
from core.games import GAMES
from core.kernel.events import actions_in_force, events_in_force
from core.kernel.registry import AnyGameType
from core.kernel.replay import Replay
from core.kernel.save_lifecycle import read_checked
from core.services.review import positions_of

SESSIONS = int(os.environ.get("ATLANTIS_KIT_SESSIONS", "4"))
STEPS = 60
"""Steps of a session; its game may end sooner (then undo and redo go on)."""
WEIGHTS = {"play": 10, "undo": 3, "redo": 5, "continue": 1}


def _table(game: AnyGameType, players: int) -> list[Seat]:
    """Two people (or more) and a bot that answers them: undo takes its replies back."""
    seats = [Seat(name) for name in ("Ann", "Bob", "Cleo", "Dan", "Eve")[: players - 1]]
    return [*seats, Seat("Robo", "random")]


def _play_one(session: GameSession, rng: random.Random) -> None:
    """The seat to act plays: a bot its own choice, a person any legal command."""
    if session.is_bot_turn():
        session.play(session.bot_command())
        return
    commands = list(session.game_type.legal_commands(session.state))
    session.play(rng.choice(commands))


def _continue(session: GameSession) -> GameSession:
    """Close the game and continue it from its save, as Continue does."""
    path = session.path
    assert path is not None
    session.close()
    return GameSession.load(path)


def _assert_every_reader_opens(
    game: AnyGameType, session: GameSession, step: str, review: bool = True
) -> None:
    path = session.path
    assert path is not None
    checked = read_checked(path, GAMES)
    assert checked.problem is None, (step, str(checked.problem))
    assert list(checked.events) == session.events, step

    continued = GameSession.load(path)
    try:
        assert continued.state == session.state, step
        assert continued.game.redoable == session.game.redoable, step
    finally:
        continued.close()

    replay = Replay(game, checked.events, checked.actions)
    replay.seek(replay.last)
    assert replay.position == len(session.events) - 1, step
    assert replay.state == session.state, step

    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        code = log.main(argparse.Namespace(file=str(path), json=True, show_hands=True))
    assert code == 0, step
    assert len(printed.getvalue().splitlines()) == len(session.events), step

    if review and game.play.review_search is not None:
        decisions = positions_of(game, checked.events, checked.actions, 0.0, 1)
        in_force = actions_in_force(checked.events, checked.actions)
        assert len(decisions) == len(in_force), step


def _session(game: AnyGameType, players: int, number: int, folder: Path) -> list[str]:
    """One session; the steps it took, for the failure's message."""
    rng = random.Random(f"{game.id}/{players}/{number}")
    session = GameSession.new(_table(game, players), seed=number, save_dir=folder, game=game)
    steps: list[str] = []
    try:
        for _ in range(STEPS):
            choices = [
                choice
                for choice, allowed in (
                    ("play", not game.is_over(session.state)),
                    ("undo", session.undo_plan() is not None),
                    ("redo", bool(session.redo_stack)),
                    ("continue", True),
                )
                if allowed
            ]
            step = rng.choices(choices, [WEIGHTS[choice] for choice in choices])[0]
            if step == "play":
                _play_one(session, rng)
            elif step == "undo":
                session.undo()
            elif step == "redo":
                session.redo()
            else:
                session = _continue(session)
            steps.append(step)
            # Finding every decision asks the rules for every legal command: after a
            # redo (what the review once skipped) and at the end, not every step.
            review = step == "redo"
            _assert_every_reader_opens(game, session, " ".join(steps), review)
        _assert_every_reader_opens(game, session, " ".join(steps))
    finally:
        session.close()
    return steps


def _registered(game: AnyGameType) -> None:
    if game.id not in GAMES or GAMES.get(game.id) is not game:
        pytest.skip(f"{game.id} is not a game the app continues")


@pytest.mark.parametrize("number", range(SESSIONS))
def test_sessions_with_undo_redo_and_continue_keep_the_save_sound(
    game: AnyGameType, number: int, tmp_path: Path
) -> None:
    _registered(game)
    steps: list[str] = []
    for players in sorted({game.players.least + 1, game.players.most}):
        steps += _session(game, players, number, tmp_path)
    assert {"undo", "redo", "continue"} <= set(steps), steps


def test_redo_after_continuing_brings_back_what_was_undone(
    game: AnyGameType, tmp_path: Path
) -> None:
    _registered(game)
    rng = random.Random(game.id)
    session = GameSession.new(
        _table(game, game.players.least + 1), seed=3, save_dir=tmp_path, game=game
    )
    try:
        while session.undo_plan() is None or len(session.events) < 12:
            _play_one(session, rng)
        before = events_in_force(session.events)
        session.undo()
        session = _continue(session)
        assert session.redo(), "nothing to redo after continuing"
        assert events_in_force(session.events) == before
        _assert_every_reader_opens(game, session, "undo continue redo")
    finally:
        session.close()
