"""Hands as seven counts: the cards of a hand, in item order, and back again."""

from __future__ import annotations

import random

from core.atlantis.hands import cards_of, hand_of
from core.atlantis.items import ITEM_COUNT


def test_the_cards_of_a_hand_are_each_item_as_often_as_held_in_item_order() -> None:
    rng = random.Random(9)
    for _ in range(2000):
        hand = tuple(rng.choice((0, 0, 1, 2, 3, 15)) for _item in range(ITEM_COUNT))
        expected: list[int] = []
        for item in range(ITEM_COUNT):
            expected += [item] * hand[item]
        assert cards_of(hand) == tuple(expected)
        assert hand_of(cards_of(hand)) == hand
    assert cards_of((0,) * ITEM_COUNT) == ()
