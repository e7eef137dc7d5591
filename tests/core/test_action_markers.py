"""Action markers: where each player's action begins, recorded instead of re-judged.

The game tells its listener each action's marker before the action's events;
the save file holds them as lines of their own (the events' lines stay exact);
undo and redo keep the record exact, redo writing the markers again; a crash
inside an action is told by the marker's count; and ``atlantis check`` names a
marker that is not where the rules find the action, on the marker's line.
Undo planning, resuming a save of the current format and play-from-here read
the markers and never judge the game again.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import msgspec
import pytest

from atlantis_tui import cli
from atlantis_tui.session import GameSession, Seat
from core.atlantis import check as check_module
from core.atlantis import judging as judging_module
from core.atlantis.bots import make_bot
from core.atlantis.bots.play import play_game
from core.atlantis.check import CheckResult, check_events
from core.atlantis.events import AnyEvent, GameStarted, TurnEnded
from core.atlantis.game_type import ATLANTIS
from core.atlantis.replay import play_from_here
from core.atlantis.saves import header_for, read_checked, read_save, resume_save, write_save
from core.atlantis.view import view_for
from core.games import GAMES
from core.kernel.errors import SaveFileError
from core.kernel.events import ActionMarker, EventsUndone, cut_action
from core.kernel.game import Game
from core.kernel.savefile import SaveWriter, encode_line, parse_save
from tests.core.helpers import AtlantisGame, seeded_game

ROOT = Path(__file__).resolve().parents[2]


SEATS = ("human", "bot:random", "bot:greedy")


def _bot_game(seed: int = 6, moves: int | None = None, live: Path | None = None) -> AtlantisGame:
    """Greedy and random bots; every fourth action taken back and made again by redo.

    With ``live``, a save file follows the game as the app's does, line by line.
    """
    bots = [make_bot("greedy"), make_bot("random"), make_bot("greedy")]
    game = seeded_game(["Ann", "Bob", "Cleo"], seed)
    writer = None
    if live is not None:
        started = game.events[0]
        assert isinstance(started, GameStarted)
        writer = SaveWriter.create(live, header_for(started, SEATS), game.events)
        game.listener = writer.append
    rngs = [random.Random(seed + seat) for seat in range(3)]
    played = 0
    while not game.state.is_over and (moves is None or played < moves):
        seat = game.state.to_act
        assert seat is not None
        events = game.play(bots[seat].decide(view_for(game.state, seat), rngs[seat]))
        played += 1
        if played % 4 == 0:
            game.undo(len(events))
            game.redo(events)
    if writer is not None:
        writer.close()
    return game


def _saved(path: Path, game: AtlantisGame) -> Path:
    write_save(path, game.events, SEATS, game.actions)
    return path


# ---------------------------------------------------------------- the game's record


def test_the_listener_hears_each_marker_before_its_events() -> None:
    heard: list[object] = []
    game = seeded_game(["Ann", "Bob"], 3, listener=heard.append)
    setup = len(game.events)
    bot, rng = make_bot("greedy"), random.Random(1)
    for _ in range(12):
        seat = game.state.to_act
        assert seat is not None
        game.play(bot.decide(view_for(game.state, seat), rng))
    assert heard[:setup] == game.events[:setup]  # the setup is no action
    expected: list[object] = list(game.events[:setup])
    for action in game.actions:
        expected += [
            ActionMarker(action.seat, action.count),
            *game.events[action.start : action.end],
        ]
    assert heard == expected
    assert tuple(a.start for a in game.actions) == check_events(game.events).command_starts
    assert tuple(game.actions) == check_events(game.events).actions


def test_undo_takes_back_whole_actions_and_redo_marks_them_again() -> None:
    heard: list[object] = []
    game = seeded_game(["Ann", "Bob"], 4, listener=heard.append)
    bot, rng = make_bot("greedy"), random.Random(2)
    turn: list[AnyEvent] = []
    while not any(isinstance(event, TurnEnded) for event in turn):
        seat = game.state.to_act
        assert seat is not None
        turn += game.play(bot.decide(view_for(game.state, seat), rng))
    taken = [a for a in game.actions if a.start >= len(game.events) - len(turn)]
    with pytest.raises(RuntimeError):
        game.undo(len(turn) - 1)  # not where an action begins
    before = len(heard)
    game.undo(len(turn))
    assert heard[before:] == [EventsUndone(len(turn))]
    with pytest.raises(RuntimeError):
        game.redo(turn[1:])  # only what the undo took back
    game.redo(turn)
    again = game.actions[-len(taken) :]
    assert [a.count for a in again] == [a.count for a in taken]
    assert [a.seat for a in again] == [a.seat for a in taken]
    assert heard[before + 1] == again[0].marker()
    assert tuple(game.actions) == check_events(game.events).actions


def test_a_new_action_makes_redo_impossible() -> None:
    game = _bot_game(moves=3)
    seat = game.state.to_act
    assert seat is not None
    events = game.play(make_bot("greedy").decide(view_for(game.state, seat), random.Random(0)))
    game.undo(len(events))
    game.play(make_bot("random").decide(view_for(game.state, seat), random.Random(5)))
    with pytest.raises(RuntimeError):
        game.redo(events)


# ---------------------------------------------------------------- the file


def test_markers_are_lines_of_their_own_and_event_lines_stay_exact(tmp_path: Path) -> None:
    game = _bot_game()
    path = _saved(tmp_path / "game.atlantis.jsonl", game)
    saved = read_save(path)
    assert saved.events == tuple(game.events) and saved.actions == tuple(game.actions)
    assert saved.action_starts == tuple(game.action_starts)
    lines = path.read_bytes().splitlines(keepends=True)
    assert len(lines) == 1 + len(game.events) + len(game.actions)
    for event, line in zip(saved.events, saved.lines, strict=True):
        assert lines[line - 1] == encode_line(event)
    for action in game.actions:
        assert lines[saved.lines[action.start] - 2] == encode_line(action.marker())
    assert check_events(saved.events, saved.lines, saved.header, saved.actions).ok


def test_the_file_a_game_writes_as_it_goes_is_the_one_written_at_once(tmp_path: Path) -> None:
    """Appended line by line through the listener (undos and redos too), or written
    whole from the game's events and actions: the same lines."""
    live = tmp_path / "live.atlantis.jsonl"
    game = _bot_game(live=live)
    whole = _saved(tmp_path / "whole.atlantis.jsonl", game)
    written, expected = live.read_bytes().splitlines(), whole.read_bytes().splitlines()
    assert written[1:] == expected[1:]
    assert read_save(live).header.players == read_save(whole).header.players
    assert any(isinstance(event, EventsUndone) for event in game.events)


