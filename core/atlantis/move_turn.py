"""A whole move turn applied at once: the state after its events, in one step.

Most commands are moves, and a move's events always come in the same order:
``PawnMoved``, then ``CrossingPaid`` if the crossing cost anything, then
``TileTaken`` if a tile was left to take, the turn's ``CardsDrawn`` and
``TurnEnded`` (``decide._move_events``). Folding them one by one rebuilds the
player's hand three times and the state five times; ``apply`` rebuilds each
touched field once and the state once. It gives exactly the state that
``evolve`` gives event by event (the tests compare them); any other run of
events (a reshuffle, the last pawn home, a purchase, …) is left to ``evolve``.
"""

from __future__ import annotations

from collections.abc import Sequence

from msgspec.structs import replace

from core.atlantis.events import (
    AnyEvent,
    CardsDrawn,
    CrossingPaid,
    PawnMoved,
    TileTaken,
    TurnEnded,
)
from core.atlantis.state import EMPTY_HAND, HIDDEN_TILE, State

Parts = tuple[PawnMoved, CrossingPaid | None, TileTaken | None, CardsDrawn, TurnEnded]
"""A plain move turn's events by kind: the crossing paid and the tile taken may be missing."""


def _parts(events: Sequence[AnyEvent]) -> Parts | None:
    """The events of a plain move turn, by kind; None for any other run of events."""
    count = len(events)
    if count < 3 or count > 5:
        return None
    moved, drawn, ended = events[0], events[-2], events[-1]
    if not (
        isinstance(moved, PawnMoved)
        and isinstance(drawn, CardsDrawn)
        and isinstance(ended, TurnEnded)
    ):
        return None
    paid: CrossingPaid | None = None
    taken: TileTaken | None = None
    if count > 3:
        second = events[1]
        if isinstance(second, CrossingPaid):
            paid = second
            if count == 5:
                third = events[2]
                if not isinstance(third, TileTaken):
                    return None
                taken = third
        elif isinstance(second, TileTaken) and count == 4:
            taken = second
        else:
            return None
    player = moved.player
    if (
        drawn.player != player
        or drawn.reason != "turn"
        or ended.player != player
        or (paid is not None and paid.player != player)
        or (taken is not None and taken.player != player)
    ):
        return None
    return moved, paid, taken, drawn, ended


def apply(state: State, events: Sequence[AnyEvent]) -> tuple[State, TileTaken | None] | None:
    """The state after a plain move turn's ``events`` and the tile it took (the one
    event that changes the layout, for ``derived.carry``); None if they are not one.

    Tuples are rebuilt through lists, the cheapest way to a tuple with one entry changed.
    """
    parts = _parts(events)
    if parts is None:
        return None
    moved, paid, taken, drawn, ended = parts
    player = moved.player
    hand = list(state.hands[player])
    discard = list(state.discard)
    for card in moved.cards:  # T8: the cards played go to the discard pile
        hand[card] -= 1
        discard[card] += 1
    changes: dict[str, object] = {}
    collected = state.collected[player]
    if paid is not None:  # T5.5
        if paid.tiles:
            collected = tuple([tile for tile in collected if tile not in paid.tiles])
            changes["box_tiles"] = state.box_tiles + paid.tiles
        if state.options.paid_cards_to == "box":
            box = list(state.box_cards)
            for card in paid.cards:
                hand[card] -= 1
                box[card] += 1
            changes["box_cards"] = tuple(box)
        else:
            for card in paid.cards:
                hand[card] -= 1
                discard[card] += 1
    if taken is not None:  # T6, T7
        space = taken.space
        stack = state.spaces[space][:-1]
        if taken.uncovered is not None and stack and stack[-1] == HIDDEN_TILE:
            # A view's fold learns the tile the take laid bare; a full state knows it.
            stack = (*stack[:-1], taken.uncovered)
        spaces = list(state.spaces)
        spaces[space] = stack
        changes["spaces"] = tuple(spaces)
        collected = (*collected, taken.tile)
    if collected is not state.collected[player]:
        everyone = list(state.collected)
        everyone[player] = collected
        changes["collected"] = tuple(everyone)
    for card in drawn.cards:  # T8
        hand[card] += 1
    hands = list(state.hands)
    hands[player] = tuple(hand)
    pawns = list(state.pawns)
    positions = list(pawns[player])
    positions[moved.pawn] = moved.landings[-1]
    pawns[player] = tuple(positions)
    after = replace(
        state,
        pawns=tuple(pawns),
        hands=tuple(hands),
        discard=tuple(discard),
        deck=state.deck[drawn.count :],
        stuck_streak=0,
        current=ended.next_player,
        turn=state.turn + 1,
        purchases=0,
        bought=EMPTY_HAND,
        bridged_this_turn=False,
        **changes,
    )
    return after, taken
