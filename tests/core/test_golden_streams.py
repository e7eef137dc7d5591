"""The engine's event streams stay what they were for 200 recorded games.

``golden/event_streams.json`` was recorded from the engine before its
optimisation (random and greedy bots, mixed seats, 2–4 players, every
fifth game with other rule options): one SHA-256
per seed over the game's encoded events, plus two complete streams so that a
difference can be located. Every faster path (lazy move generation, the
incremental board, the trusted fast path of ``decide``) must reproduce them
exactly. Run this file as a script to record them again after a deliberate
change of the rules or of a bot, and explain the change here.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import msgspec
import pytest

from core.atlantis.bots import make_bot
from core.atlantis.events import AnyEvent
from core.atlantis.options import DEFAULT_OPTIONS, Options
from core.atlantis.view import view_for
from tests.core.helpers import seeded_game

GOLDEN = Path(__file__).parent / "golden" / "event_streams.json"
SEEDS = range(200)
FULL_STREAMS = (0, 7)
"""Seeds whose complete event streams are kept (a 2-player and a 3-player game)."""


def seats_for(seed: int) -> tuple[str, ...]:
    """2–4 seats of random and greedy bots, chosen from the seed."""
    rng = random.Random(seed)
    count = 2 + seed % 3
    return tuple(rng.choice(("random", "greedy")) for _ in range(count))


def options_for(seed: int) -> Options:
    """Every fifth game plays with the rule options that change paying and buying."""
    if seed % 5 != 4:
        return DEFAULT_OPTIONS
    return Options(
        buy_limit=0, bought_cards_can_pay=False, paid_cards_to="box", open_hands=seed % 2 == 0
    )


def events_for(seed: int) -> list[AnyEvent]:
    """One whole game, every command decided by a bot from its view and checked by ``play``."""
    bots = [make_bot(name) for name in seats_for(seed)]
    game = seeded_game(
        [f"P{seat + 1}" for seat in range(len(bots))], seed * 7919 + 1, options_for(seed)
    )
    rngs = [random.Random(seed * 31 + seat) for seat in range(len(bots))]
    while not game.state.is_over:
        seat = game.state.to_act
        assert seat is not None
        game.play(bots[seat].decide(view_for(game.state, seat), rngs[seat]))
    return game.events


def encoded(events: list[AnyEvent]) -> list[str]:
    """The events as recorded; ``game-started`` without the ``secret`` field.

    The streams were recorded before games had secrets; these seeded games
    have none, and the empty field added later changes nothing they do.
    """
    return [msgspec.json.encode(event).decode().replace(',"secret":""}', "}") for event in events]


def digest(events: list[AnyEvent]) -> str:
    return hashlib.sha256("\n".join(encoded(events)).encode()).hexdigest()


def record() -> None:
    data = {
        "seats": {str(seed): list(seats_for(seed)) for seed in SEEDS},
        "hashes": {str(seed): digest(events_for(seed)) for seed in SEEDS},
        "streams": {str(seed): encoded(events_for(seed)) for seed in FULL_STREAMS},
    }
    GOLDEN.write_text(json.dumps(data, separators=(",", ":")) + "\n")


@pytest.fixture(scope="module")
def golden() -> dict[str, dict[str, object]]:
    recorded: dict[str, dict[str, object]] = json.loads(GOLDEN.read_text())
    return recorded


@pytest.mark.parametrize("seed", FULL_STREAMS)
def test_full_streams_are_unchanged(golden: dict[str, dict[str, object]], seed: int) -> None:
    expected = golden["streams"][str(seed)]
    actual = encoded(events_for(seed))
    assert isinstance(expected, list)
    for index, (want, got) in enumerate(zip(expected, actual, strict=False)):
        assert got == want, f"seed {seed}: event {index} differs"
    assert len(actual) == len(expected)


def test_the_200_recorded_games_are_unchanged(golden: dict[str, dict[str, object]]) -> None:
    changed = [
        seed
        for seed in SEEDS
        if list(seats_for(seed)) != golden["seats"][str(seed)]
        or digest(events_for(seed)) != golden["hashes"][str(seed)]
    ]
    assert not changed, f"event streams changed for seeds {changed}"


if __name__ == "__main__":
    record()
