"""The solver's position rebuilt from what the seat saw, and answers judged."""

from __future__ import annotations

import pytest

from core.games import GAMES
from core.services.puzzles.model import as_json, second_best
from core.services.puzzles.position import (
    decoded,
    events_rule_ids,
    folds_to_view,
    judge_answer,
    position_state,
    position_view,
)
from tests.puzzles.helpers import GAME_IDS, mined

# ``mined`` is worked out once per process: every test that reads it on one worker.
pytestmark = pytest.mark.xdist_group("mined-puzzles")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_position_shows_the_seat_its_own_view(game_id: str) -> None:
    game = GAMES.get(game_id)
    for puzzle in mined(game_id)[:5]:
        state = position_state(game, puzzle)
        assert game.privacy.view_for(state, puzzle.seat) == position_view(game, puzzle)
        assert as_json(position_view(game, puzzle)) == puzzle.view
        assert position_state(game, puzzle) == state  # the same every time


def test_atlantica_folds_the_seats_events_the_others_sample_from_the_view() -> None:
    """Folding the events a seat received gives its view back in Atlantica only: in
    Atlantis and ArkantiS they hide how many cards the others and the pile hold."""
    found = {
        game_id: [folds_to_view(GAMES.get(game_id), p) is not None for p in mined(game_id)[:5]]
        for game_id in GAME_IDS
    }
    assert all(found["atlantica"])
    assert not any(found["atlantis"]) and not any(found["arkantis"])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_answer_is_right_and_another_choice_loses_its_value(game_id: str) -> None:
    game = GAMES.get(game_id)
    puzzle = mined(game_id)[0]
    right = judge_answer(puzzle, decoded(game, puzzle.answer), game)
    assert right.correct and right.loss_in_points == 0.0
    assert judge_answer(puzzle, puzzle.answer, game).correct
    other = second_best(puzzle)
    assert other is not None
    wrong = judge_answer(puzzle, other.command, game)
    if wrong.correct:  # a command with the very same effect as the answer
        state = position_state(game, puzzle)
        answer = decoded(game, puzzle.answer)
        assert game.decide(state, decoded(game, other.command)) == game.decide(state, answer)
        return
    assert wrong.loss_in_points == pytest.approx(puzzle.choices[0].value - other.value, abs=1e-3)
    assert wrong.better_command == puzzle.answer
    # The rules that matter are where the two moves part: the answer's that the choice
    # made does not follow, and the choice's own (both moves' rules if none differ).
    state = position_state(game, puzzle)
    answer_rules = set(
        events_rule_ids(game, state, game.decide(state, decoded(game, puzzle.answer)))
    )
    if game.presentation.event_rules is None:  # named by the log's sentences at mining
        answer_rules |= set(puzzle.rule_ids)
    given = game.decide(state, decoded(game, other.command))
    given_rules = set(events_rule_ids(game, state, given))
    assert wrong.rule_ids and set(wrong.rule_ids) <= answer_rules | given_rules
    assert answer_rules ^ given_rules <= set(wrong.rule_ids)


def test_atlantica_names_the_rules_of_its_answers() -> None:
    assert any(puzzle.rule_ids for puzzle in mined("atlantica"))
