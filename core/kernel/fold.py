"""A record read through its undo markers: the state after each event, once for every game.

A record keeps every event, those an undo took back too, each undo a marker
(``EventsUndone(count)``) after the events it takes back. Reading it keeps the
states of the events in force on a stack: an event pushes the state it gives,
an undo marker goes back down the stack by ``count`` states, never folding again.
What no undo takes back (the count of undos, a pile somebody saw) is the game's
own: its ``after_undo(undone, restored)`` gives the state an undo goes back to,
from the state just before the marker and the one the stack goes back to.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from core.kernel.events import EventsUndone

S = TypeVar("S")
E = TypeVar("E")
F = TypeVar("F")


def states_through_undos(
    events: Iterable[E],
    opening: type[F],
    initial: Callable[[F], S],
    step: Callable[[S, E], S],
    after_undo: Callable[[S, S], S],
) -> list[S]:
    """The state after each event (index k: after events[0..k]), undo markers included.

    The first event must be an ``opening`` (the game's ``GameStarted``), which
    ``initial`` lays out; ``step(state, event)`` applies every other event but the
    undo markers, which go back down the stack of states in force. Raises
    ``TypeError`` for a record that does not open with ``opening``, and
    ``RuntimeError`` for an undo of more events than are in force.
    """
    iterator = iter(events)
    first = next(iterator, None)
    if not isinstance(first, opening):
        raise TypeError("a game's events must start with game-started")
    state = initial(first)
    after = [state]
    in_force = [state]
    push, record = in_force.append, after.append
    for event in iterator:
        if isinstance(event, EventsUndone):
            if not 0 < event.count < len(in_force):
                raise RuntimeError(f"cannot undo {event.count} events here")
            undone = state
            del in_force[len(in_force) - event.count :]
            state = in_force[-1] = after_undo(undone, in_force[-1])
        else:
            state = step(state, event)
            push(state)
        record(state)
    return after


__all__ = ["states_through_undos"]
