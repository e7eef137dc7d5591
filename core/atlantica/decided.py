"""The state after the last command ``decide`` made, for ``evolve_all`` to take.

``decide`` works each event out from the state the previous one left (a
refill reads the display an action emptied), so once a command is decided
the state after its events is known (``decide.Play``). The kernel then folds
the same events again (``GameType.play.evolve_all``). ``remember`` keeps the last
command's start state, events and end state (one entry: memory stays
bounded); ``recall`` gives that end state back only for the very same start
state and the very same event objects, compared by identity, so it never
answers for events it did not see applied; anything else is folded.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import is_
from typing import NamedTuple

from core.atlantica.events import AnyEvent
from core.atlantica.state import State


class _Decided(NamedTuple):
    start: State
    events: tuple[AnyEvent, ...]
    end: State


_last: _Decided | None = None


def remember(start: State, events: Sequence[AnyEvent], end: State) -> None:
    """``events`` take ``start`` to ``end`` (each applied to the state the one before
    it left)."""
    global _last
    _last = _Decided(start, tuple(events), end)


def recall(start: State, events: Sequence[AnyEvent]) -> State | None:
    """The state ``events`` lead to from ``start``, when they are the events last
    remembered from that very state; else ``None``."""
    last = _last
    if last is None or last.start is not start or len(events) != len(last.events):
        return None
    return last.end if all(map(is_, events, last.events)) else None