def test_a_crash_inside_an_action_is_told_by_its_marker(tmp_path: Path) -> None:
    game = _bot_game(moves=20)
    path = _saved(tmp_path / "game.atlantis.jsonl", game)
    lines = path.read_bytes().splitlines(keepends=True)
    last = game.actions[-1]
    assert last.count >= 2
    # Cut after the last marker and one of its events; then right after the marker.
    for kept_events in (1, 0):
        path.write_bytes(b"".join(lines[: len(lines) - last.count + kept_events]))
        saved = read_save(path)
        assert saved.error is None
        cut = cut_action(saved.actions or (), len(saved.events))
        assert cut == last
        assert check_events(saved.events, saved.lines, saved.header, saved.actions).ok
        resumed = resume_save(path)
        assert resumed.repaired and resumed.events == tuple(game.events[: last.start])
        assert resumed.actions == tuple(game.actions[:-1])
        again = read_save(path)
        assert again.actions == resumed.actions and cut_action(again.actions, last.start) is None
        assert (tmp_path / "game.atlantis.jsonl.damaged").exists()


# ---------------------------------------------------------------- forged markers


def _marker_lines(path: Path) -> list[int]:
    lines = path.read_bytes().splitlines()
    return [n for n, line in enumerate(lines, start=1) if line.startswith(b'{"type":"action"')]


def _check_names(path: Path, capsys: pytest.CaptureFixture[str], line: int) -> str:
    assert cli.main(["check", str(path)]) == 1
    err = capsys.readouterr().err
    assert f": line {line}: T: " in err, err
    return err


def _rewritten(path: Path, number: int, replacement: list[bytes]) -> None:
    lines = path.read_bytes().splitlines(keepends=True)
    lines[number - 1 : number] = replacement
    path.write_bytes(b"".join(lines))


@pytest.mark.parametrize("field", ["seat", "events"])
def test_a_marker_that_says_another_seat_or_count_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], field: str
) -> None:
    path = _saved(tmp_path / "game.atlantis.jsonl", _bot_game(moves=20))
    number = _marker_lines(path)[5]
    marker = msgspec.json.decode(path.read_bytes().splitlines()[number - 1], type=ActionMarker)
    forged = msgspec.structs.replace(marker, **{field: getattr(marker, field) + 1})
    _rewritten(path, number, [encode_line(forged)])
    err = _check_names(path, capsys, number)
    assert "the action marker says" in err
    with pytest.raises(SaveFileError) as refused:
        resume_save(path)
    assert refused.value.line == number


def test_a_missing_marker_is_named_on_its_action_first_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _saved(tmp_path / "game.atlantis.jsonl", _bot_game(moves=20))
    number = _marker_lines(path)[3]
    _rewritten(path, number, [])
    _check_names(path, capsys, number)  # the action's first event is on that line now
    checked = read_checked(path)
    assert checked.problem is not None and checked.problem.line == number


