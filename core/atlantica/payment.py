"""Paying a level with diver cards (T2.3–T2.5): which cards fit which slot.

A level's slots each take one card of a colour they accept (T2.3); once a
turn, one slot may take two cards of any single colour instead (the pair,
T2.5), and by default only when single cards cannot pay the level. Payments
are worked out by colour, never by copy: two ``W`` cards are the same to
the rules, so a payment uses each colour's lowest copies first, and the move
generator lists each colour pattern once.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from core.atlantica.cards import DIVER_COLOURS, DiverColour, copy_number, diver_colour
from core.atlantica.i18n import _
from core.atlantica.locations import Location, Slot, slots
from core.atlantica.state import State
from core.kernel.errors import IllegalMove

Payment = tuple[tuple[str, ...], int | None]
"""The cards of a payment in slot order, and the slot the pair fills (``None``: no pair)."""


def fits(card: str, slot: Slot) -> bool:
    """T2.3: whether diver card ``card`` may fill ``slot``."""
    return bool(card) and card[0] in slot


def by_colour(hand: Sequence[str]) -> dict[DiverColour, list[str]]:
    """The diver cards of a hand by colour, each colour's lowest copy first."""
    found: dict[DiverColour, list[str]] = {colour: [] for colour in DIVER_COLOURS}
    for card in hand:
        if card and card[0] in found:
            found[diver_colour(card)].append(card)
    for cards in found.values():
        cards.sort(key=copy_number)
    return found


def _colour_patterns(
    counts: dict[DiverColour, int], level_slots: Sequence[Slot], pair: bool
) -> list[tuple[tuple[DiverColour, ...], int | None]]:
    """Each distinct way to pay by colour: one colour per slot (the pair's colour at its
    slot), and the pair's slot."""
    found: list[tuple[tuple[DiverColour, ...], int | None]] = []
    if not pair:
        for singles in itertools.product(*level_slots):
            if all(singles.count(c) <= counts[c] for c in set(singles)):
                found.append((singles, None))
        return found
    for pair_slot in range(len(level_slots)):
        choices = [
            DIVER_COLOURS if index == pair_slot else slot for index, slot in enumerate(level_slots)
        ]
        for colours in itertools.product(*choices):
            need: dict[DiverColour, int] = {c: colours.count(c) for c in set(colours)}
            need[colours[pair_slot]] += 1
            if all(n <= counts[c] for c, n in need.items()):
                found.append((colours, pair_slot))
    return found


def _cards_of(
    hand_colours: dict[DiverColour, list[str]],
    colours: Sequence[DiverColour],
    pair_slot: int | None,
) -> tuple[str, ...]:
    taken = dict.fromkeys(DIVER_COLOURS, 0)
    cards: list[str] = []
    for index, colour in enumerate(colours):
        for _copy in range(2 if index == pair_slot else 1):
            cards.append(hand_colours[colour][taken[colour]])
            taken[colour] += 1
    return tuple(cards)


def single_payment(hand: Sequence[str], level_slots: Sequence[Slot]) -> tuple[str, ...] | None:
    """T2.5: a payment of every slot by one card each, if the hand has one."""
    colours = by_colour(hand)
    counts = {colour: len(cards) for colour, cards in colours.items()}
    patterns = _colour_patterns(counts, level_slots, pair=False)
    return _cards_of(colours, patterns[0][0], None) if patterns else None


def pair_refusal(state: State, location: Location, level: int) -> IllegalMove | None:
    """Why a pair may not fill a slot of this level now (T2.5), or ``None``."""
    if state.pair_used:
        return IllegalMove("T2.5", _("only one pair per turn"))
    if state.options.joker_only_when_needed:
        hand = state.hands[state.current]
        if single_payment(hand, slots(location, level)) is not None:
            return IllegalMove("T2.5", _("you can pay this level without a pair"))
    return None


def payments(state: State, location: Location, level: int) -> list[Payment]:
    """Every distinct legal payment of the level from the hand of the seat to act,
    without a pair first, then with one when T2.5 allows it."""
    hand = state.hands[state.current]
    colours = by_colour(hand)
    counts = {colour: len(cards) for colour, cards in colours.items()}
    level_slots = slots(location, level)
    found: list[Payment] = [
        (_cards_of(colours, pattern, None), None)
        for pattern, _none in _colour_patterns(counts, level_slots, pair=False)
    ]
    if state.pair_used or (state.options.joker_only_when_needed and found):
        return found
    found += [
        (_cards_of(colours, pattern, pair_slot), pair_slot)
        for pattern, pair_slot in _colour_patterns(counts, level_slots, pair=True)
    ]
    return found


def payment_refusal(
    state: State, location: Location, level: int, cards: Sequence[str], pair_slot: int | None
) -> IllegalMove | None:
    """Why these cards cannot pay this level (T2.3, T2.5), or ``None``."""
    hand = list(state.hands[state.current])
    for card in cards:
        if card not in hand or not card:
            return IllegalMove("T2.3", _("you do not hold the diver card {card}").format(card=card))
        hand.remove(card)
    level_slots = slots(location, level)
    if pair_slot is not None and not 0 <= pair_slot < len(level_slots):
        return IllegalMove(
            "T2.5", _("the pair must fill one of the {count} slots").format(count=len(level_slots))
        )
    wanted = len(level_slots) + (1 if pair_slot is not None else 0)
    if len(cards) != wanted:
        return IllegalMove(
            "T2.3",
            _("this level takes exactly {wanted} diver cards, not {count}").format(
                wanted=wanted, count=len(cards)
            ),
        )
    position = 0
    for index, slot in enumerate(level_slots):
        if index == pair_slot:
            first, second = cards[position], cards[position + 1]
            if diver_colour(first) != diver_colour(second):
                return IllegalMove("T2.5", _("a pair is two cards of one colour"))
            position += 2
            continue
        card = cards[position]
        if not fits(card, slot):
            return IllegalMove(
                "T2.3",
                _("slot {number} takes {colours}, not {card}").format(
                    number=index + 1, colours="|".join(slot), card=card
                ),
            )
        position += 1
    if pair_slot is not None:
        return pair_refusal(state, location, level)
    return None
