"""A keyed stream's shuffle, with the stream's bytes read in bulk.

A reshuffle (T8) orders up to 105 cards from a keyed stream of chance
(``core.kernel.chance.KeyedStream``). ``random.Random.shuffle`` asks the stream
for a few bits per card, one Python call each, and the stream slices a byte
off its buffer every time: the shuffle cost as much as a whole turn of play.

``shuffle`` gives exactly the order ``rng.shuffle`` gives (the golden streams
and every save depend on it). It runs the same algorithm as ``random.shuffle``
(Fisher–Yates from the end, each index drawn by ``_randbelow_with_getrandbits``:
``k = n.bit_length()`` bits, drawn again while the number is not below ``n``) on
the bytes the stream would have handed out. A keyed stream reads its bytes in
order, ``ceil(k / 8)`` a call, keeping the high ``k`` bits, so ``getrandbits(8 * m)``
is the next ``m`` bytes: they are fetched a block at a time. The stream is made
for one shuffle and dropped after it, so the bytes fetched beyond those used
matter to nobody. Any other generator is shuffled by its own ``shuffle``.
"""

from __future__ import annotations

import random
from typing import TypeVar

from core.kernel.chance import KeyedStream

T = TypeVar("T")

BLOCK = 64
"""Bytes fetched from the stream at a time: one hashed block of a keyed stream."""
MOST = 255
"""The most items whose draws each take one byte (a pile holds 105 cards): ``len`` bits
for an index below ``len``, and 255 has 8."""


def shuffle(rng: random.Random, items: list[T]) -> None:
    """``rng.shuffle(items)``, in place; faster for a keyed stream and up to ``MOST`` items."""
    if type(rng) is not KeyedStream or len(items) > MOST:
        rng.shuffle(items)
        return
    data = b""
    position = 0
    for last in range(len(items) - 1, 0, -1):
        count = last + 1  # the index is drawn below this: from one byte's high bits
        drop = 8 - count.bit_length()
        while True:
            if position == len(data):
                data = rng.getrandbits(8 * BLOCK).to_bytes(BLOCK, "big")
                position = 0
            drawn = data[position] >> drop
            position += 1
            if drawn < count:
                break
        items[last], items[drawn] = items[drawn], items[last]
