"""The reshuffle reads the keyed stream's bytes in bulk and orders the cards exactly as
the stream's own ``shuffle`` does (the golden streams and every save rest on it)."""

from __future__ import annotations

import random

from core.atlantis.shuffling import MOST, shuffle
from core.kernel.chance import secret_from_seed, stream


def test_a_keyed_stream_shuffles_as_its_own_shuffle_for_every_length() -> None:
    for seed in range(3):
        secret = secret_from_seed(seed)
        for length in range(MOST + 40):
            label = f"reshuffle/{seed}/{length}"
            expected = list(range(length))
            stream(secret, label).shuffle(expected)
            got = list(range(length))
            shuffle(stream(secret, label), got)
            assert got == expected, (seed, length)


def test_other_generators_shuffle_as_their_own_shuffle() -> None:
    for seed in range(20):
        expected = list(range(105))
        random.Random(seed).shuffle(expected)
        got = list(range(105))
        shuffle(random.Random(seed), got)
        assert got == expected
