"""Save, reload and replay at every position; damaged saves refused with a line number.

A game is written as it goes, one event a line, and may stop anywhere (a
crash, a closed laptop). So at every position of the longest playouts:

- the save of the events so far reads back as those very events, and ``check``
  finds nothing wrong with it;
- the kernel's replay shows, at every event, the state the game had there;
- the game resumes from its last whole action, in the state it had then, and
  the next command gives the events it gave the first time;
- taken up again from a replay, it shows every seat what that seat saw then.

And a save damaged in a way no play could have written is refused by ``check``,
which names the line (``mutations.py``).
"""

from __future__ import annotations

import bisect
import functools
import os
import shutil
import typing
from collections.abc import Iterator, Sequence
from pathlib import Path

import msgspec
import pytest

from core.kernel.errors import SaveFileError
from core.kernel.events import Action
from core.kernel.registry import AnyGameType
from tests.conformance import kernel_access
from tests.conformance.mutations import (
    Mutation,
    after_the_end,
    huge_number,
    line_mutations,
)
from tests.conformance.playouts import Playout, longest

MUTATED_LINES = 8
"""Lines of each game damaged in every way (spread over it); a huge number goes
into every line of the first game."""


@pytest.fixture(autouse=True)
def _saves(game: AnyGameType) -> None:
    kernel_access.require_saves(game)


@functools.cache
def _actions(playout: Playout) -> list[Action]:
    """A playout's actions, found once: every save of its positions holds a part of them."""
    return kernel_access.actions_of(playout.game, playout.events, playout.starts)


def _save(
    game: AnyGameType,
    folder: Path,
    name: str,
    events: tuple[object, ...],
    playout: Playout,
    actions: Sequence[Action] | None = None,
) -> Path:
    """A save of ``events`` with the markers of their actions (``playout``'s unless
    given); an action may run past the end, as when a crash cut the file."""
    path = folder / f"{name}.jsonl"
    if actions is None:
        every = _actions(playout)
        actions = [action for action in every if action.start < len(events)]
    kernel_access.write(game, path, events, actions, playout.players, playout.options)
    return path


def _grow(game: AnyGameType, path: Path, playout: Playout) -> Iterator[int]:
    """The playout's save written a line at a time (``kernel_access.grow``): after each
    event, the number of events the file holds."""
    actions = _actions(playout)
    yield from kernel_access.grow(
        game, path, playout.events, actions, playout.players, playout.options
    )
    # Grown a line at a time, the file is the save written at once (its header aside).
    _header, body = path.read_bytes().split(b"\n", 1)
    assert body == kernel_access.record_data(playout.events, actions), playout.label


def test_the_save_at_every_position_reads_back_and_checks(
    game: AnyGameType, tmp_path: Path
) -> None:
    for playout in longest(game):
        path = tmp_path / f"{len(playout.players)}.jsonl"
        for count in _grow(game, path, playout):
            assert kernel_access.read_events(game, path) == list(playout.events[:count])
            problem = kernel_access.check(game, path)
            assert problem is None, (playout.label, count, str(problem))


def test_the_replay_shows_the_state_of_every_position(game: AnyGameType) -> None:
    for playout in longest(game):
        states = kernel_access.replay_states(game, playout.events, playout.starts)
        assert states == list(playout.states)


def _last_whole_action(playout: Playout, count: int) -> int:
    """How many events the whole actions among the first ``count`` events hold."""
    bounds = [playout.opening, *playout.starts[1:], len(playout.events)]
    return bounds[bisect.bisect_right(bounds, count) - 1]


@pytest.fixture
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """Resuming a cut save rewrites it atomically, with two ``fsync`` calls: a disk
    flush at every position, for a durability after a power cut that nothing here
    can see (the SIGKILL test, ``tests/core/test_crash.py``, needs none either)."""
    monkeypatch.setattr(os, "fsync", lambda descriptor: None)


@pytest.mark.usefixtures("_no_fsync")
def test_a_save_resumes_from_its_last_whole_action(game: AnyGameType, tmp_path: Path) -> None:
    for playout in longest(game):
        grown = tmp_path / f"{len(playout.players)}.jsonl"
        for count in _grow(game, grown, playout):
            if count < playout.opening:
                continue
            # Resuming may rewrite the file (a cut action dropped): it takes a copy.
            path = tmp_path / "resumed.jsonl"
            shutil.copyfile(grown, path)
            resumed = kernel_access.resume(game, path)
            kept = _last_whole_action(playout, count)
            assert resumed == list(playout.events[:kept]), (playout.label, count)
            state = game.fold(resumed)
            assert state == playout.states[kept - 1], (playout.label, count)
            if kept < len(playout.events):
                number = playout.starts.index(kept)
                caused = game.decide(state, playout.commands[number])
                assert caused == list(playout.events[kept : kept + len(caused)])


