"""Bots: only legal moves, no peeking at hidden information, and the budgets."""

from __future__ import annotations

import random

import pytest

from core.atlantis.bots import BotSettings, bot_names, make_bot
from core.atlantis.bots.determinize import determinize, unseen_cards
from core.atlantis.bots.expert_bot import ExpertBot, candidate_actions
from core.atlantis.bots.play import play_game
from core.atlantis.decide import decide
from core.atlantis.game_type import ATLANTIS
from core.atlantis.state import HIDDEN_TILE, State
from core.atlantis.view import view_for
from core.kernel.errors import IllegalMove
from core.services.simulate import run, seating, summarize, wilson_interval
from tests.core.helpers import AtlantisGame, seeded_game

FAST = BotSettings(time_budget=None, iterations=12)


def test_the_three_bots_exist() -> None:
    assert bot_names() == ["expert", "greedy", "random"]
    with pytest.raises(ValueError, match="choose from"):
        make_bot("genius")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_and_greedy_only_make_legal_moves_over_many_games(players: int) -> None:
    """Every command either bot gives is accepted by decide (play_game would raise)."""
    names = ["random", "greedy", "random", "greedy"][:players]
    for seed in range(60):
        game, _ = play_game([make_bot(n) for n in names], seed=seed)
        assert game.state.is_over


def test_expert_only_makes_legal_moves() -> None:
    """Expert games with a small iteration budget end normally: every command was legal."""
    for seed in range(6):
        bots = [make_bot("expert", FAST), make_bot("greedy"), make_bot("random")]
        game, _ = play_game(bots, seed=seed)
        assert game.state.is_over


def _mid_game(seed: int, turns: int = 15) -> AtlantisGame:
    game = seeded_game(["Ann", "Bob", "Cleo"], seed)
    bot, rng = make_bot("greedy"), random.Random(seed)
    while game.state.turn < turns:
        seat = game.state.to_act
        assert seat is not None
        game.play(bot.decide(view_for(game.state, seat), rng))
    return game


def _with_other_secrets(game: AtlantisGame, seed: int) -> State:
    """The same position with the other hands, the pile and the lower tiles reshuffled."""
    state = game.state
    seat = state.current
    rng = random.Random(seed)
    view = view_for(state, seat)
    world = determinize(view, rng)
    assert world.hands[seat] == state.hands[seat]
    assert view_for(world, seat).state.hands == view.state.hands
    return world


@pytest.mark.parametrize("name", ["random", "greedy", "expert"])
def test_decisions_ignore_what_the_bot_must_not_see(name: str) -> None:
    """Changing other hands, the deck order and hidden tiles, with the same view and
    RNG seed, gives the same decision (S4: hands are secret; S2: lower tiles hidden)."""
    for seed in range(5):
        game = _mid_game(seed)
        state = game.state
        other = _with_other_secrets(game, seed + 100)
        if other.hands == state.hands and other.deck == state.deck:
            continue
        seat = state.current
        bot = make_bot(name, FAST)
        first = bot.decide(view_for(state, seat), random.Random(7))
        second = make_bot(name, FAST).decide(view_for(other, seat), random.Random(7))
        assert first == second


def test_views_hide_secrets() -> None:
    """S2/S4: a view blanks other hands, the pile, the seed, others' purchases, lower tiles."""
    state = _mid_game(3).state
    view = view_for(state, 1)
    assert view.state.deck == () and view.state.seed == 0
    assert all(sum(h) == 0 for p, h in enumerate(view.state.hands) if p != 1)
    assert view.hand_sizes == tuple(sum(h) for h in state.hands)
    assert any(HIDDEN_TILE in stack for stack in view.state.spaces)
    assert all(stack[-1] != HIDDEN_TILE for stack in view.state.spaces if stack)


def test_determinization_keeps_every_card_and_tile_accounted_for() -> None:
    state = _mid_game(4).state
    view = view_for(state, state.current)
    world = determinize(view, random.Random(1))
    assert len(unseen_cards(view)) == view.deck_size + sum(
        size for p, size in enumerate(view.hand_sizes) if p != view.seat
    )
    cards = [
        sum(h[i] for h in world.hands) + world.deck.count(i) + world.discard[i] for i in range(7)
    ]
    assert all(count + world.box_cards[i] == 15 for i, count in enumerate(cards))
    tiles = (
        [t for stack in world.spaces for t in stack]
        + [t for held in world.collected for t in held]
        + list(world.box_tiles)
    )
    assert sorted(tiles) == list(range(84))
    assert tuple(sum(h) for h in world.hands) == view.hand_sizes


def test_expert_candidates_are_all_legal() -> None:
    for seed in range(5):
        state = _mid_game(seed, turns=10 + seed).state
        for action in candidate_actions(state, state.current):
            try:
                decide(state, action)
            except IllegalMove as refusal:  # pragma: no cover - shown on failure
                raise AssertionError(f"{action} refused: {refusal}") from None


def test_expert_with_an_iteration_budget_is_reproducible() -> None:
    state = _mid_game(5).state
    view = view_for(state, state.current)
    bot = ExpertBot(time_budget=None, iterations=30)
    assert bot.decide(view, random.Random(3)) == bot.decide(view, random.Random(3))


def test_expert_respects_its_time_budget() -> None:
    import time

    state = _mid_game(6).state
    bot = ExpertBot(time_budget=0.2)
    start = time.perf_counter()
    bot.decide(view_for(state, state.current), random.Random(1))
    assert time.perf_counter() - start < 1.0  # generous: the budget is 0.2 s


def test_simulation_rotates_seats_and_counts_shared_wins() -> None:
    assert [seating(["a", "b", "c"], n) for n in range(3)] == [
        ("a", "b", "c"),
        ("b", "c", "a"),
        ("c", "a", "b"),
    ]
    records = run(ATLANTIS, 6, ["greedy", "random"], seed=3)
    assert [r.bots for r in records][:2] == [("greedy", "random"), ("random", "greedy")]
    summary = {s.bot: s for s in summarize(records)}
    assert summary["greedy"].seats == summary["random"].seats == 6
    assert summary["greedy"].wins + summary["random"].wins == pytest.approx(6)
    low, high = wilson_interval(5, 10)
    assert 0.2 < low < 0.5 < high < 0.8


def test_simulated_games_are_the_same_with_one_or_two_processes() -> None:
    one = run(ATLANTIS, 4, ["random", "greedy"], seed=9, jobs=1)
    two = run(ATLANTIS, 4, ["random", "greedy"], seed=9, jobs=2)
    assert [(r.scores, r.turns) for r in one] == [(r.scores, r.turns) for r in two]


def test_timed_simulations_report_the_search_bots_iterations_per_second() -> None:
    records = run(ATLANTIS, 2, ["expert", "random"], seed=4, timed=True, settings=FAST)
    summary = {s.bot: s for s in summarize(records)}
    rate = summary["expert"].iterations_per_second
    assert rate is not None and rate > 0
    assert summary["random"].iterations_per_second is None
    assert all(r.searches[r.bots.index("expert")][0] > 0 for r in records)
