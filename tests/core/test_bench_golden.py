"""Atlantis's bench games, bot-only games, views, legal commands and previews stay what
they were.

``golden/bench_streams.json`` was recorded from the engine before its second
speed-up (crossing prices read from prefix sums, moves generated once per
start space, cheaper events, views and payments): one SHA-256 per game over
its encoded events, for

- ``bench``: the games ``atlantis bench`` plays (4 random bots, default
  options, commands through ``decide_trusted``, events applied by
  ``evolve_all``);
- ``mixed``: random and greedy bots, 2–4 seats, under several rule options
  (no purchase limit, bought cards that may not pay, paid cards to the box,
  open hands), every command through the full ``decide``;

and, along a few games under each option set, one SHA-256 per game over
every state's views (each seat's), legal commands in order, move list,
unaffordable moves and result, and in every third state each pawn's
previews, each player's final debt and the gaps. Every faster path must
reproduce them exactly. Run this file as a script to record them again after
a deliberate change of the rules or of a bot, and explain the change here.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from core.atlantis.board import Board
from core.atlantis.bots.greedy_bot import GreedyBot
from core.atlantis.bots.random_bot import RandomBot
from core.atlantis.evolve import evolve
from core.atlantis.game_type import ATLANTIS
from core.atlantis.legal_commands import legal_commands
from core.atlantis.moves import final_debt, move_list, pawn_moves, unaffordable_moves
from core.atlantis.options import Options
from core.atlantis.state import PAWNS_PER_PLAYER, State
from core.atlantis.view import view_for
from core.kernel.chance import secret_from_seed
from core.services.benchmark import play_random_game
from core.services.simulate import play_from
from tests import golden_streams
from tests.golden_streams import digest

GOLDEN = Path(__file__).parent / "golden" / "bench_streams.json"
BENCH_SEEDS = range(1, 41)
MIXED_SEEDS = range(24)
TRACED_SEEDS = range(6)
"""Games (one per option set) whose every state's views and legal commands are hashed."""
NAMES = ("Ana", "Ben", "Cleo", "Dan")


def options_for(seed: int) -> Options:
    """Default options, or one of five variations, by the seed."""
    variants = (
        Options(),
        Options(buy_limit=0),
        Options(bought_cards_can_pay=False),
        Options(paid_cards_to="box", open_hands=True),
        Options(buy_limit=0, bought_cards_can_pay=False, paid_cards_to="box"),
        Options(open_hands=True),
    )
    return variants[seed % len(variants)]


def bench_events(seed: int) -> list[Any]:
    return play_random_game(ATLANTIS, seed).events


def mixed_events(seed: int) -> list[Any]:
    return golden_streams.mixed_events(
        ATLANTIS, seed, NAMES, options_for(seed), (RandomBot, GreedyBot)
    )


def probed(state: State) -> Iterator[Any]:
    """Each pawn's previews, each player's final debt, and the gaps."""
    if state.phase == "playing":
        for pawn in range(PAWNS_PER_PLAYER):
            yield pawn_moves(state, pawn, board=Board(state))
    for player in range(state.player_count):
        yield final_debt(state, player)
    yield Board(state).gaps


def traced(state: State, probe: bool) -> Iterator[Any]:
    """A state's views for every seat, its legal commands, moves and result."""
    for seat in range(state.player_count):
        yield view_for(state, seat)
    yield legal_commands(state)
    if state.phase == "playing":
        yield move_list(state)
        yield unaffordable_moves(state)
    yield ATLANTIS.result(state)
    if probe:
        yield from probed(state)


def trace(seed: int) -> str:
    count = 2 + seed % 3
    rng = random.Random(seed)
    opening = ATLANTIS.setup(NAMES[:count], options_for(seed), secret_from_seed(seed))
    bots = [GreedyBot() if seat % 2 else RandomBot() for seat in range(count)]
    events = play_from(ATLANTIS, opening, bots, [rng] * count)[0].events

    def states() -> Iterator[Any]:
        state = ATLANTIS.fold(events[:1])
        yield from traced(state, True)
        for index, event in enumerate(events[1:], start=1):
            state = evolve(state, event)
            yield from traced(state, index % 3 == 0)

    return digest(states())


def record() -> None:
    data = {
        "bench": {str(seed): digest(iter(bench_events(seed))) for seed in BENCH_SEEDS},
        "mixed": {str(seed): digest(iter(mixed_events(seed))) for seed in MIXED_SEEDS},
        "traced": {str(seed): trace(seed) for seed in TRACED_SEEDS},
    }
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(json.dumps(data, indent=1) + "\n")


@pytest.fixture(scope="module")
def golden() -> dict[str, dict[str, str]]:
    recorded: dict[str, dict[str, str]] = json.loads(GOLDEN.read_text())
    return recorded


def test_the_bench_games_are_unchanged(golden: dict[str, dict[str, str]]) -> None:
    changed = [s for s in BENCH_SEEDS if digest(iter(bench_events(s))) != golden["bench"][str(s)]]
    assert not changed, f"bench event streams changed for seeds {changed}"


def test_games_under_every_option_are_unchanged(golden: dict[str, dict[str, str]]) -> None:
    changed = [s for s in MIXED_SEEDS if digest(iter(mixed_events(s))) != golden["mixed"][str(s)]]
    assert not changed, f"event streams changed for seeds {changed}"


@pytest.mark.parametrize("seed", TRACED_SEEDS)
def test_views_legal_commands_and_previews_are_unchanged(
    golden: dict[str, dict[str, str]], seed: int
) -> None:
    assert trace(seed) == golden["traced"][str(seed)]


if __name__ == "__main__":
    record()