def test_a_save_cut_inside_the_opening_is_not_resumed(game: AnyGameType, tmp_path: Path) -> None:
    playout = longest(game)[0]
    if playout.opening < 2:
        pytest.skip(f"{game.id} opens with one event")
    path = _save(game, tmp_path, "cut", playout.events[: playout.opening - 1], playout)
    with pytest.raises(SaveFileError, match="set up"):
        kernel_access.resume(game, path)
    assert kernel_access.check(game, path) is None, "consistent as far as it goes"


def test_a_game_taken_up_from_a_replay_shows_every_seat_what_it_saw(
    game: AnyGameType, tmp_path: Path
) -> None:
    for playout in longest(game):
        for number, start in enumerate(playout.starts):
            events, actions = kernel_access.play_from_here(
                game, playout.events, start - 1, _actions(playout)
            )
            name = f"{len(playout.players)}-{number}"
            path = _save(game, tmp_path, name, tuple(events), playout, actions)
            assert kernel_access.check(game, path) is None, (playout.label, number)
            state, before = game.fold(events), playout.states[start - 1]
            for seat in range(len(playout.players)):
                assert game.privacy.view_for(state, seat) == game.privacy.view_for(before, seat), (
                    playout.label,
                    number,
                    seat,
                )


def _lines(path: Path) -> list[bytes]:
    return path.read_bytes().rstrip(b"\n").split(b"\n")


def _refused_where_expected(
    game: AnyGameType, folder: Path, mutation: Mutation, where: object
) -> None:
    path = folder / "damaged.jsonl"
    path.write_bytes(mutation.data)
    problem = kernel_access.check(game, path)
    assert problem is not None, f"{where}: {mutation.name} was not refused"
    assert mutation.first <= problem.line <= mutation.last, (
        f"{where}: {mutation.name} on lines {mutation.first}–{mutation.last} "
        f"was refused on line {problem.line}: {problem}"
    )


def test_damaged_saves_are_refused_with_the_line(game: AnyGameType, tmp_path: Path) -> None:
    for which, playout in enumerate(longest(game)):
        path = _save(game, tmp_path, f"whole-{which}", playout.events, playout)
        lines = _lines(path)
        line_of = kernel_access.event_lines(game, path)
        event_lines = line_of[1:]  # after the opening event (markers are judged elsewhere)
        assert game.is_over(playout.states[-1])
        _refused_where_expected(game, tmp_path, after_the_end(lines), playout.label)
        step = max(1, len(event_lines) // MUTATED_LINES)
        for number in [*event_lines[::step], event_lines[-1]]:
            for mutation in line_mutations(lines, number):
                _refused_where_expected(game, tmp_path, mutation, (playout.label, number))
        huge_lines = event_lines if which == 0 else event_lines[::step]
        tampered = [
            huge_number(lines, playout, number, seed=number, line_of=line_of)
            for number in huge_lines
        ]
        assert any(tampered), f"{playout.label}: no event holds a number"
        for number, damaged in zip(huge_lines, tampered, strict=True):
            if damaged is not None:
                _refused_where_expected(game, tmp_path, damaged, (playout.label, number))


def _other_options(game: AnyGameType, options: object) -> object | None:
    """Valid options of ``game`` that differ from ``options`` in one field, if any."""
    assert isinstance(options, msgspec.Struct)  # every game's options are a msgspec struct
    for field in msgspec.structs.fields(game.options_type):
        current = getattr(options, field.name)
        if isinstance(current, bool):
            candidates: list[object] = [not current]
        elif isinstance(current, int):
            candidates = [current + 1, current - 1]
        else:
            candidates = [arg for arg in typing.get_args(field.type) if arg != current]
        for candidate in candidates:
            changed = {**msgspec.structs.asdict(options), field.name: candidate}
            try:
                converted: object = msgspec.convert(changed, game.options_type)
            except msgspec.ValidationError:
                continue
            return converted
    return None


def test_a_header_that_contradicts_the_opening_is_refused(
    game: AnyGameType, tmp_path: Path
) -> None:
    """A header naming other players or options than the opening event: one of them
    was changed, and the file is damaged at the opening's line, under V."""
    playout = longest(game)[0]
    actions = kernel_access.actions_of(game, playout.events, playout.starts)
    renamed = ("Zed", *playout.players[1:])
    other = _other_options(game, playout.options)
    headers = [(renamed, playout.options)] + ([] if other is None else [(playout.players, other)])
    for number, (players, options) in enumerate(headers):
        path = tmp_path / f"contradicting-{number}.jsonl"
        kernel_access.write(game, path, playout.events, actions, players, options)
        problem = kernel_access.verdict(game, path)
        assert problem is not None, (playout.label, players, options)
        assert problem.line == 2 and "V:" in str(problem), str(problem)
        with pytest.raises(SaveFileError):
            kernel_access.resume(game, path)
    if kernel_access.is_registered(game):
        assert other is not None, f"{game.id}'s options have no second value to try"
