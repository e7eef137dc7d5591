"""Payments by colour pattern: what a hand can pay, looked up by its colour counts.

The rules (``payment``) judge a payment card by card; the move generator
lists every distinct payment of every level, many times a turn. Two ``W``
cards are the same to the rules, so a payment is a colour *pattern* (the
colour of each slot, the pair's at its slot) filled with each colour's
lowest copies. A level's patterns are worked out once (``_level_patterns``);
which of them a hand can pay depends on its count of each colour alone, kept
as a bit set (``held``): one integer test per pattern, and one cached look-up
per hand for the twelve levels of the board (``level_patterns``), in bounded
caches.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from core.atlantica.cards import (
    DIVER_COLOURS,
    DIVERS_PER_COLOUR,
    DiverColour,
    copy_number,
    diver_colour,
)
from core.atlantica.locations import LOCATIONS, SLOTS, Location, Slot

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


Counts = tuple[int, ...]
"""How many cards of each colour of ``DIVER_COLOURS`` a hand holds (or a payment takes)."""


BITS_PER_COLOUR = 8
"""A colour's share of a ``held`` bit set: one bit per card, up to this many."""


_COLOUR_BITS = tuple(
    tuple(((1 << count) - 1) << (index * BITS_PER_COLOUR) for count in range(BITS_PER_COLOUR + 1))
    for index in range(len(DIVER_COLOURS))
)
"""``_COLOUR_BITS[colour][count]``: that colour's bits in ``held``."""


def held(counts: Sequence[int]) -> int:
    """A hand's (or a payment's) colour counts as a bit set: for each colour, one bit
    per card, up to ``BITS_PER_COLOUR``. A hand can pay a pattern exactly when the
    pattern's bits are among the hand's (no pattern takes more than that many cards
    of one colour): one integer test instead of one per colour."""
    found = 0
    for bits, count in zip(_COLOUR_BITS, counts, strict=True):
        found |= bits[count if count < BITS_PER_COLOUR else BITS_PER_COLOUR]
    return found


class Pattern(NamedTuple):
    """One way to pay a level by colour: the colour of each slot (the pair's at its
    slot), the pair's slot, the cards of each colour it takes (``need``, and as a bit
    set, ``needs``), and which copy of which colour goes where in the payment
    (``takes``: colour index, rank among that colour's cards, lowest first)."""

    colours: tuple[DiverColour, ...]
    pair_slot: int | None
    need: Counts
    takes: tuple[tuple[int, int], ...]
    needs: int


def _pattern(colours: tuple[DiverColour, ...], pair_slot: int | None) -> Pattern:
    taken = [0] * len(DIVER_COLOURS)
    takes: list[tuple[int, int]] = []
    for index, colour in enumerate(colours):
        colour_index = _COLOUR_INDEX[colour]
        for _copy in range(2 if index == pair_slot else 1):
            takes.append((colour_index, taken[colour_index]))
            taken[colour_index] += 1
    if max(taken) > BITS_PER_COLOUR:
        # The levels are the spec's: no payment ever takes more (a programming error).
        raise RuntimeError(f"a payment of {colours} takes more than {BITS_PER_COLOUR} of a colour")
    return Pattern(colours, pair_slot, tuple(taken), tuple(takes), held(taken))


LEVEL_CACHE_SIZE = 64
"""Levels whose patterns are kept: the board has twelve (a rule test may ask for more)."""


@lru_cache(maxsize=LEVEL_CACHE_SIZE)
def _level_patterns(
    level_slots: tuple[Slot, ...],
) -> tuple[tuple[Pattern, ...], tuple[Pattern, ...]]:
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


def _affordable(
    singles: tuple[Pattern, ...],
    pairs: tuple[Pattern, ...],
    hand: int,
    pair_allowed: bool,
    only_when_needed: bool,
) -> tuple[Pattern, ...]:
    """The patterns a hand (its ``held`` bit set) can pay (T2.3, T2.5): without a pair
    first, then with one when a pair is allowed this turn and, with
    ``joker_only_when_needed``, no pattern without a pair fits."""
    missing = ~hand
    found = tuple(pattern for pattern in singles if not pattern.needs & missing)
    if not pair_allowed or (only_when_needed and found):
        return found
    return found + tuple(pattern for pattern in pairs if not pattern.needs & missing)


PATTERN_CACHE_SIZE = 4096
"""Hands (by their bits) whose patterns are kept: a game meets a few hundred."""


@lru_cache(maxsize=PATTERN_CACHE_SIZE)
def payable(
    hand: int, level_slots: tuple[Slot, ...], pair_allowed: bool, only_when_needed: bool
) -> tuple[Pattern, ...]:
    """``_affordable`` of one level's patterns. Everything a payment depends on is in the
    key, so equal hands share one answer."""
    singles, pairs = _level_patterns(level_slots)
    return _affordable(singles, pairs, hand, pair_allowed, only_when_needed)


def pattern_cards(grouped: Grouped, pattern: Pattern) -> tuple[str, ...]:
    """The cards of a pattern: each colour's lowest copies, in slot order."""
    return tuple([grouped[colour][rank] for colour, rank in pattern.takes])


PayableLevel = tuple[Location, int, tuple[Pattern, ...]]
"""A location, one of its levels, and the colour patterns a hand can pay it with."""


def _board_bits() -> int:
    found = 0
    for level_slots in itertools.chain.from_iterable(SLOTS.values()):
        for patterns in _level_patterns(level_slots):
            for pattern in patterns:
                found |= pattern.needs
    return found


BOARD_BITS = _board_bits()
"""Every bit a payment on the board may need (each colour's first three: a pair, and a
slot of the pair's colour). Whether a hand can pay depends on these bits alone, so the
move generator looks hands up by them: fewer hands to keep, the same answers."""


_BOARD: tuple[tuple[Location, int, tuple[Pattern, ...], tuple[Pattern, ...]], ...] = tuple(
    (location, level, *_level_patterns(level_slots))
    for location in LOCATIONS
    for level, level_slots in enumerate(SLOTS[location], start=1)
)
"""Every location and level in board order, with its patterns without and with a pair."""


@lru_cache(maxsize=PATTERN_CACHE_SIZE)
def _board_patterns(
    hand: int, pair_allowed: bool, only_when_needed: bool
) -> tuple[PayableLevel, ...]:
    """``_affordable`` of every level of the board, the levels without a pattern left out."""
    found: list[PayableLevel] = []
    for location, level, singles, pairs in _BOARD:
        payable = _affordable(singles, pairs, hand, pair_allowed, only_when_needed)
        if payable:
            found.append((location, level, payable))
    return tuple(found)


def level_patterns(
    counts: Counts, pair_allowed: bool, only_when_needed: bool
) -> tuple[PayableLevel, ...]:
    """``payable`` of every location and level at once, in board order, leaving out the
    levels the hand cannot pay: the move generator's one look-up a decision. Shared:
    never change an answer."""
    return _board_patterns(held(counts) & BOARD_BITS, pair_allowed, only_when_needed)
