"""What the games' golden-stream tests share: a digest of a stream, and bot games.

Each engine's golden test (``tests/core/test_bench_golden.py``,
``tests/arkantis/core/test_golden_streams.py``, ``tests/atlantica/core/…``) records
digests of games and traces before its engine gets faster, so that a faster engine
must give the very same events, views, legal commands and previews.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import msgspec

from core.kernel.bots import Bot
from core.kernel.chance import secret_from_seed
from core.kernel.registry import AnyGameType
from core.services.simulate import play_from


def digest(items: Iterator[Any]) -> str:
    """SHA-256 over the JSON encodings of ``items``, one a line."""
    hashed = hashlib.sha256()
    for item in items:
        hashed.update(msgspec.json.encode(item) + b"\n")
    return hashed.hexdigest()


def mixed_events(
    game: AnyGameType,
    seed: int,
    names: Sequence[str],
    options: Any,
    bots: Sequence[Callable[[], Bot[Any, Any]]],
) -> list[Any]:
    """Game ``seed`` of 2 seats to the most the game takes, each a bot of ``bots``
    chosen from ``seed``."""
    rng = random.Random(seed)
    count = 2 + seed % (game.players.most - 1)
    players = [rng.choice(bots)() for _seat in range(count)]
    opening = game.setup(names[:count], options, secret_from_seed(seed))
    rngs = [random.Random(seed * 31 + seat) for seat in range(count)]
    return play_from(game, opening, players, rngs)[0].events
