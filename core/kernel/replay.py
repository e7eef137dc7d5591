"""Stepping through a recorded game, and taking it up again from any point.

``Replay`` folds the events once, keeping the state after every event, so
seeking to any event is a list lookup. Events taken back by an undo are part
of the record: a replay walks through them too, and knows which they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from msgspec.structs import replace

from core.atlantis.check import check_events
from core.atlantis.events import (
    AnyEvent,
    BridgePlaced,
    CrossingPaid,
    GameStarted,
    PawnMoved,
    PileShuffled,
    TileTaken,
    TurnEnded,
)
from core.atlantis.evolve import events_in_force, fold, states_after, undone_positions
from core.atlantis.state import State
from core.kernel.chance import new_secret, stream


@dataclass(frozen=True)
class Changes:
    """What one event changed on the board, for a replay to highlight."""

    route: tuple[int, ...] = ()
    taken: int | None = None
    bridge: int | None = None

    @property
    def spaces(self) -> frozenset[int]:
        touched = set(self.route)
        for space in (self.taken, self.bridge):
            if space is not None:
                touched.add(space)
        return frozenset(touched)


def touched_spaces(events: Sequence[AnyEvent]) -> frozenset[int]:
    """Spaces the events touched: every landing, tiles taken, bridges placed."""
    spaces: set[int] = set()
    for event in events:
        if isinstance(event, PawnMoved):
            spaces.update(event.landings)
        elif isinstance(event, TileTaken | BridgePlaced):
            spaces.add(event.space)
    return frozenset(spaces)


def changes_of(events: Sequence[AnyEvent], position: int) -> Changes:
    """The board changes of the action the event at ``position`` belongs to."""
    event = events[position]
    if isinstance(event, PawnMoved):
        return Changes(route=event.landings)
    if isinstance(event, TileTaken):
        # Show the whole move: look back for the pawn's route in the same action.
        route: tuple[int, ...] = ()
        for earlier in range(position - 1, max(position - 3, 0) - 1, -1):
            moved = events[earlier]
            if isinstance(moved, PawnMoved):
                route = moved.landings
                break
        return Changes(route=route, taken=event.space)
    before = events[position - 1] if position else None
    if isinstance(event, CrossingPaid) and isinstance(before, PawnMoved):
        return Changes(route=before.landings)
    if isinstance(event, BridgePlaced):
        return Changes(bridge=event.space)
    return Changes()


@dataclass
class Replay:
    """A recorded game and a position in it: the index of the last event applied."""

    events: list[AnyEvent]
    states: list[State] = field(init=False)
    undone: set[int] = field(init=False)
    turn_starts: list[int] = field(init=False)
    position: int = 0

    def __post_init__(self) -> None:
        self.states = states_after(self.events)
        self.undone = undone_positions(self.events)
        self.turn_starts = [0] + [
            index for index, event in enumerate(self.events) if isinstance(event, TurnEnded)
        ]

    @property
    def last(self) -> int:
        return len(self.events) - 1

    @property
    def state(self) -> State:
        return self.states[self.position]

    @property
    def event(self) -> AnyEvent:
        return self.events[self.position]

    @property
    def turn(self) -> int:
        """1-based number of the turn the position is in (turns end with turn-ended)."""
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

    def changes(self) -> Changes:
        return changes_of(self.events, self.position)

    def is_undone(self, position: int | None = None) -> bool:
        return (self.position if position is None else position) in self.undone


def play_from_here(events: Sequence[AnyEvent], position: int) -> list[AnyEvent]:
    """A new game's events: those in force up to ``position``, cut where an action begins.

    A position inside an action (after a pawn moved, before its tile was
    taken) goes back to the start of that action, so the new game waits for a
    decision as any game does. Undone events and undo markers are left out.

    A replay shows the draws to come, so a game with a secret goes on with a
    secret of its own and its draw pile shuffled by it: nothing the replay
    showed of the pile is to come. (Games without a secret are seeded tests
    and old saves, which go on as they were.)
    """
    if position + 1 < len(events):
        starts = check_events(events).command_starts
        earlier = [start for start in starts if start <= position + 1]
        events = events[: earlier[-1] if earlier else position + 1]
    kept = events_in_force(events)
    started = kept[0] if kept else None
    if isinstance(started, GameStarted) and started.secret:
        secret = new_secret()
        kept[0] = replace(started, secret=secret)
        deck = list(fold(kept).deck)
        if deck:
            stream(secret, "pile/from-replay").shuffle(deck)
            kept.append(PileShuffled(tuple(deck)))
    return kept
