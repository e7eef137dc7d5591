"""Filling in what a player cannot see, consistently with what he can (L4).

Every hidden card (``HIDDEN`` in the view's state) is dealt from the cards
of its sort the viewer cannot locate: the diver cards not in his hand, not
on the discard pile and not otherwise shown go into the other hands, the
hired cards and the draw pile; the treasures not on the display and not
held go into the box, the main pile and the hurricane pile (the hurricane
card, until someone draws it, somewhere in the hurricane pile); each ship
pile keeps its known top card over its own unseen cards; the research cards
nobody holds or shows make the research pile. Sizes stay as public. The
result is one full state the player's view cannot tell apart from the real one.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from msgspec.structs import replace

from core.atlantica.bots.common import ship_top
from core.atlantica.cards import (
    HURRICANE,
    SHIP_PILES,
    diver_ids,
    research_ids,
    ship_ids,
    treasure_ids,
)
from core.atlantica.state import State
from core.atlantica.view import HIDDEN, PlayerView


def _unseen(universe: list[str], shown: Iterable[str]) -> list[str]:
    seen = {card for card in shown if card}
    return [card for card in universe if card not in seen]


class _Dealer:
    """Deals a shuffled pool of cards into the hidden places of a group of card lists."""

    def __init__(self, pool: list[str], rng: random.Random) -> None:
        rng.shuffle(pool)
        self.pool = pool

    def fill(self, cards: tuple[str, ...]) -> tuple[str, ...]:
        if HIDDEN not in cards:
            return cards
        filled = []
        for card in cards:
            if card == HIDDEN:
                if not self.pool:
                    raise RuntimeError("the view's card counts do not add up to the game's cards")
                card = self.pool.pop()
            filled.append(card)
        return tuple(filled)

    def done(self) -> None:
        if self.pool:
            raise RuntimeError("the view's card counts do not add up to the game's cards")


def determinize(view: PlayerView, rng: random.Random) -> State:
    """One full state consistent with ``view``, the unseen cards dealt at random."""
    state = view.state
    data = state.data

    hands, hired = state.hands, state.hired
    divers = _Dealer(
        _unseen(
            list(diver_ids()),
            [
                *(card for hand in hands for card in hand),
                *(card for cards in hired for card in cards),
                *state.discard,
                *state.divers,
            ],
        ),
        rng,
    )
    hands = tuple(divers.fill(hand) for hand in hands)
    hired = tuple(divers.fill(cards) for cards in hired)
    draw = divers.fill(state.divers)
    divers.done()

    shown_treasures = [
        *state.treasure_display,
        *(card for cards in state.treasures for card in cards),
        *(card for cards in state.released for card in cards),
        *state.box,
        *state.main_pile,
        *state.hurricane_pile,
    ]
    pool = _unseen(list(treasure_ids(data)), shown_treasures)
    hurricane_pile = state.hurricane_pile
    if state.hurricane_holder is None and HURRICANE not in hurricane_pile:
        # The hurricane card is somewhere in its own pile (S4.1), nowhere else.
        hidden = [index for index, card in enumerate(hurricane_pile) if card == HIDDEN]
        if hidden:
            where = rng.choice(hidden)
            hurricane_pile = (*hurricane_pile[:where], HURRICANE, *hurricane_pile[where + 1 :])
    treasures = _Dealer(pool, rng)
    box = treasures.fill(state.box)
    main_pile = treasures.fill(state.main_pile)
    hurricane_pile = treasures.fill(hurricane_pile)
    treasures.done()

    ship_piles = []
    for index, cards in enumerate(state.ship_piles):
        if cards:
            top = ship_top(view, index)
            cards = (top, *cards[1:])
        held = [card for ships in state.ships for card in ships]
        dealer = _Dealer(_unseen(list(ship_ids(data, SHIP_PILES[index])), [*held, *cards]), rng)
        ship_piles.append(dealer.fill(cards))
        dealer.done()

    shown_research = [
        *state.research_display,
        *(card for cards in state.research for card in cards),
        *state.research_pile,
    ]
    research = _Dealer(_unseen(list(research_ids(data)), shown_research), rng)
    research_pile = research.fill(state.research_pile)
    research.done()

    return replace(
        state,
        hands=hands,
        hired=hired,
        divers=draw,
        box=box,
        main_pile=main_pile,
        hurricane_pile=hurricane_pile,
        ship_piles=tuple(ship_piles),
        research_pile=research_pile,
        secret=f"{rng.getrandbits(128):032x}",
    )
