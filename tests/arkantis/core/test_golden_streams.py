"""ArkantiS's event streams, views, legal commands and previews stay what they were.

``golden/streams.json`` was recorded from the engine before its speed-up
(squares as bits inside, lazy move generation for the random bot, a trusted
``decide``): one SHA-256 per game over its encoded events, for

- ``bench``: the games ``atlantis bench`` plays (4 random bots, default
  options, commands through ``decide_trusted``);
- ``mixed``: random and greedy bots, 2–4 seats, each game with other rule
  options (modified-set test, buying at any time, the running setup count,
  other move limits, open hands, shared ties), every command through ``decide``;
- ``expert``: two short games of the expert (few iterations) against greedy
  (recorded again when the expert came to judge positions by the final scores
  they foretell, ``bots.judgement``, and to search fewer candidates);

and, along a few bench games, one SHA-256 per game over every state's views
(each seat's), legal commands in order, and previews of every removal and
move. Every faster path must reproduce them exactly. Run this file as a
script to record them again after a deliberate change of the rules or of a
bot, and explain the change here.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from core.arkantis.bots.expert_bot import ExpertBot
from core.arkantis.bots.greedy_bot import GreedyBot
from core.arkantis.bots.random_bot import RandomBot
from core.arkantis.commands import Move, Remove
from core.arkantis.evolve import evolve
from core.arkantis.game_type import ARKANTIS
from core.arkantis.legal_commands import legal_commands
from core.arkantis.options import Options
from core.arkantis.preview import preview
from core.arkantis.state import State
from core.arkantis.view import view_for
from core.kernel.chance import secret_from_seed
from core.services.benchmark import play_random_game
from core.services.simulate import play_from
from tests import golden_streams
from tests.golden_streams import digest

GOLDEN = Path(__file__).parent / "golden" / "streams.json"
BENCH_SEEDS = range(1, 31)
MIXED_SEEDS = range(30)
EXPERT_SEEDS = range(2)
TRACED_SEEDS = range(1, 4)
"""Bench games whose every state's views, legal commands and previews are hashed."""
NAMES = ("Ana", "Ben", "Cleo", "Dan")


def options_for(seed: int) -> Options:
    """Default options, or one of five variations, by the seed."""
    variants = (
        Options(),
        Options(modified_test="squares"),
        Options(buy_timing="any_time", move_limit=5),
        Options(setup_count="snake", tiebreak="shared"),
        Options(move_limit=0, open_hands=True),
        Options(modified_test="squares", buy_timing="any_time", move_limit=1),
    )
    return variants[seed % len(variants)]


def bench_events(seed: int) -> list[Any]:
    return play_random_game(ARKANTIS, seed).events


def mixed_events(seed: int) -> list[Any]:
    return golden_streams.mixed_events(
        ARKANTIS, seed, NAMES, options_for(seed), (RandomBot, GreedyBot)
    )


def expert_events(seed: int) -> list[Any]:
    bots = [ExpertBot(time_budget=None, iterations=8), GreedyBot()]
    opening = ARKANTIS.setup(NAMES[:2], Options(), secret_from_seed(100 + seed))
    rngs = [random.Random(seed * 31 + seat) for seat in range(2)]
    return play_from(ARKANTIS, opening, bots, rngs)[0].events


def traced(state: State) -> Iterator[Any]:
    """A state's views for every seat, its legal commands, and every action's preview."""
    for seat in range(state.player_count):
        yield view_for(state, seat)
    commands = legal_commands(state)
    yield commands
    for command in commands:
        if isinstance(command, (Remove, Move)):
            yield command, preview(state, command)


def trace(seed: int) -> str:
    events = bench_events(seed)

    def states() -> Iterator[Any]:
        state = ARKANTIS.fold(events[:1])
        yield from traced(state)
        for event in events[1:]:
            state = evolve(state, event)
            yield from traced(state)

    return digest(states())


def record() -> None:
    data = {
        "bench": {str(seed): digest(iter(bench_events(seed))) for seed in BENCH_SEEDS},
        "mixed": {str(seed): digest(iter(mixed_events(seed))) for seed in MIXED_SEEDS},
        "expert": {str(seed): digest(iter(expert_events(seed))) for seed in EXPERT_SEEDS},
        "traced": {str(seed): trace(seed) for seed in TRACED_SEEDS},
    }
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(json.dumps(data, indent=1) + "\n")


@pytest.fixture(scope="module")
def golden() -> dict[str, dict[str, str]]:
    return json.loads(GOLDEN.read_text())  # type: ignore[no-any-return]


def test_the_bench_games_are_unchanged(golden: dict[str, dict[str, str]]) -> None:
    changed = [s for s in BENCH_SEEDS if digest(iter(bench_events(s))) != golden["bench"][str(s)]]
    assert not changed, f"bench event streams changed for seeds {changed}"


def test_games_under_every_option_are_unchanged(golden: dict[str, dict[str, str]]) -> None:
    changed = [s for s in MIXED_SEEDS if digest(iter(mixed_events(s))) != golden["mixed"][str(s)]]
    assert not changed, f"event streams changed for seeds {changed}"


def test_the_expert_games_are_unchanged(golden: dict[str, dict[str, str]]) -> None:
    changed = [
        s for s in EXPERT_SEEDS if digest(iter(expert_events(s))) != golden["expert"][str(s)]
    ]
    assert not changed, f"expert event streams changed for seeds {changed}"


@pytest.mark.parametrize("seed", TRACED_SEEDS)
def test_views_legal_commands_and_previews_are_unchanged(
    golden: dict[str, dict[str, str]], seed: int
) -> None:
    assert trace(seed) == golden["traced"][str(seed)]


if __name__ == "__main__":
    record()
