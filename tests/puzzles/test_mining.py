"""What the miner keeps: choices the searches agree on, never forced ones, the same for a
seed; a lead under a mistake's loss makes no puzzle."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.games import GAMES
from core.services.puzzles.mining import MiningSettings, mine, saves_in
from core.services.puzzles.position import decoded, position_state
from tests.puzzles.helpers import GAME_IDS, TINY, lenient, mined, saves_folder

# ``mined`` is worked out once per process: every test that reads it on one worker.
pytestmark = pytest.mark.xdist_group("mined-puzzles")

OPENING_LINES = 60
"""The save's header and the events of about the first quarter of the game."""


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_puzzle_is_a_choice_never_a_forced_one(game_id: str) -> None:
    game = GAMES.get(game_id)
    puzzles = mined(game_id)
    assert puzzles
    for puzzle in puzzles:
        assert len(puzzle.choices) >= 2
        assert puzzle.choices[0].command == puzzle.answer
        assert puzzle.lead >= puzzle.made.thresholds[1]
        assert puzzle.choices[0].value - puzzle.choices[1].value == pytest.approx(
            puzzle.lead, abs=0.002
        )
        state = position_state(game, puzzle)
        assert game.to_act(state) == puzzle.seat
        assert len(game.legal_commands(state)) >= 2
        assert decoded(game, puzzle.answer) in game.legal_commands(state)
        assert puzzle.made.confirm_budget == TINY.depth * puzzle.made.budget
        assert puzzle.made.confirm_seed != puzzle.made.seed


def test_a_lead_under_a_mistakes_loss_makes_no_puzzle() -> None:
    """With a mistake's loss no lead reaches, nothing is kept; with 0, choices are."""
    saves = saves_in(saves_folder("atlantica"))
    game = GAMES.get("atlantica")
    assert mine(lenient(game, 1000.0), saves, GAMES, TINY) == []
    assert mined("atlantica")


def test_mining_is_the_same_for_a_seed_and_differs_for_another(tmp_path: Path) -> None:
    """Mined afresh, the opening of the game gives the very puzzles the whole game's
    mining gave there; another seed gives other choices. (The opening, not the whole
    game: mining a whole game twice more would be the costliest test of the suite.)"""
    game = lenient(GAMES.get("atlantica"))
    save = next(saves_folder("atlantica").iterdir())
    lines = save.read_text(encoding="utf-8").splitlines(keepends=True)
    (tmp_path / save.name).write_text("".join(lines[:OPENING_LINES]), encoding="utf-8")
    again = mine(game, saves_in(tmp_path), GAMES, TINY)
    assert len(again) >= 5
    last = again[-1].source.event
    assert tuple(again) == tuple(p for p in mined("atlantica") if p.source.event <= last)
    other = mine(
        game, saves_in(tmp_path), GAMES, MiningSettings(TINY.budget, TINY.seed + 10, TINY.depth)
    )
    assert [p.choices for p in other] != [p.choices for p in again]


def test_a_save_that_cannot_be_read_is_reported_and_passed_over(tmp_path: Path) -> None:
    (tmp_path / "broken.atlantis.jsonl").write_text("not a save\n")
    heard: list[str] = []
    found = mine(
        GAMES.get("atlantica"),
        saves_in(tmp_path),
        GAMES,
        TINY,
        skipped=lambda path, reason: heard.append(path.name),
    )
    assert found == [] and heard == ["broken.atlantis.jsonl"]
