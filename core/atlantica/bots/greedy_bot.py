"""The ``greedy`` bot: the command with the best immediate value, one at a time.

Each legal action is judged by what its cards add to the seat's holdings
(``valuation.worth``: the score as if the game ended now, plus what spare
crates, treasures beyond the crates, research not yet paying and the diver
cards in hand may still bring, less as the game runs out), less the diver
cards it spends and the slots it uses (a slot used now is one the turn no
longer has). Ending the turn is worth nothing; passing is worth the five
cards it draws. Actions that take the same cards are judged once, and of
their payments the one that leaves the best hand is kept (a pair only when
it costs less). Ties go to the generator, so a seeded game is reproducible.

The expert's playouts are greedy bots, so the judgement is made fast without
changing it: it reads the move generator's levels (each payment with each
choice of cards) instead of every command built, weighs each payment and each
choice once, and remembers what taking cards adds to given holdings.
"""

from __future__ import annotations

import random
from collections import Counter

from core.atlantica.bots.common import HIRE_DRAW, card_sort, scoring_choice, ship_top, takes_at
from core.atlantica.bots.valuation import (
    TYPE_INDEX,
    Holdings,
    hand_value,
    holdings_of,
    hope,
    ladders_for,
    worth,
)
from core.atlantica.cards import SHIP_PILES, crates, treasure_type
from core.atlantica.commands import AnyCommand, EndTurn, Pass, PerformAction
from core.atlantica.legal_commands import Choices, action_levels, command_table
from core.atlantica.locations import PASS_DRAW
from core.atlantica.patterns import Counts, Pattern, pattern_cards
from core.atlantica.view import PlayerView

SLOT_COST = 0.35
"""What a slot used is thought to cost the rest of the turn, in points."""
END_TURN_VALUE = 0.0

Ranked = list[tuple[float, AnyCommand]]


def _with(held: Holdings, cards: tuple[str, ...]) -> Holdings:
    """``held`` with ``cards`` taken (treasures, ships, research)."""
    more = Holdings((), (), (), held.hand, held.colours)
    more.counts = list(held.counts)
    more.ships, more.load, more.research = held.ships, held.load, held.research
    research: list[str] = []
    for card in cards:
        sort = card_sort(card)
        if sort == "research":
            research.append(card)
        elif sort == "ship":
            more.ships += 1
            more.load += crates(card)
        else:
            more.counts[TYPE_INDEX[treasure_type(card)]] += 1
    if research:
        more.research = held.research.plus(research)
    return more


class _Known:
    """What one seat's holdings are worth with cards taken, remembered from one ``rank``
    to the next (a playout meets the same holdings and boards again and again, in every
    world a search samples): by the cards taken, and per level and board, the worth
    after each of its choices of cards."""

    __slots__ = ("by_cards", "by_level")

    def __init__(self) -> None:
        self.by_cards: dict[tuple[str, ...], float] = {}
        self.by_level: dict[tuple[object, ...], tuple[Choices, list[float]]] = {}


_KNOWN: dict[tuple[object, ...], _Known] = {}
MEMO_SIZE = 2_000
"""Holdings remembered at most (then forgotten all at once): the positions met again are
those of the same search, so a few thousand keep them, in a few tens of megabytes."""


def _known(key: tuple[object, ...]) -> _Known:
    """What is remembered of the holdings ``key`` (``worth``'s key with the hope)."""
    found = _KNOWN.get(key)
    if found is None:
        if len(_KNOWN) > MEMO_SIZE:
            _KNOWN.clear()
        found = _KNOWN[key] = _Known()
    return found


def rank(view: PlayerView) -> Ranked:
    """Every legal command with its value for the seat, best first (the greedy judgement).

    Of the actions that take the same cards at the same location and level,
    only the payment leaving the best hand is listed.
    """
    state, seat = view.state, view.seat
    if state.phase != "turn":
        return [(0.0, command) for command in command_table(state)]
    ladders = ladders_for(state.data)
    future = hope(state, seat)
    held = holdings_of(state, seat)
    _score, base = worth(ladders, held, future, with_hand=False)
    key = (id(ladders), *held.counts, held.research.key, held.ships, held.load, future)
    known = _known(key)
    worths = known.by_cards
    board = (
        state.treasure_display,
        state.research_display,
        tuple(ship_top(view, pile) for pile in range(len(SHIP_PILES))),
    )
    hand = state.hands[seat]
    hand_colours = Counter(card[0] for card in hand if card)
    hired = len(state.hired[seat])
    base_hand = hand_value(len(hand) + hired, len(hand_colours))
    ranked: Ranked = []
    # T2.7, as ``command_table`` lists it last: passing before any action, else ending.
    if state.acted:
        ranked.append((END_TURN_VALUE, EndTurn(seat)))
    else:
        drawn = len(hand) + hired + PASS_DRAW
        ranked.append((future * (hand_value(drawn, len(hand_colours)) - base_hand), Pass(seat)))
    # The move generator lists each level's actions as every payment with every choice
    # of cards: each payment and each choice is judged once, and of the payments of a
    # choice the first that leaves the best hand is kept (as weighing them in turn does).
    # Its own levels (``action_levels``) are read, so that exactly its actions are listed.
    paying: dict[tuple[Counts, int], float] = {}
    counts: Counts = ()
    for level in action_levels(state):
        location, number, grouped = level.location, level.level, level.grouped
        hires = HIRE_DRAW.get(number, 0) if location == "bistro" else 0
        if not counts:
            counts = tuple(map(len, grouped))
        choices = level.choices
        if not choices:
            continue
        # A payment leaves the hand its cards and the colours it does not use up.
        payments: list[tuple[float, Pattern]] = []
        for pattern in level.patterns:
            need = pattern.need
            kept_hand = paying.get((need, hires))
            if kept_hand is None:
                left = sum(1 for have, paid in zip(counts, need, strict=True) if have > paid)
                held_cards = len(hand) - sum(need) + hired + hires
                kept_hand = future * (hand_value(held_cards, left) - base_hand)
                paying[need, hires] = kept_hand
            payments.append((kept_hand, pattern))
        remembered = known.by_level.get((location, number, board))
        if remembered is not None and (remembered[0] is choices or remembered[0] == choices):
            afters = remembered[1]
        else:
            afters = []
            for picks in choices:
                taken = takes_at(view, location, number, picks)[0]
                after = worths.get(taken)
                if after is None:
                    after = worths[taken] = worth(ladders, _with(held, taken), future, False)[1]
                afters.append(after)
            known.by_level[location, number, board] = (choices, afters)
        # What a payment leaves does not depend on the cards chosen: the same payment,
        # the first that leaves the best hand, pays for every choice of this level.
        kept_hand, pattern = max(payments, key=lambda payment: payment[0])
        cards = pattern_cards(grouped, pattern)
        slot_cost = SLOT_COST * number
        for picks, after in zip(choices, afters, strict=True):
            value = after - base - slot_cost + kept_hand
            command = PerformAction(seat, location, number, cards, pattern.pair_slot, picks)
            ranked.append((value, command))
    # Stable: equal values keep the generator's order, with passing or ending first.
    ranked.sort(key=lambda item: item[0], reverse=True)
    return ranked


class GreedyBot:
    name = "greedy"

    def decide(self, view: PlayerView, rng: random.Random) -> AnyCommand:
        state = view.state
        if state.phase == "scoring":
            return scoring_choice(state, view.seat)
        ranked = rank(view)
        top = ranked[0][0]
        return rng.choice([command for value, command in ranked if value >= top - 1e-9])


__all__ = ["GreedyBot", "rank"]
