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
"""

from __future__ import annotations

import random
from collections import Counter

from core.atlantica.bots.common import card_sort, scoring_choice, takes
from core.atlantica.bots.valuation import (
    TYPE_INDEX,
    Holdings,
    Ladders,
    hand_value,
    holdings_of,
    hope,
    ladders_for,
    worth,
)
from core.atlantica.cards import crates, treasure_type
from core.atlantica.commands import AnyCommand, EndTurn, Pass, PerformAction
from core.atlantica.legal_commands import command_table
from core.atlantica.locations import PASS_DRAW
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


_AFTER: dict[tuple[object, ...], float] = {}
MEMO_SIZE = 200_000


def _worth_taking(
    ladders: Ladders, held: Holdings, future: float, key: tuple[object, ...], taken: tuple[str, ...]
) -> float:
    """``worth`` of ``held`` with ``taken`` (memoised: a playout meets the same holdings
    and displays again and again, in every world a search samples)."""
    found = _AFTER.get((key, taken))
    if found is None:
        if len(_AFTER) > MEMO_SIZE:
            _AFTER.clear()
        found = _AFTER[key, taken] = worth(ladders, _with(held, taken), future, with_hand=False)[1]
    return found


def rank(view: PlayerView) -> Ranked:
    """Every legal command with its value for the seat, best first (the greedy judgement).

    Of the actions that take the same cards at the same location and level,
    only the payment leaving the best hand is listed.
    """
    state, seat = view.state, view.seat
    ladders = ladders_for(state.data)
    future = hope(state, seat)
    held = holdings_of(state, seat)
    _score, base = worth(ladders, held, future, with_hand=False)
    key = (id(ladders), *held.counts, held.research.key, held.ships, held.load, future)
    hand = state.hands[seat]
    hand_colours = Counter(card[0] for card in hand if card)
    hired = len(state.hired[seat])
    base_hand = hand_value(len(hand) + hired, len(hand_colours))
    # What each action takes is judged once, and so is each payment: an action is
    # listed with every payment the hand allows, and a payment with every choice.
    judged: dict[tuple[object, ...], tuple[float, int]] = {}
    paying: dict[tuple[tuple[str, ...], int], float] = {}
    best: dict[tuple[object, ...], tuple[float, AnyCommand]] = {}
    ranked: Ranked = []
    for command in command_table(state):
        if type(command) is PerformAction:
            action = (command.location, command.level, command.picks)
            found = judged.get(action)
            if found is None:
                taken, hires = takes(view, command)
                after = _worth_taking(ladders, held, future, key, taken)
                found = judged[action] = (after - base - SLOT_COST * command.level, hires)
            gain, hires = found
            payment = (command.cards, hires)
            kept_hand = paying.get(payment)
            if kept_hand is None:
                colours = Counter(card[0] for card in command.cards)
                left = sum(1 for colour, count in hand_colours.items() if count > colours[colour])
                cards = len(hand) - len(command.cards) + hired + hires
                kept_hand = paying[payment] = future * (hand_value(cards, left) - base_hand)
            value = gain + kept_hand
            kept = best.get(action)
            if kept is None or value > kept[0]:
                best[action] = (value, command)
        elif isinstance(command, Pass):
            cards = len(hand) + hired + PASS_DRAW
            ranked.append((future * (hand_value(cards, len(hand_colours)) - base_hand), command))
        elif isinstance(command, EndTurn):
            ranked.append((END_TURN_VALUE, command))
        else:
            ranked.append((0.0, command))
    ranked.extend(best.values())
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
