"""Replaying an Atlantis game: the kernel's ``Replay`` with Atlantis's turns and board.

A turn ends with ``turn-ended``; what an event changed on the board (the
route a pawn took, the tile taken, the bridge placed) is shown highlighted.
Playing on from a replay gives the new game chance of its own: nothing the
replay showed of the pile is to come.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from msgspec.structs import replace

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
from core.atlantis.evolve import fold, states_after
from core.atlantis.game_type import ATLANTIS
from core.atlantis.state import State
from core.kernel import replay
from core.kernel.chance import new_secret, stream
from core.kernel.events import Action
from core.kernel.replay import TakenUp


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


class Replay(replay.Replay[State, AnyEvent]):
    """A recorded Atlantis game and a position in it."""

    def __init__(
        self,
        events: Sequence[AnyEvent],
        actions: Sequence[Action] | None = None,
        position: int = 0,
    ) -> None:
        super().__init__(ATLANTIS, events, actions, position)

    def _states_after(self) -> list[State]:
        return states_after(self.events)

    def _turn_starts(self) -> list[int]:
        """Turns end with turn-ended (undone ones too: the replay walks through them)."""
        return [0] + [
            index for index, event in enumerate(self.events) if isinstance(event, TurnEnded)
        ]

    def changes(self) -> Changes:
        return changes_of(self.events, self.position)


def play_from_here(
    events: Sequence[AnyEvent], position: int, actions: Sequence[Action]
) -> TakenUp[AnyEvent]:
    """A new game from a replay's position (``core.kernel.replay.play_from_here``).

    A replay shows the draws to come, so a game with a secret goes on with a
    secret of its own and its draw pile shuffled by it: nothing the replay
    showed of the pile is to come. (Games without a secret are seeded tests
    and old saves, which go on as they were.) The shuffle belongs to no action.
    """
    kept, kept_actions = replay.play_from_here(events, position, actions)
    started = kept[0] if kept else None
    if isinstance(started, GameStarted) and started.secret:
        secret = new_secret()
        kept[0] = replace(started, secret=secret)
        state = fold(kept)
        deck = list(state.deck)
        if deck and not state.is_over:  # nothing follows the end of a game
            stream(secret, "pile/from-replay").shuffle(deck)
            kept.append(PileShuffled(tuple(deck)))
    return TakenUp(kept, kept_actions)
