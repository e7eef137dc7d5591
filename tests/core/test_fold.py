"""The kernel's fold through undo markers, on a toy record (a running total).

Every game's ``states_after`` (and so its ``fold``) is this one function with the
game's opening, step and ``after_undo``; the games' golden streams check it on
real records, these on records small enough to read.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from core.kernel.events import EventsUndone
from core.kernel.fold import states_through_undos


@dataclass(frozen=True)
class Opened:
    start: int


@dataclass(frozen=True)
class Added:
    amount: int


@dataclass(frozen=True)
class Total:
    value: int
    undos: int = 0


Event = Opened | Added | EventsUndone


def _step(state: Total, event: Event) -> Total:
    assert isinstance(event, Added)
    return replace(state, value=state.value + event.amount)


def _after_undo(undone: Total, restored: Total) -> Total:
    return replace(restored, undos=undone.undos + 1)


def _states(events: list[Event]) -> list[Total]:
    return states_through_undos(events, Opened, lambda e: Total(e.start), _step, _after_undo)


def test_each_event_has_its_state_and_an_undo_goes_back_down_the_stack() -> None:
    states = _states([Opened(10), Added(1), Added(2), EventsUndone(1), Added(5)])
    assert [s.value for s in states] == [10, 11, 13, 11, 16]
    assert [s.undos for s in states] == [0, 0, 0, 1, 1]


def test_an_undo_after_an_undo_goes_further_back_and_counts_both() -> None:
    states = _states(
        [Opened(0), Added(1), Added(2), Added(4), EventsUndone(1), EventsUndone(2), Added(8)]
    )
    assert [s.value for s in states] == [0, 1, 3, 7, 3, 0, 8]
    assert states[-1].undos == 2


def test_the_opening_is_never_undone() -> None:
    with pytest.raises(RuntimeError, match="cannot undo 2 events"):
        _states([Opened(0), Added(1), EventsUndone(2)])


def test_a_record_opens_with_its_opening() -> None:
    with pytest.raises(TypeError, match="must start with game-started"):
        _states([Added(1)])
    with pytest.raises(TypeError):
        _states([])
