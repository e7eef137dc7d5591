"""What every game's record holds besides the game's own events: undos and actions.

A game is recorded as the events its rules gave, in order. Two things in that
record belong to the kernel, not to a game:

- ``EventsUndone``, an event every game's union includes: the last ``count``
  events still in force are taken back. They stay in the record, before it,
  so nothing is ever lost; ``events_in_force`` and ``undone_positions`` read
  the record through the undos.
- Where each player's action begins. A command can give several events (a
  move, its payment, the tile taken, the cards drawn), and undo, resume and
  play-from-here work on whole actions. The record says where they are instead
  of leaving them to be found by judging the game again: an ``Action`` names
  the index of its first event, the seat that acted and how many events it
  gave. In a save file each action is an ``ActionMarker`` line written just
  before its events (``core.kernel.savefile``); it is not an event, so the
  game's event stream is the same with or without it.

Events before the first action (a game's setup) and undo markers belong to no
action.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

import msgspec

E = TypeVar("E")


class EventsUndone(msgspec.Struct, frozen=True, tag_field="type", tag="events-undone"):
    """Undo: the last ``count`` events still in force are taken back.

    They stay in the file, before this marker, so nothing is ever lost; a
    replay shows them as undone. Redo appends the same events again.
    """

    count: int


class ActionMarker(msgspec.Struct, frozen=True, tag_field="type", tag="action"):
    """A save file line: a player's action begins, and its ``events`` events follow.

    ``seat`` is the seat that was to act. The count lets a reader tell an
    action a crash cut short (fewer events follow) from a whole one.
    """

    seat: int
    events: int


class Action(msgspec.Struct, frozen=True):
    """One player's action in a record: ``events[start : start + count]``, by ``seat``."""

    start: int
    seat: int
    count: int

    @property
    def end(self) -> int:
        """The index after the action's last event."""
        return self.start + self.count

    def marker(self) -> ActionMarker:
        return ActionMarker(self.seat, self.count)

    def moved(self, start: int) -> Action:
        return Action(start, self.seat, self.count)


def events_in_force(events: Iterable[E]) -> list[E]:
    """The events that still count: everything except what undo markers took back."""
    kept: list[E] = []
    for event in events:
        if isinstance(event, EventsUndone):
            del kept[len(kept) - event.count :]
        else:
            kept.append(event)
    return kept


def in_force_indices(events: Iterable[object]) -> list[int]:
    """The index in ``events`` of each event in force, in order (undo markers are not)."""
    kept: list[int] = []
    for index, event in enumerate(events):
        if isinstance(event, EventsUndone):
            del kept[len(kept) - event.count :]
        else:
            kept.append(index)
    return kept


def undone_positions(events: Sequence[object]) -> set[int]:
    """Positions of the events taken back by undo markers (the markers stay in force)."""
    kept: list[int] = []
    undone: set[int] = set()
    for index, event in enumerate(events):
        if isinstance(event, EventsUndone):
            undone.update(kept[len(kept) - event.count :])
            del kept[len(kept) - event.count :]
        else:
            kept.append(index)
    return undone


def actions_in_force(events: Sequence[object], actions: Iterable[Action]) -> list[Action]:
    """The actions no undo took back, their starts counted among the events in force.

    ``actions`` index all of ``events``, undone ones and undo markers included;
    an action is in force when its first event is.
    """
    position = {index: k for k, index in enumerate(in_force_indices(events))}
    return [action.moved(position[action.start]) for action in actions if action.start in position]


def cut_action(actions: Sequence[Action], event_count: int) -> Action | None:
    """The last action when the record ends before all its events (a crash while it
    was being written), else ``None``."""
    if actions and actions[-1].end > event_count:
        return actions[-1]
    return None
