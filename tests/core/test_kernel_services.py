"""The kernel's bot services work on any game: the search, simulate and bench,
tried on the toy card game (``tests.conformance.toy_search``) as well as on Atlantis."""

from __future__ import annotations

import pickle
import random

import msgspec
import pytest

from core.games import GAMES
from core.kernel.bot_settings import BotSettings
from core.kernel.bots import make_bot_from
from core.kernel.chance import secret_from_seed
from core.kernel.registry import AnyGameType
from core.services import benchmark, simulate
from core.services.search import DeterminizedSearch
from tests.conformance import toy_search
from tests.conformance.toy_game import CARDS, ToyState
from tests.conformance.toy_search import SEARCH_TOY as TOY

FAST = BotSettings(time_budget=None, iterations=40)


@pytest.mark.parametrize("game", [*GAMES, TOY], ids=lambda game: game.id)
def test_every_descriptor_pickles(game: AnyGameType) -> None:
    """``simulate --jobs`` sends the descriptor to its worker processes."""
    copy = pickle.loads(pickle.dumps(game))
    assert copy.id == game.id and sorted(copy.play.bots) == sorted(game.play.bots)


def _mid_game(seed: int, plays: int, seats: int = 3) -> ToyState:
    players = ("Ann", "Bob", "Cleo", "Dan")[:seats]
    events = TOY.setup(players, TOY.default_options(), secret_from_seed(seed))
    state = TOY.fold(events)
    rng = random.Random(seed)
    for _ in range(plays):
        state = TOY.advance(state, TOY.decide(state, rng.choice(TOY.legal_commands(state))))
    return state


def test_the_search_is_reproducible_and_blind_to_what_it_cannot_see() -> None:
    """The same view and generator give the same command, whatever the other hands."""
    bot = make_bot_from(TOY.play.bots, "search", FAST)
    assert isinstance(bot, DeterminizedSearch)
    for seed in range(8):
        state = _mid_game(seed, plays=seed % 5)
        seat = TOY.to_act(state)
        assert seat is not None
        view = TOY.privacy.view_for(state, seat)
        other = toy_search.determinize(view, random.Random(seed + 50))
        assert TOY.privacy.view_for(other, seat) == view
        chosen = bot.decide(view, random.Random(seed))
        assert chosen in TOY.legal_commands(state)
        assert bot.decide(view, random.Random(seed)) == chosen
        assert bot.decide(TOY.privacy.view_for(other, seat), random.Random(seed)) == chosen
    iterations = FAST.iterations
    assert iterations is not None
    assert bot.searched_iterations == 8 * 3 * iterations


def test_a_single_candidate_is_played_without_a_search() -> None:
    state = _mid_game(3, plays=9, seats=4)  # four seats, three cards each, no pile: one left
    seat = TOY.to_act(state)
    assert seat is not None and len(TOY.legal_commands(state)) == 1
    bot = make_bot_from(TOY.play.bots, "search", FAST)
    assert isinstance(bot, DeterminizedSearch)
    assert (
        bot.decide(TOY.privacy.view_for(state, seat), random.Random(1))
        == TOY.legal_commands(state)[0]
    )
    assert bot.searched_iterations == 0


def test_the_search_respects_its_time_budget() -> None:
    import time

    bot = make_bot_from(TOY.play.bots, "search", BotSettings(time_budget=0.05))
    assert isinstance(bot, DeterminizedSearch)
    view = TOY.privacy.view_for(_mid_game(1, 0), 0)
    start = time.perf_counter()
    bot.decide(view, random.Random(1))
    assert time.perf_counter() - start < 0.5
    assert 0 < bot.searched_iterations < 1_000_000


def test_the_search_plays_better_than_chance() -> None:
    """Seeded, so reproducible: over 60 games the search takes more points than random."""
    records = simulate.run(TOY, 60, ["search", "random", "high"], seed=2, settings=FAST)
    mean = {summary.bot: summary.mean_score for summary in simulate.summarize(records)}
    assert mean["search"] > mean["random"]


def test_simulate_plays_any_game_the_same_in_one_or_two_processes() -> None:
    one = simulate.run(TOY, 6, ["random", "high"], seed=5)
    two = simulate.run(TOY, 6, ["random", "high"], seed=5, jobs=2)
    assert [msgspec.to_builtins(r) for r in one] == [msgspec.to_builtins(r) for r in two]
    assert [r.bots for r in one][:2] == [("random", "high"), ("high", "random")]
    for record in one:
        # No turn count in the descriptor: the commands given are counted instead.
        assert record.turns == len(CARDS) and len(record.scores) == 2  # every card is played
        assert max(CARDS) <= sum(record.scores) <= sum(CARDS)  # the twelve always scores
        assert record.winners and all(
            record.scores[w] == max(record.scores) for w in record.winners
        )


def test_simulated_games_are_set_up_from_the_runs_seed() -> None:
    """Game *n* of a run is its game seed's secret: the same table whoever replays it."""
    [record] = simulate.run(TOY, 1, ["random", "random"], seed=11)
    secret = secret_from_seed(simulate.game_seed(11, 0))
    bots = [make_bot_from(TOY.play.bots, "random") for _ in range(2)]
    played, _ = simulate.play_game(TOY, bots, secret)
    assert TOY.result(played.state).scores == record.scores
    assert played.events[0] == TOY.setup(("random-1", "random-2"), TOY.default_options(), secret)[0]


def test_simulate_refuses_an_unknown_bot_of_the_game() -> None:
    with pytest.raises(ValueError, match="choose from high, random, search"):
        simulate.run(TOY, 1, ["random", "expert"], seed=1)


def test_bench_measures_any_game() -> None:
    result = benchmark.run(TOY, games=20, seed=3)
    assert result.random_games_per_second > 0 and result.setup_ms_per_game > 0
    assert result.mean_turns_per_game == len(CARDS)  # four seats: all twelve cards dealt
    assert result.preview_us_per_call == 0  # the toy has no preview


def test_bench_of_atlantis_previews_and_counts_turns() -> None:
    atlantis = GAMES.get("atlantis")
    result = benchmark.run(atlantis, games=3, seed=1)
    played = [benchmark.play_random_game(atlantis, 1 + index) for index in range(3)]
    assert result.mean_turns_per_game == pytest.approx(sum(game.state.turn for game in played) / 3)
    assert result.preview_us_per_call > 0 and result.fold_ms_per_game > 0
    assert all(len(game.state.players) == 4 and game.state.is_over for game in played)
