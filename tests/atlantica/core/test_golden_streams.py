"""Atlantica's event streams, views, legal commands and previews stay what they were.

``golden/streams.json`` was recorded from the engine before its speed-up
(payments cached by the hand's colour counts, the random bot choosing from
a lazy list of commands, cheaper views and scoring): one SHA-256 per game
over its encoded events, for

- ``bench``: the games ``atlantis bench`` plays (5 random bots, default
  options, commands through ``decide_trusted``);
- ``mixed``: random and greedy bots, 2–5 seats, each game with other rule
  options (pairs whenever wished, hired cards seen, no diver reshuffle, a
  random start, scoring choices asked, open hands), every command through
  ``decide``;
- ``expert``: a short game of the expert (few iterations) against greedy;

and, along a few games under each option set, one SHA-256 per game over
every state's views (each seat's), legal commands in order, and in every
third state each action's preview, each location and level's refusal,
payments and pair refusal, and each seat's scores. Every faster path must
reproduce them exactly. Run this file as a script to record them again
after a deliberate change of the rules or of a bot, and explain the change
here. The ``expert`` game was recorded again when the expert came to judge
a playout's end by fitted weights (``core.atlantica.bots.judgement``) and to
play every candidate in each sampled world (``ExpertBot.decide``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from core.atlantica.bots.expert_bot import ExpertBot
from core.atlantica.bots.greedy_bot import GreedyBot
from core.atlantica.bots.random_bot import RandomBot
from core.atlantica.commands import PerformAction
from core.atlantica.decide import action_refusal
from core.atlantica.evolve import evolve
from core.atlantica.game_type import ATLANTICA
from core.atlantica.legal_commands import legal_commands
from core.atlantica.locations import LEVELS, LOCATIONS
from core.atlantica.options import Options
from core.atlantica.payment import pair_refusal, payments
from core.atlantica.preview import preview
from core.atlantica.scoring import score_now, score_with_crates
from core.atlantica.state import State
from core.atlantica.view import view_for
from core.kernel.chance import secret_from_seed
from core.kernel.errors import IllegalMove
from core.services.benchmark import play_random_game
from core.services.simulate import play_from
from tests import golden_streams
from tests.golden_streams import digest

GOLDEN = Path(__file__).parent / "golden" / "streams.json"
BENCH_SEEDS = range(1, 31)
MIXED_SEEDS = range(24)
EXPERT_SEEDS = range(1)
TRACED_SEEDS = range(6)
"""Games (one per option set) whose every state's views and legal commands are hashed."""
NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve")


def options_for(seed: int) -> Options:
    """Default options, or one of five variations, by the seed."""
    variants = (
        Options(),
        Options(joker_only_when_needed=False, hired_cards_seen_by_owner=True),
        Options(diver_reshuffle=False, start_player="random"),
        Options(final_choices="ask", tiebreak_count="collected"),
        Options(open_hands=True),
        Options(joker_only_when_needed=False, diver_reshuffle=False, final_choices="ask"),
    )
    return variants[seed % len(variants)]


def bench_events(seed: int) -> list[Any]:
    return play_random_game(ATLANTICA, seed).events


def mixed_events(seed: int) -> list[Any]:
    bots = (RandomBot, GreedyBot)
    return golden_streams.mixed_events(ATLANTICA, seed, NAMES, options_for(seed), bots)


def expert_events(seed: int) -> list[Any]:
    bots = [ExpertBot(time_budget=None, iterations=4), GreedyBot()]
    opening = ATLANTICA.setup(NAMES[:2], Options(), secret_from_seed(100 + seed))
    rngs = [random.Random(seed * 31 + seat) for seat in range(2)]
    return play_from(ATLANTICA, opening, bots, rngs)[0].events


def refusal(found: IllegalMove | None) -> tuple[str, str] | None:
    """A refusal as its rule and sentence (``None``: allowed)."""
    return None if found is None else (found.rule, str(found))


def probed(state: State) -> Iterator[Any]:
    """Every action's preview, each location and level's refusal, payments and pair
    refusal, and each seat's scores now and with crates."""
    for command in legal_commands(state):
        if isinstance(command, PerformAction):
            shown = preview(state, command)
            yield shown if not isinstance(shown, IllegalMove) else refusal(shown)
    for location in LOCATIONS:
        for level in LEVELS:
            yield refusal(action_refusal(state, location, level))
            yield payments(state, location, level)
            yield refusal(pair_refusal(state, location, level))
    for seat in range(state.player_count):
        yield score_now(state, seat), score_with_crates(state, seat)


def traced(state: State, probe: bool) -> Iterator[Any]:
    """A state's views for every seat and its legal commands (and its probes)."""
    for seat in range(state.player_count):
        yield view_for(state, seat)
    yield legal_commands(state)
    if probe and state.phase == "turn":
        yield from probed(state)


def trace(seed: int) -> str:
    count = 2 + seed % 4
    rng = random.Random(seed)
    opening = ATLANTICA.setup(NAMES[:count], options_for(seed), secret_from_seed(seed))
    events = play_from(ATLANTICA, opening, [RandomBot()] * count, [rng] * count)[0].events

    def states() -> Iterator[Any]:
        state = ATLANTICA.fold(events[:1])
        yield from traced(state, True)
        for index, event in enumerate(events[1:], start=1):
            state = evolve(state, event)
            yield from traced(state, index % 3 == 0)

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
