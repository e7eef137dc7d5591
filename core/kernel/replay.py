"""Stepping through a recorded game, and taking it up again from any point.

``Replay`` folds the events once, keeping the state after every event, so
seeking to any event is a list lookup. Events taken back by an undo are part
of the record: a replay walks through them too, and knows which they are.

``play_from_here`` starts a new game from a replay's position: it goes back
to where the action that position is in begins, as the record's actions say
(a save's markers), so the new game waits for a decision as any game does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, NamedTuple, TypeVar

from core.kernel.events import (
    Action,
    EventsUndone,
    actions_in_force,
    events_in_force,
    undone_positions,
)
from core.kernel.game_type import GameType

S = TypeVar("S")
E = TypeVar("E")


def states_after(game_type: GameType[S, E, Any, Any, Any], events: Sequence[E]) -> list[S]:
    """The state after each event (index k: after events[0..k]), undo markers included;
    the game's own ``states_after`` when it has one."""
    if game_type.records.states_after is not None:
        return game_type.records.states_after(events)
    states: list[S] = []
    state: S | None = None
    for index, event in enumerate(events):
        if state is None or isinstance(event, EventsUndone):
            # An undo goes back to an earlier state: fold the record up to it.
            state = game_type.fold(events[: index + 1])
        else:
            state = game_type.evolve(state, event)
        states.append(state)
    return states


class Replay(Generic[S, E]):
    """A recorded game and a position in it: the index of the last event applied.

    ``actions`` are the record's actions when known (a save's markers); play
    from here needs them.
    """

    def __init__(
        self,
        game_type: GameType[S, E, Any, Any, Any],
        events: Sequence[E],
        actions: Sequence[Action] | None = None,
        position: int = 0,
    ) -> None:
        self.game_type = game_type
        self.events: list[E] = list(events)
        self.actions: tuple[Action, ...] | None = None if actions is None else tuple(actions)
        self.position = position
        self.states: list[S] = self._states_after()
        self.undone: set[int] = undone_positions(self.events)
        self.turn_starts: list[int] = self._turn_starts()

    def _states_after(self) -> list[S]:
        """The state after each event; a game may have a faster way."""
        return states_after(self.game_type, self.events)

    def _turn_starts(self) -> list[int]:
        """Where each turn begins: the first action of each run of actions by one seat,
        the setup in the first turn (a game whose turns end otherwise says so: then a
        turn begins at each event that ends one, undone ones too, as the replay walks
        through them)."""
        turn_ended = self.game_type.presentation.turn_ended
        if turn_ended is not None:
            return [0] + [index for index, event in enumerate(self.events) if turn_ended(event)]
        starts = [0]
        seat: int | None = None
        for action in self.actions or ():
            if seat is not None and action.seat != seat:
                starts.append(action.start)
            seat = action.seat
        return starts

    @property
    def last(self) -> int:
        return len(self.events) - 1

    @property
    def state(self) -> S:
        return self.states[self.position]

    @property
    def event(self) -> E:
        return self.events[self.position]

    @property
    def turn(self) -> int:
        """1-based number of the turn the position is in."""
        return sum(1 for start in self.turn_starts if start <= self.position)

    @property
    def turn_count(self) -> int:
        return len(self.turn_starts)

    def seek(self, position: int) -> int:
        self.position = max(0, min(self.last, position))
        return self.position

    def step(self, delta: int) -> int:
        return self.seek(self.position + delta)

    def next_turn(self) -> int:
        later = [start for start in self.turn_starts if start > self.position]
        return self.seek(later[0] if later else self.last)

    def previous_turn(self) -> int:
        earlier = [start for start in self.turn_starts if start < self.position]
        return self.seek(earlier[-1] if earlier else 0)

    def seek_turn(self, turn: int) -> int:
        turn = max(1, min(turn, self.turn_count))
        return self.seek(self.turn_starts[turn - 1])

    def is_undone(self, position: int | None = None) -> bool:
        return (self.position if position is None else position) in self.undone


class TakenUp(NamedTuple, Generic[E]):
    """A new game's record: its events and where each of its actions begins."""

    events: list[E]
    actions: list[Action]


def play_from_here(events: Sequence[E], position: int, actions: Sequence[Action]) -> TakenUp[E]:
    """A new game's events: those in force up to ``position``, cut where an action begins.

    A position inside an action (after a pawn moved, before its tile was taken)
    goes back to the start of that action, and one inside the setup goes on to
    its end, so the new game waits for a decision as any game does; a record
    that ends inside an action goes back to its start too. Undone events and
    undo markers are left out. ``actions`` are the record's (a save's markers).
    """
    cut = len(events)
    if position + 1 < len(events):
        earlier = [action.start for action in actions if action.start <= position + 1]
        # A position in the setup keeps all of it: the first decision is after it.
        cut = earlier[-1] if earlier else (actions[0].start if actions else cut)
    for action in actions:
        if action.start < cut < action.end:
            cut = action.start  # the record ends inside this action
    kept = list(events[:cut])
    whole = [action for action in actions if action.end <= cut]
    in_force = actions_in_force(kept, whole)
    return TakenUp(events_in_force(kept), in_force)


def take_up(
    game_type: GameType[Any, E, Any, Any, Any],
    events: Sequence[E],
    position: int,
    actions: Sequence[Action],
) -> TakenUp[E]:
    """``play_from_here`` as ``game_type`` does it (its own, if it has one)."""
    if game_type.records.play_from_here is not None:
        taken: TakenUp[E] = game_type.records.play_from_here(events, position, actions)
        return taken
    return play_from_here(events, position, actions)
