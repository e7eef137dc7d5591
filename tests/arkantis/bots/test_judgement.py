"""The expert's judgement of a position (``judgement``): the final scores it foretells,
the lead the search is rewarded with, and the fit that makes its weights."""

from __future__ import annotations

import math

import pytest
from msgspec.structs import replace

from core.arkantis.bots import expert_bot
from core.arkantis.bots.analysis import analyse
from core.arkantis.bots.judgement import (
    FACTS,
    STAINS_COUNTED,
    WEIGHTS,
    facts,
    plain_value,
    still_playing,
    terms,
    value,
)
from core.arkantis.bots.judgement_fit import fit, positions, winner_foretold
from core.arkantis.evolve import fold
from core.arkantis.options import Options
from core.arkantis.setup import new_game
from core.arkantis.state import State
from core.arkantis.view import view_for
from core.services.score_fit import solve

NAMES = ("Ana", "Ben", "Cleo", "Dan")


def opening(players: int) -> State:
    return fold(new_game(NAMES[:players], Options(), "ab" * 16))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_player_count_has_a_finite_weight_per_term(players: int) -> None:
    state = opening(players)
    board = analyse(state)
    assert len(WEIGHTS[players]) == len(terms(state, 0, board, -1)) == 2 * len(FACTS) + players - 1
    assert all(math.isfinite(weight) for weight in WEIGHTS[players])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_more_pions_or_a_laid_card_is_foretold_a_better_end(players: int) -> None:
    """An obviously better position: the same, with more pions, or a card laid."""
    state = opening(players)
    board = analyse(state)
    before = value(state, 0, board, -1)
    richer = replace(state, pions=(state.pions[0] + 6, *state.pions[1:]))
    assert value(richer, 0, board, -1) > before
    card = state.hands[0][0]
    laid = replace(
        state,
        hands=(state.hands[0][1:], *state.hands[1:]),
        laid=((card,), *state.laid[1:]),
    )
    assert value(laid, 0, board, -1) > before


def test_a_player_who_has_passed_is_worth_his_score() -> None:
    """T5: a player who has passed plays no more; E2: his score is what he ends with."""
    state = opening(3)
    passed = replace(state, passed=(False, True, False), pions=(3, 9, 3))
    board = analyse(passed)
    assert not still_playing(passed, 1)
    assert still_playing(passed, 0)
    assert value(passed, 1, board, -1) == facts(passed, 1, board, -1)[0] == 9 - 3


def test_the_player_who_chose_on_the_board_is_offered_nothing_more_by_it() -> None:
    """The board the last action was chosen on: its chooser took what it offered him."""
    state = replace(opening(2), pions=(8, 8))
    board = analyse(state)
    offered = facts(state, 0, board, 1)
    taken = facts(state, 0, board, 0)
    assert offered[FACTS.index("best")] > 0
    assert taken[FACTS.index("best")] == taken[FACTS.index("ready")] == 0


def test_the_hand_facts_count_kinds_cards_stains_and_moves_left() -> None:
    """``facts``' last four: the kinds held, the hand's size squared, the removals on the
    board staining a kind held (in tens, each kind counted up to ``STAINS_COUNTED``),
    and the moves the player may still make under the move limit (T3.4)."""
    state = opening(2)
    hand = ("I4-1", "I4-2", "X5-1")
    limit = state.options.move_limit
    assert limit
    state = replace(state, hands=(hand, state.hands[1]), moves_used=(1, 0))
    board = analyse(state)
    found = dict(zip(FACTS, facts(state, 0, board, -1), strict=True))
    assert found["kinds"] == 2
    assert found["cards_squared"] == 9
    stained = sum(min(board.stain_counts.get(kind, 0), STAINS_COUNTED) for kind in ("I4", "X5"))
    assert stained > 0  # this board stains a column (I4)
    assert found["stainable"] == stained / 10
    assert found["moves_left"] == limit - 1
    empty = replace(state, hands=((), state.hands[1]), moves_used=(limit, 0))
    none = dict(zip(FACTS, facts(empty, 0, board, -1), strict=True))
    assert none["kinds"] == none["cards_squared"] == none["stainable"] == none["moves_left"] == 0


def test_the_expert_is_rewarded_with_the_lead_the_judgement_foretells() -> None:
    state = replace(opening(3), pions=(3, 10, 5))
    board = analyse(state)
    values = [value(state, seat, board, 2) for seat in range(3)]
    assert expert_bot.lead(state, 0, board, 2) == pytest.approx(values[0] - max(values[1:]))
    assert expert_bot.lead(state, 1, board, 2) == pytest.approx(
        values[1] - max(values[0], values[2])
    )


def test_positions_carry_the_board_of_the_last_action_and_its_chooser() -> None:
    found = list(positions(2, 1, 5))
    finals = found[0][3]
    assert all(item[3] == finals for item in found)
    assert found[0][2] == -1
    after = [(state, chooser) for state, _board, chooser, _ in found if state.phase == "after"]
    assert after
    # After his action, the player to buy is the one who chose it.
    assert all(chooser == state.current for state, chooser in after)


def test_solve_finds_the_solution_of_a_small_system() -> None:
    assert solve([[2.0, 1.0], [1.0, 3.0]], [5.0, 10.0]) == pytest.approx([1.0, 3.0])


def test_a_fit_on_a_few_games_gives_finite_weights_that_foretell_winners() -> None:
    weights = fit(2, 4, 3)
    assert len(weights) == len(WEIGHTS[2])
    assert all(math.isfinite(weight) for weight in weights)
    ours, former = winner_foretold(2, 2, 10**6, weights)
    assert 0.0 <= ours <= 1.0
    assert 0.0 <= former <= 1.0


def test_the_review_judges_by_the_plain_measure_and_play_by_the_fitted_one() -> None:
    """The review keeps ``plain_value`` (its terms are the rules' own); the expert's
    own searches use the fitted ``value``."""
    state = replace(opening(2), pions=(3, 10))
    view = view_for(state, state.current)
    found = expert_bot.review_search(view)
    assert found is not None
    reviewing = found.search
    assert isinstance(reviewing, expert_bot.ExpertBot)
    assert reviewing.root is not None and not reviewing.squashed
    assert expert_bot.ExpertBot(iterations=4).root is None
    board = analyse(state)
    plain = [plain_value(state, seat, board) for seat in range(2)]
    assert expert_bot.plain_lead(state, 0, board) == pytest.approx(plain[0] - plain[1])
    assert plain[1] > plain[0]  # seven pions more, and hands alike in size
