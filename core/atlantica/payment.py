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
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from operator import ge
from typing import NamedTuple

from core.atlantica.cards import (
    DIVER_COLOURS,
    DIVERS_PER_COLOUR,
    DiverColour,
    copy_number,
    diver_colour,
)
from core.atlantica.i18n import _
from core.atlantica.locations import LOCATIONS, SLOTS, Location, Slot, slots
from core.atlantica.state import State
from core.kernel.errors import IllegalMove

Payment = tuple[tuple[str, ...], int | None]
"""The cards of a payment in slot order, and the slot the pair fills (``None``: no pair)."""


def fits(card: str, slot: Slot) -> bool:
    """T2.3: whether diver card ``card`` may fill ``slot``."""
    return bool(card) and card[0] in slot


Grouped = tuple[tuple[str, ...], ...]
"""A hand's diver cards per colour of ``DIVER_COLOURS``, each colour's lowest copy first."""

_COLOUR_INDEX: dict[str, int] = {colour: index for index, colour in enumerate(DIVER_COLOURS)}
_RANKS: dict[str, int] = {
    f"{colour}{copy}": index * (DIVERS_PER_COLOUR + 1) + copy
    for index, colour in enumerate(DIVER_COLOURS)
    for copy in range(1, DIVERS_PER_COLOUR + 1)
}
"""Each diver card's place in a hand sorted by colour, then copy, worked out once."""


def _sort_key(card: str) -> tuple[int, int]:
    """A card's colour index and copy, read from its id (any card of a known colour)."""
    return _COLOUR_INDEX[diver_colour(card)], copy_number(card)


def hand_by_colour(hand: Sequence[str]) -> Grouped:
    """``by_colour`` as a tuple: one sort of the hand (a stable sort by colour and copy
    keeps equal copies in hand order, as a sort of each colour's cards would). A hand
    of the 78 cards S1.1 deals sorts by their ranks; any other card (a blank, an id no
    data set deals) sends the hand the slow way, cards of no colour left out."""
    try:
        ordered = sorted(hand, key=_RANKS.__getitem__)
    except KeyError:
        known = [card for card in hand if card and card[0] in _COLOUR_INDEX]
        ordered = sorted(known, key=_sort_key)
    groups: list[list[str]] = [[] for _colour in DIVER_COLOURS]
    for card in ordered:
        groups[_COLOUR_INDEX[card[0]]].append(card)
    return tuple(map(tuple, groups))


def by_colour(hand: Sequence[str]) -> dict[DiverColour, list[str]]:
    """The diver cards of a hand by colour, each colour's lowest copy first."""
    return dict(zip(DIVER_COLOURS, map(list, hand_by_colour(hand)), strict=True))


Counts = tuple[int, ...]
"""How many cards of each colour of ``DIVER_COLOURS`` a hand holds (or a payment takes)."""


class Pattern(NamedTuple):
    """One way to pay a level by colour: the colour of each slot (the pair's at its
    slot), the pair's slot, the cards of each colour it takes (``need``), and which
    copy of which colour goes where in the payment (``takes``: colour index, rank
    among that colour's cards, lowest first)."""

    colours: tuple[DiverColour, ...]
    pair_slot: int | None
    need: Counts
    takes: tuple[tuple[int, int], ...]


def _pattern(colours: tuple[DiverColour, ...], pair_slot: int | None) -> Pattern:
    taken = [0] * len(DIVER_COLOURS)
    takes: list[tuple[int, int]] = []
    for index, colour in enumerate(colours):
        colour_index = _COLOUR_INDEX[colour]
        for _copy in range(2 if index == pair_slot else 1):
            takes.append((colour_index, taken[colour_index]))
            taken[colour_index] += 1
    return Pattern(colours, pair_slot, tuple(taken), tuple(takes))


@cache
def _level_patterns(level_slots: tuple[Slot, ...]) -> tuple[tuple[Pattern, ...], ...]:
    """Every colour pattern of a level, whatever the hand: those without a pair, then
    those with one at slot 1, 2 … (each in the order of its slots' colours). A level's
    slots are few and fixed (``locations.SLOTS``), so this is worked out once each."""
    singles = tuple(_pattern(colours, None) for colours in itertools.product(*level_slots))
    pairs = tuple(
        _pattern(colours, pair_slot)
        for pair_slot in range(len(level_slots))
        for colours in itertools.product(
            *(
                DIVER_COLOURS if index == pair_slot else slot
                for index, slot in enumerate(level_slots)
            )
        )
    )
    return singles, pairs


def _affordable(patterns: Iterable[Pattern], counts: Counts) -> tuple[Pattern, ...]:
    return tuple(pattern for pattern in patterns if all(map(ge, counts, pattern.need)))


PATTERN_CACHE_SIZE = 4096
"""Hands by colour counts whose patterns are kept (a game meets a few hundred)."""


@lru_cache(maxsize=PATTERN_CACHE_SIZE)
def _payable(
    counts: Counts, level_slots: tuple[Slot, ...], pair_allowed: bool, only_when_needed: bool
) -> tuple[Pattern, ...]:
    """The patterns a hand with these colour counts can pay (T2.3, T2.5): without a
    pair first, then with one when a pair is allowed this turn and, with
    ``joker_only_when_needed``, no pattern without a pair fits. Everything a payment
    depends on is in the key, so equal hands share one answer."""
    singles, pairs = _level_patterns(level_slots)
    found = _affordable(singles, counts)
    if not pair_allowed or (only_when_needed and found):
        return found
    return found + _affordable(pairs, counts)


def pattern_cards(grouped: Grouped, pattern: Pattern) -> tuple[str, ...]:
    """The cards of a pattern: each colour's lowest copies, in slot order."""
    return tuple([grouped[colour][rank] for colour, rank in pattern.takes])


PayableLevel = tuple[Location, int, tuple[Pattern, ...]]
"""A location, one of its levels, and the colour patterns a hand can pay it with."""


@lru_cache(maxsize=PATTERN_CACHE_SIZE)
def level_patterns(
    counts: Counts, pair_allowed: bool, only_when_needed: bool
) -> tuple[PayableLevel, ...]:
    """``_payable`` of every location and level at once, in board order, leaving out the
    levels the hand cannot pay: the move generator's one look-up a decision. Shared:
    never change an answer."""
    found = (
        (location, level, _payable(counts, level_slots, pair_allowed, only_when_needed))
        for location in LOCATIONS
        for level, level_slots in enumerate(SLOTS[location], start=1)
    )
    return tuple(payable for payable in found if payable[2])


def single_payment(hand: Sequence[str], level_slots: Sequence[Slot]) -> tuple[str, ...] | None:
    """T2.5: a payment of every slot by one card each, if the hand has one."""
    grouped = hand_by_colour(hand)
    found = _payable(tuple(map(len, grouped)), tuple(level_slots), False, True)
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
    patterns = _payable(
        tuple(map(len, grouped)),
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
