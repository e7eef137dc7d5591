"""Chance that cannot be inferred: one secret, one keyed stream per use.

A new game draws a 256-bit secret from the operating system's generator.
Every use of chance (laying the path, shuffling the cards, choosing the start
player, each reshuffle, the pile shuffled after an undo, each bot's choices)
reads its own stream: BLAKE2b keyed with the secret, over the stream's label
and a block counter. What one stream shows (the public top tiles of the path,
say) says nothing about another (the order of the pile), and no stream can be
run backwards to the secret: that would break the hash.

The secret lives in the game's first event, so only the host's save file and
memory hold it; every view a player or watcher gets has it blanked
(``core.atlantis.view``). A replay never needs it: what chance gave is recorded in the
events.

Games whose ``GameStarted`` has no secret (saves written before format 2, and
games built from a plain ``seed`` for tests, simulations and benchmarks) keep
their ``random.Random(seed)`` chance exactly as before.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from typing import Any

SECRET_BYTES = 32
"""256 bits: far beyond any search, and the largest key BLAKE2b takes is 64 bytes."""

_BLOCK_BYTES = 64


def new_secret() -> str:
    """A fresh secret from the operating system's generator, as hex."""
    return secrets.token_hex(SECRET_BYTES)


def secret_from_seed(seed: int) -> str:
    """A secret made from a chosen seed: reproducible, and as secret as the seed is.

    For a game started with ``--seed`` (to play the same table again): the
    chance is keyed like any other, but whoever knows the seed knows the pile.
    """
    digest = hashlib.blake2b(f"atlantis seed {seed}".encode(), digest_size=SECRET_BYTES)
    return digest.hexdigest()


def is_secret(text: str) -> bool:
    """Whether ``text`` is a well-formed secret (hex of at least 128 bits)."""
    try:
        return len(bytes.fromhex(text)) >= 16
    except ValueError:
        return False


class KeyedStream(random.Random):
    """A ``random.Random`` whose bits come from BLAKE2b(secret; label, counter).

    Overriding ``getrandbits`` and ``random`` is enough: ``shuffle``,
    ``randrange``, ``choice`` and the rest are built on them. ``seed`` and the
    state methods are refused or inert so that nothing can re-seed the stream
    with something weaker.
    """

    def __init__(self, secret: str, label: str) -> None:
        if not is_secret(secret):
            raise TypeError("a secret is hex of at least 128 bits")
        self._key = bytes.fromhex(secret)
        self._label = label.encode() + b"\0"
        self._counter = 0
        self._buffer = b""
        self._position = 0
        super().__init__()

    def seed(self, *args: Any, **kwargs: Any) -> None:
        """Ignored: the stream is fixed by its secret and label (``Random`` calls this)."""

    def getstate(self) -> Any:
        raise TypeError("a keyed stream has no state to save")

    def setstate(self, state: Any) -> None:
        raise TypeError("a keyed stream has no state to restore")

    def _refill(self, count: int) -> None:
        """Enough hashed blocks that ``count`` bytes follow the read position."""
        kept = self._buffer[self._position :]
        while len(kept) < count:
            kept += hashlib.blake2b(
                self._label + self._counter.to_bytes(8, "big"),
                key=self._key,
                digest_size=_BLOCK_BYTES,
            ).digest()
            self._counter += 1
        self._buffer, self._position = kept, 0

    def getrandbits(self, k: int, /) -> int:
        # The bytes are read in order, ``ceil(k / 8)`` a call, the surplus low bits
        # dropped; a read position instead of slicing keeps a shuffle cheap.
        if k <= 0:
            if k < 0:
                raise TypeError(f"negative number of bits: {k}")
            return 0
        whole = (k + 7) >> 3
        start = self._position
        if start + whole > len(self._buffer):
            self._refill(whole)
            start = 0
        self._position = start + whole
        return int.from_bytes(self._buffer[start : start + whole], "big") >> (whole * 8 - k)

    def random(self) -> float:
        return self.getrandbits(53) * 2.0**-53


def stream(secret: str, label: str) -> random.Random:
    """The stream of chance named ``label`` (``"path"``, ``"bot/2"``…) of a game."""
    return KeyedStream(secret, label)


def bot_random(secret: str, seat: int) -> random.Random:
    """The generator of the bot in ``seat``: a Mersenne Twister seeded from its stream.

    Bots draw thousands of numbers a decision; a keyed hash per draw would
    slow them several times over. Seeding from 256 bits of the seat's own
    stream keeps what matters: nothing about the secret or another stream can
    be learnt from a bot's choices.
    """
    return random.Random(stream(secret, f"bot/{seat}").getrandbits(256))