def test_a_marker_where_no_action_begins_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _bot_game(moves=20)
    path = _saved(tmp_path / "game.atlantis.jsonl", game)
    saved = read_save(path)
    stray = encode_line(ActionMarker(0, 1))
    # In the deal, inside an action, before an undo, and twice before one action.
    undo = next(i for i, event in enumerate(saved.events) if isinstance(event, EventsUndone))
    inside = game.actions[2].start + 1
    for index in (2, inside, undo, game.actions[4].start):
        path = _saved(tmp_path / f"stray-{index}.atlantis.jsonl", game)
        number = saved.lines[index]
        twice = index == game.actions[4].start
        _rewritten(path, number, [stray, path.read_bytes().splitlines(keepends=True)[number - 1]])
        if twice:
            number -= 1  # the first of the two markers before the action
        err = _check_names(path, capsys, number)
        assert "an action marker stands where no action begins" in err


def test_a_second_marker_after_the_last_event_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _saved(tmp_path / "game.atlantis.jsonl", _bot_game(moves=10))
    count = len(path.read_bytes().splitlines())
    with path.open("ab") as handle:
        handle.write(encode_line(ActionMarker(0, 2)) * 2)
    _check_names(path, capsys, count + 2)


def test_a_marker_in_a_file_of_an_older_format_is_no_event(tmp_path: Path) -> None:
    old = ROOT / "tests" / "core" / "golden" / "format-2.atlantis.jsonl"
    lines = old.read_bytes().splitlines(keepends=True)
    path = tmp_path / "old.atlantis.jsonl"
    path.write_bytes(b"".join([*lines[:6], encode_line(ActionMarker(0, 1)), *lines[6:]]))
    saved = read_save(path, mode="keep_prefix")
    assert saved.error is not None and saved.error.line == 7
    assert "unknown event type 'action'" in str(saved.error)


# ---------------------------------------------------------------- the header names the game


def test_a_header_naming_an_unknown_game_is_refused_on_line_1(tmp_path: Path) -> None:
    path = _saved(tmp_path / "game.atlantis.jsonl", _bot_game(moves=3))
    lines = path.read_bytes().splitlines(keepends=True)
    for game_id, reason in (('"chess"', "unknown game 'chess'"), ("7", "the header is damaged")):
        header = lines[0].replace(b'"game":"atlantis"', b'"game":' + game_id.encode())
        with pytest.raises(SaveFileError) as refused:
            parse_save(b"".join([header, *lines[1:]]), GAMES)
        assert refused.value.line == 1 and reason in str(refused.value)


# ---------------------------------------------------------------- no judging again


class _Counted:
    """Counts the calls of the full check, wherever it is called from."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls = 0
        real = check_module.check_events

        def counted(*args: Any, **kwargs: Any) -> CheckResult:
            # Whatever the callers pass goes through to the real check unchanged.
            self.calls += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(check_module, "check_events", counted)
        monkeypatch.setattr(judging_module, "check_events", counted)


@pytest.mark.parametrize("old", [False, True], ids=["format-3", "before-markers"])
def test_resume_undo_redo_and_play_from_here_never_judge_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, old: bool
) -> None:
    """Loading a save reads it through the check once (for a save before markers that
    one check also finds the actions); then nothing judges the game again."""
    if old:
        source = (
            ROOT
            / "tests"
            / "fixtures"
            / "saves-before-kernel"
            / "hot-seat-with-undo.atlantis.jsonl"
        )
        path = tmp_path / source.name
        path.write_bytes(source.read_bytes())
    else:
        path = _saved(tmp_path / "game.atlantis.jsonl", _bot_game(moves=40))
        lines = path.read_text().replace('"bot:random"', '"human"').encode()
        path.write_bytes(lines)
    counted = _Counted(monkeypatch)
    session = GameSession.load(path)
    assert counted.calls == 1
    humans = session.humans
    assert len(humans) >= 2
    for _ in range(6):
        seat = session.to_act
        if seat is None:
            break  # the game is over
        session.play(make_bot("greedy").decide(session.view(seat), random.Random(seat)))
    assert session.undo() is not None and session.undo() is not None
    assert session.redo()
    plan = session.undo_plan()
    assert plan is not None
    kept, actions = play_from_here(session.events, len(session.events) // 2, session.game.actions)
    session.close()
    assert counted.calls == 1
    monkeypatch.undo()
    saved = read_save(path)
    assert check_events(saved.events, saved.lines, saved.header, saved.actions).ok
    assert saved.actions == tuple(session.game.actions)
    assert check_events(kept, actions=actions).ok


def test_a_session_made_from_a_game_keeps_its_actions(tmp_path: Path) -> None:
    played, _ = play_game([make_bot("random"), make_bot("random")], 12)
    session = GameSession(
        Game(ATLANTIS, played.events, actions=played.actions), [Seat("Ann"), Seat("Bob")]
    )
    assert session._starts == list(check_events(played.events).command_starts)
