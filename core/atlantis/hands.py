"""Arithmetic on hands kept as seven counts, one per item."""

from __future__ import annotations

import operator
from collections.abc import Iterable
from itertools import chain, repeat

from core.atlantis.items import ITEM_COUNT
from core.atlantis.state import EMPTY_HAND, Hand

ITEMS = range(ITEM_COUNT)


def hand_of(cards: Iterable[int]) -> Hand:
    """Counts per item of a sequence of card items."""
    counts = [0] * ITEM_COUNT
    for card in cards:
        counts[card] += 1
    return tuple(counts)


def add(hand: Hand, other: Hand) -> Hand:
    return tuple(map(operator.add, hand, other))


def subtract(hand: Hand, other: Hand) -> Hand:
    """``hand`` minus ``other``; the caller has checked that ``other`` fits."""
    return tuple(map(operator.sub, hand, other))


def contains(hand: Hand, other: Hand) -> bool:
    return all(map(operator.ge, hand, other))


def cards_of(hand: Hand) -> tuple[int, ...]:
    """The cards of a hand as a sorted tuple of items (each item repeated its count)."""
    return tuple(chain.from_iterable(map(repeat, ITEMS, hand)))


def elementwise_min(hand: Hand, other: Hand) -> Hand:
    """Per item, the smaller count of two hands."""
    return tuple(map(min, hand, other))


__all__ = [
    "EMPTY_HAND",
    "Hand",
    "add",
    "cards_of",
    "contains",
    "elementwise_min",
    "hand_of",
    "subtract",
]
