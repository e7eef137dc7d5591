"""Filling in what a player cannot see, consistently with what he can (L3).

The unseen cards (``common.unseen_cards``) are shuffled per colour and dealt
into the other hands, each receiving as many cards of each colour as its
public backs show, and into the piles: a face-down pile wholly, a face-up pile
under its known top card, each to its public size. The result is one full
state the player's view cannot tell apart from the real one.
"""

from __future__ import annotations

import random

from msgspec.structs import replace

from core.arkantis.bots.common import unseen_cards
from core.arkantis.state import PILES, State
from core.arkantis.view import PlayerView


def determinize(view: PlayerView, rng: random.Random) -> State:
    """One full state consistent with ``view``, the unseen cards dealt at random."""
    state = view.state
    unseen = unseen_cards(view)
    for cards in unseen.values():
        rng.shuffle(cards)
    hands = list(state.hands)
    if not state.options.open_hands:
        for player in range(state.player_count):
            if player != view.seat:
                orange, emerald = view.hand_colours[player]
                hands[player] = (
                    *_take(unseen["orange"], orange),
                    *_take(unseen["emerald"], emerald),
                )
    piles = []
    for index, (colour, side) in enumerate(PILES):
        size = view.pile_sizes[index]
        if side == "up" and size:
            top = view.top_up[0 if colour == "orange" else 1]
            piles.append((top, *_take(unseen[colour], size - 1)))
        else:
            piles.append(_take(unseen[colour], size))
    if unseen["orange"] or unseen["emerald"]:
        raise RuntimeError("the view's card counts do not add up to the game's cards")
    return replace(state, hands=tuple(hands), piles=tuple(piles))


def _take(cards: list[str], count: int) -> tuple[str, ...]:
    if count > len(cards):
        raise RuntimeError("the view's card counts do not add up to the game's cards")
    taken = tuple(cards[:count])
    del cards[:count]
    return taken
