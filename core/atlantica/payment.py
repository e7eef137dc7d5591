"""Paying a level with diver cards (T2.3–T2.5): which cards fit which slot.

A level's slots each take one card of a colour they accept (T2.3); once a
turn, one slot may take two cards of any single colour instead (the pair,
T2.5), and by default only when single cards cannot pay the level. Payments
are worked out by colour, never by copy: two ``W`` cards are the same to
the rules, so a payment uses each colour's lowest copies first, and the move
generator lists each colour pattern once.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.atlantica.cards import DIVER_COLOURS, DiverColour, diver_colour
from core.atlantica.i18n import _
from core.atlantica.locations import Location, Slot, slots
from core.atlantica.patterns import hand_by_colour, held, pattern_cards, payable
from core.atlantica.state import State
from core.kernel.errors import IllegalMove

Payment = tuple[tuple[str, ...], int | None]
"""The cards of a payment in slot order, and the slot the pair fills (``None``: no pair)."""


def fits(card: str, slot: Slot) -> bool:
    """T2.3: whether diver card ``card`` may fill ``slot``."""
    return bool(card) and card[0] in slot


def by_colour(hand: Sequence[str]) -> dict[DiverColour, list[str]]:
    """The diver cards of a hand by colour, each colour's lowest copy first."""
    return dict(zip(DIVER_COLOURS, map(list, hand_by_colour(hand)), strict=True))


def single_payment(hand: Sequence[str], level_slots: Sequence[Slot]) -> tuple[str, ...] | None:
    """T2.5: a payment of every slot by one card each, if the hand has one."""
    grouped = hand_by_colour(hand)
    found = payable(held(tuple(map(len, grouped))), tuple(level_slots), False, True)
    return pattern_cards(grouped, found[0]) if found else None


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
    grouped = hand_by_colour(state.hands[state.current])
    patterns = payable(
        held(tuple(map(len, grouped))),
        slots(location, level),
        not state.pair_used,
        state.options.joker_only_when_needed,
    )
    return [(pattern_cards(grouped, pattern), pattern.pair_slot) for pattern in patterns]


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
