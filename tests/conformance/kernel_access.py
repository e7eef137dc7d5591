"""The kit's one door to the kernel's save files, ``check``, resuming and replay.

Every use of ``core.kernel.savefile``, ``save_lifecycle`` and ``replay`` by the
kit goes through here, each function taking the game first. A save is read
with the registry of its game (the program's, or one holding just a test's
game), and judged by the game's own full check (``GameType.records.judge``).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from core.games import GAMES
from core.kernel.errors import SaveFileError
from core.kernel.events import Action
from core.kernel.registry import AnyGameType, GameRegistry
from core.kernel.replay import Replay, states_after
from core.kernel.replay import play_from_here as kernel_play_from_here
from core.kernel.save_lifecycle import Judgement, check_save, resume_save
from core.kernel.savefile import SaveWriter, make_header, read_save, record_lines, write_save


def is_registered(game: AnyGameType) -> bool:
    """Whether the program offers ``game`` (and not just a test's game of the same id)."""
    return game.id in GAMES and GAMES.get(game.id) is game


def unsupported(game: AnyGameType) -> str | None:
    """Why the kernel cannot save ``game``, or ``None`` when it can."""
    if game.records.judge is None:
        return f"{game.id} has no full check (GameType.records.judge)"
    return None


def require_saves(game: AnyGameType) -> None:
    """Fail for a registered game the kernel cannot save; skip a test-only game."""
    reason = unsupported(game)
    if reason is None:
        return
    if is_registered(game):
        pytest.fail(reason)
    pytest.skip(f"{game.id} is not a registered game and {reason}")


def _registry(game: AnyGameType) -> GameRegistry:
    return GAMES if is_registered(game) else GameRegistry([game])


def actions_of(game: AnyGameType, events: Sequence[Any], starts: Sequence[int]) -> list[Action]:
    """The actions that begin at ``starts``, each by the seat to act before it (the
    states are folded once, one event at a time)."""
    states = states_after(game, list(events))
    bounds = [*starts, len(events)]
    found = []
    for start, end in itertools.pairwise(bounds):
        seat = game.to_act(states[start - 1]) if start > 0 else None
        found.append(Action(start, -1 if seat is None else seat, end - start))
    return found


def write(
    game: AnyGameType,
    path: Path,
    events: Sequence[Any],
    actions: Sequence[Action],
    players: Sequence[str],
    options: Any,
) -> None:
    """Write a save of ``events`` (a game's opening events first) with its actions'
    markers; the last action may run past the end (a file cut by a crash)."""
    write_save(path, make_header(game.id, options, players, 0), events, actions)


def grow(
    game: AnyGameType,
    path: Path,
    events: Sequence[Any],
    actions: Sequence[Action],
    players: Sequence[str],
    options: Any,
) -> Iterator[int]:
    """Write a save of ``events`` one line at a time, as a game in play writes it
    (``SaveWriter``: each action's marker, then its events), and pause after each
    event: yields how many events the file holds then. Each time the file is the
    save of those events that ``write`` would make (the last action may run past
    them, as when a crash cut the file), written once instead of once a position."""
    markers = {action.start: action for action in actions}
    assert 0 not in markers, "the opening event begins no action"
    header = make_header(game.id, options, players, 0)
    with SaveWriter.create(path, header, events[:1]) as writer:
        yield 1
        for index in range(1, len(events)):
            if index in markers:
                writer.append(markers[index].marker())
            writer.append(events[index])
            yield index + 1


def record_data(events: Sequence[Any], actions: Sequence[Action]) -> bytes:
    """What ``write`` puts after the header of a save of ``events`` (the header
    holds the time it was written)."""
    return b"".join(record_lines(events, actions))


def read_events(game: AnyGameType, path: Path) -> list[Any]:
    """The events of a save, read strictly (a bad line raises ``SaveFileError``)."""
    return list(read_save(path, _registry(game)).events)


def event_lines(game: AnyGameType, path: Path) -> list[int]:
    """The file line of each event of a save (the others hold the header and markers)."""
    return list(read_save(path, _registry(game)).lines)


def check(game: AnyGameType, path: Path) -> SaveFileError | None:
    """What ``atlantis check`` finds wrong in a save, with its line; ``None`` if nothing.

    A line that cannot be read and an event the rules would not give are both
    reported here.
    """
    assert game.records.judge is not None
    try:
        saved = read_save(path, _registry(game), mode="keep_prefix")
    except SaveFileError as error:  # not even the header
        return error
    judged: Judgement = game.records.judge(saved)
    return judged.problem or saved.error


def verdict(game: AnyGameType, path: Path) -> SaveFileError | None:
    """What ``atlantis check`` says of a save: the kernel's reading and checks, then
    the game's (``save_lifecycle.check_save``); ``None`` when nothing is wrong."""
    try:
        saved = read_save(path, _registry(game), mode="keep_prefix")
    except SaveFileError as error:  # not even the header
        return error
    return check_save(game, saved).problem


def resume(game: AnyGameType, path: Path) -> list[Any]:
    """The events a game saved at ``path`` goes on from (whole actions only)."""
    assert game.records.judge is not None
    return list(resume_save(path, _registry(game), game.records.judge).events)


def replay_states(game: AnyGameType, events: Sequence[Any], starts: Sequence[int]) -> list[Any]:
    """The state after each event, as the kernel's replay steps through them."""
    return list(Replay(game, list(events), actions_of(game, events, starts)).states)


def play_from_here(
    game: AnyGameType, events: Sequence[Any], position: int, actions: Sequence[Action]
) -> tuple[list[Any], list[Action]]:
    """A new game's events and actions, taken up from a replay at ``position``
    (``actions``: those of ``events``, as ``actions_of`` finds them)."""
    taken = kernel_play_from_here(events, position, actions)
    return list(taken.events), list(taken.actions)
