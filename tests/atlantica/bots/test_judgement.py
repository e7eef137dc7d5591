"""The expert's judgement of a position (``judgement``): the final scores it foretells,
the lead the search is rewarded with, and the fit that makes its weights."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from core.atlantica.bots import expert_bot
from core.atlantica.bots.judgement import (
    FACTS,
    PHASES,
    WEIGHTS,
    facts,
    has_turn_left,
    terms,
    value,
)
from core.atlantica.bots.judgement_fit import fit, winner_foretold
from core.atlantica.evolve import fold
from core.atlantica.options import Options
from core.atlantica.setup import new_game
from core.atlantica.state import State
from core.services.score_fit import solve

NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve")


def opening(players: int) -> State:
    return fold(new_game(NAMES[:players], Options(), "ab" * 16))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_player_count_has_a_weight_per_term(players: int) -> None:
    state = opening(players)
    assert len(WEIGHTS[players]) == len(terms(state, 0)) == PHASES * len(FACTS) + players - 1


def test_a_seat_with_no_turn_left_is_worth_its_score() -> None:
    """E1.1: after the hurricane, a seat whose last turn is over keeps what it has."""
    state = replace(
        opening(3),
        treasures=(("GLD-1", "GLD-2"), (), ()),
        ships=(("A4-1",), (), ()),
        hurricane_holder=1,
        final_turns=(1, 2),
        current=1,
    )
    assert not has_turn_left(state, 0)
    assert has_turn_left(state, 2)
    assert value(state, 0) == facts(state, 0)[0] == 4.0


def test_the_expert_is_rewarded_with_the_lead_the_judgement_foretells() -> None:
    state = replace(opening(3), treasures=(("GLD-1", "GLD-2"), ("ARM-1",), ()))
    values = [value(state, seat) for seat in range(3)]
    assert expert_bot.lead(state, 0) == pytest.approx(values[0] - max(values[1:]))
    assert expert_bot.lead(state, 2) == pytest.approx(values[2] - max(values[:2]))


def test_later_seats_are_foretold_less_before_anything_is_taken() -> None:
    """At the opening every seat holds the same; who plays sooner picks first."""
    state = opening(4)
    values = [value(state, seat) for seat in range(4)]
    assert values == sorted(values, reverse=True)
    assert values[0] > values[-1]


def test_solve_solves_a_small_system() -> None:
    solution = solve([[2.0, 1.0], [1.0, 3.0]], [3.0, 5.0])
    assert solution == pytest.approx([0.8, 1.4])


def test_the_fit_foretells_the_winner_better_than_worth() -> None:
    """Fitted on a few greedy games, the weights foretell the winners of other games
    at least as well as the greedy bot's own measure; the shipped weights do better."""
    weights = fit(2, games=24, seed=7)
    assert len(weights) == len(WEIGHTS[2])
    fitted, by_worth = winner_foretold(2, 12, 1000, weights)
    shipped, _ = winner_foretold(2, 12, 1000, WEIGHTS[2])
    assert fitted >= by_worth
    assert shipped > by_worth
