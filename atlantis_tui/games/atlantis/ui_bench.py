"""Atlantis's part of ``atlantis bench-ui``: the positions it plays and the keys it times.

The shell's benchmark (``atlantis_tui.ui_benchmark``) times a real terminal; this
module gives it what to time in Atlantis: a 4-player game in mid play whose move
input is pressed (each key's preview headline computed beforehand by the app's
own ``select_pawn`` and ``preview_text``), and a record of over 1,000 events whose
replay is sought through (each seek's step line computed by the game's ``Replay``).
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from atlantis_tui.ui_benchmark import (
    APP,
    KEY_CODES,
    REPLAY_APP,
    Answer,
    Scenario,
    Terminal,
    replay_step_text,
    shows,
    start_menu_marker,
    time_keys,
)

# -- the positions --------------------------------------------------------------------


def mid_game_save(folder: str) -> Path:
    """A 4-player game in mid play with Ann (human) to move, saved in ``folder``."""
    import random

    from core.atlantis.bots import make_bot
    from core.atlantis.game_type import ATLANTIS
    from core.atlantis.saves import write_save
    from core.atlantis.setup import new_game
    from core.atlantis.view import view_for
    from core.kernel.game import Game
    from core.kernel.save_names import SUFFIX

    game = Game(ATLANTIS, new_game(["Ann", "Bob", "Cleo", "Dan"], 12))
    bot = make_bot("greedy")
    rng = random.Random(1)
    while game.state.turn < 40 or game.state.current != 0:
        seat = game.state.to_act
        assert seat is not None
        game.play(bot.decide(view_for(game.state, seat), rng))
    seats = ("human", "bot:greedy", "bot:greedy", "bot:greedy")
    path = Path(folder) / ("mid-game" + SUFFIX)
    write_save(path, game.events, seats, game.actions)
    return path


def long_record(folder: str, minimum: int = 1000) -> Path:
    """A save of at least ``minimum`` events: a 4-player greedy game in which every
    turn was undone and played again three times (the record keeps every event)."""
    import random

    from core.atlantis.bots import make_bot
    from core.atlantis.events import AnyEvent, TurnEnded
    from core.atlantis.evolve import events_in_force
    from core.atlantis.game_type import ATLANTIS
    from core.atlantis.saves import write_save
    from core.atlantis.setup import new_game
    from core.atlantis.view import view_for
    from core.kernel.game import Game
    from core.kernel.save_names import SUFFIX

    game = Game(ATLANTIS, new_game(["Ann", "Bob", "Cleo", "Dan"], 77))
    bot = make_bot("greedy")
    rng = random.Random(77)
    turn: list[AnyEvent] = []
    while not game.state.is_over:
        seat = game.state.to_act
        assert seat is not None
        events = game.play(bot.decide(view_for(game.state, seat), rng))
        turn.extend(events)
        if any(isinstance(e, TurnEnded) for e in events):
            for _again in range(3):
                game.undo(len(turn))
                game.redo(turn)
            turn = []
    assert len(events_in_force(game.events)) < len(game.events)
    path = Path(folder) / ("long" + SUFFIX)
    write_save(path, game.events, actions=game.actions)
    if len(game.events) < minimum:
        raise RuntimeError(f"the record has only {len(game.events)} events")
    return path


# -- what each key must bring up ------------------------------------------------------


def replay_seeks(path: Path, presses: int) -> tuple[int, list[tuple[bytes, str]]]:
    """The record's event count, and ``presses`` seeks with the step text each brings up.

    The app's own ``Replay`` (core.atlantis.replay) computes where each key lands.
    """
    from core.atlantis.replay import Replay
    from core.atlantis.saves import read_save

    events = read_save(path).events
    replay = Replay(list(events))
    moves = {
        "end": lambda: replay.seek(replay.last),
        "home": lambda: replay.seek(0),
        "]": replay.next_turn,
        "[": replay.previous_turn,
    }
    plan = ["end", "home", "]", "]", "end", "[", "home", "]"]
    seeks: list[tuple[bytes, str]] = []
    shown = replay_step_text(0, replay.last, replay.turn, replay.turn_count)
    for index in range(presses):
        key = plan[index % len(plan)]
        moves[key]()
        text = replay_step_text(replay.position, replay.last, replay.turn, replay.turn_count)
        if text == shown:
            raise RuntimeError(f"seek {index} ({key}) would not change the step panel")
        seeks.append((KEY_CODES.get(key, key.encode()), text))
        shown = text
    return len(events), seeks


def game_keys(path: Path, presses: int) -> list[tuple[bytes, str]]:
    """``presses`` keys of move input, with the preview headline each brings up.

    The keys choose pawns, step through destinations and press a label, never the
    label of the destination already highlighted (that would play the move). The
    app's own ``select_pawn`` and ``preview_text`` compute the headline.
    """
    from atlantis_tui.games.atlantis.panels import preview_text
    from atlantis_tui.games.atlantis.selection import LABELS, Selection, select_pawn
    from core.atlantis.choosing import why_pawn_cannot_move
    from core.atlantis.evolve import fold
    from core.atlantis.saves import read_save

    state = fold(read_save(path).events)
    seat = state.current
    plan = ["b", "right", "right", "c", "b", "left", "left", "4"]
    selection: Selection | None = None
    shown = ""
    keys: list[tuple[bytes, str]] = []
    for index in range(presses):
        key = plan[index % len(plan)]
        if key in "abc":
            pawn = "abc".index(key)
            if why_pawn_cannot_move(state, seat, pawn) is not None:
                raise RuntimeError(f"pawn {key} cannot move in the benchmark's position")
            selection = select_pawn(state, pawn)
        elif selection is None:
            raise RuntimeError(f"{key} before a pawn is chosen")
        elif key in LABELS:
            if selection.choose(LABELS.index(key)):
                raise RuntimeError(f"{key} would play the move")
        else:
            selection.step(1 if key == "right" else -1)
        assert selection is not None
        text = preview_text(state, selection.preview, None).plain.split("\n")[0]
        if text == shown:
            raise RuntimeError(f"key {index} ({key}) would not change the preview")
        keys.append((KEY_CODES.get(key, key.encode()), text))
        shown = text
    return keys


# -- the measurements -----------------------------------------------------------------


def game_answers(presses: int) -> list[Answer]:
    """Keys of move input in a saved 4-player mid-game, continued from the start menu."""
    from atlantis_tui.games.atlantis.panels import preview_text
    from core.atlantis.evolve import fold
    from core.atlantis.saves import read_save

    folder = tempfile.mkdtemp()
    path = mid_game_save(folder)
    keys = game_keys(path, presses)
    # The preview's invitation wraps in its panel: its first words mark the game shown.
    invitation = preview_text(fold(read_save(path).events), None, None).plain
    terminal = Terminal(APP, [folder])
    try:
        terminal.wait_for(shows(start_menu_marker()))
        now = time.perf_counter()
        os.write(terminal.controller, b"\x1b[B\r")  # down, Enter: Continue
        terminal.wait_for(shows(" ".join(invitation.split()[:3])), since=now)
        return time_keys(terminal, keys)
    finally:
        terminal.close()


def replay_answers(presses: int) -> tuple[int, list[Answer]]:
    """Seeks in the replay of a record of over 1,000 events."""
    folder = tempfile.mkdtemp()
    path = long_record(folder)
    count, seeks = replay_seeks(path, presses)
    from core.atlantis.replay import Replay
    from core.atlantis.saves import read_save

    start = Replay(list(read_save(path).events))
    terminal = Terminal(REPLAY_APP, [str(path)])
    try:
        terminal.wait_for(shows(replay_step_text(0, start.last, start.turn, start.turn_count)))
        return count, time_keys(terminal, seeks)
    finally:
        terminal.close()


SCENARIO = Scenario(game_answers=game_answers, replay_answers=replay_answers)
"""What ``atlantis bench-ui`` times in Atlantis."""
