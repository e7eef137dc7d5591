"""The shipped sets: every game has one, it loads, says how it was made and how to
rebuild it, and every puzzle's answer is legal, right, and clearly the best."""

from __future__ import annotations

import pytest

from core.games import GAMES
from core.services.puzzles.position import decoded, judge_answer, position_state, position_view
from core.services.puzzles.shipped import shipped_path, shipped_set
from tests.puzzles.helpers import GAME_IDS

LEAST = 50
"""Puzzles each shipped set holds at least (issue 35)."""


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_ships_a_set_that_says_how_it_was_made(game_id: str) -> None:
    assert shipped_path(game_id).name == f"{game_id}.jsonl"
    found = shipped_set(game_id)
    assert found is not None, f"no shipped set for {game_id}"
    assert found.header.game == game_id
    assert found.header.rebuild == f"python -m tools.build_puzzles --game {game_id}"
    assert "bot games" in found.header.made
    assert len(found.puzzles) >= LEAST


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_shipped_answer_is_legal_right_and_clearly_best(game_id: str) -> None:
    game = GAMES.get(game_id)
    found = shipped_set(game_id)
    assert found is not None
    for puzzle in found.puzzles:
        state = position_state(game, puzzle)
        assert game.to_act(state) == puzzle.seat
        assert game.privacy.view_for(state, puzzle.seat) == position_view(game, puzzle)
        answer = decoded(game, puzzle.answer)
        assert answer in game.legal_commands(state), puzzle.id
        assert judge_answer(puzzle, answer, game).correct, puzzle.id
        mistake = puzzle.made.thresholds[1]
        assert puzzle.lead >= mistake > 0, puzzle.id
        assert all(
            puzzle.choices[0].value - choice.value >= mistake for choice in puzzle.choices[1:]
        )
        assert puzzle.source.seed is not None
