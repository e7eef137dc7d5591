"""Filling in what a player cannot see, consistently with what he has seen.

The unseen cards are all 105 less his own hand, the discard pile and the
cards out of the game; they are dealt at random into the other hands (whose
sizes are public) and the draw pile (whose size is public). Tiles under the
top of a stack are dealt from the tiles nobody has seen, and the reshuffle
seed is drawn afresh too. The result is one full state the player's
information cannot tell apart from the real one.
"""

from __future__ import annotations

import random

from msgspec.structs import replace

from core.atlantis.hands import hand_of
from core.atlantis.items import ITEM_COUNT
from core.atlantis.state import CARDS_PER_ITEM, HIDDEN_TILE, State
from core.atlantis.view import PlayerView


def unseen_cards(view: PlayerView) -> list[int]:
    """The cards the viewer cannot locate: other hands and the draw pile together."""
    state = view.state
    known = [
        state.discard[item]
        + state.box_cards[item]
        + sum(
            state.hands[player][item]
            for player in range(state.player_count)
            if player == view.seat or state.options.open_hands
        )
        for item in range(ITEM_COUNT)
    ]
    return [item for item in range(ITEM_COUNT) for _ in range(CARDS_PER_ITEM - known[item])]


def determinize(view: PlayerView, rng: random.Random) -> State:
    """One full state consistent with ``view``, sampled uniformly over the unseen cards."""
    state = view.state
    cards = unseen_cards(view)
    rng.shuffle(cards)
    hands = list(state.hands)
    if not state.options.open_hands:
        for player in range(state.player_count):
            if player != view.seat:
                size = view.hand_sizes[player]
                hands[player] = hand_of(cards[:size])
                del cards[:size]
    if len(cards) != view.deck_size:
        raise RuntimeError("the view's card counts do not add up to 105")
    return replace(
        state,
        hands=tuple(hands),
        deck=tuple(cards),
        seed=rng.getrandbits(32),
        spaces=_fill_hidden_tiles(state, rng),
    )


def _fill_hidden_tiles(state: State, rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """Deal the tiles nobody has seen into the hidden places under the stacks."""
    seen = {tile for stack in state.spaces for tile in stack if tile != HIDDEN_TILE}
    seen.update(tile for tiles in state.collected for tile in tiles)
    seen.update(state.box_tiles)
    unseen = [tile for tile in range(len(state.tiles)) if tile not in seen]
    rng.shuffle(unseen)
    spaces = []
    for stack in state.spaces:
        if HIDDEN_TILE in stack:
            stack = tuple(unseen.pop() if tile == HIDDEN_TILE else tile for tile in stack)
        spaces.append(stack)
    return tuple(spaces)
