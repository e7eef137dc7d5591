"""``atlantis stats`` and the Statistics screen show the player's puzzle rating per
game, read from the attempts file in the save folder."""

from __future__ import annotations

import datetime as _dt
import json
from pathlib import Path
from typing import Any

import pytest

from atlantis_tui.cli import main
from core.services.puzzle_ratings import PuzzleRatings, attempts_file

WHEN = _dt.datetime(2026, 3, 1, 12, tzinfo=_dt.UTC)


def _json(folder: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(["stats", "--json", "--save-dir", str(folder)]) == 0
    printed: dict[str, Any] = json.loads(capsys.readouterr().out)
    return printed


def _attempts(folder: Path) -> PuzzleRatings:
    ratings = PuzzleRatings.load(attempts_file(folder), starts={("atlantis", "p1"): 1700.0})
    for number, solved in enumerate([True, False, True, True]):
        ratings.record("atlantis", f"p{number}", solved, when=WHEN)
    ratings.record("atlantica", "q", False, when=WHEN)
    return ratings


def test_json_gives_the_puzzle_rating_per_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ratings = _attempts(tmp_path)
    data = _json(tmp_path, capsys)
    atlantis, atlantica = data["puzzles"]  # in the registry's order of games
    assert atlantis == {
        "game": "atlantis",
        "rating": round(ratings.player_rating("atlantis").rating),
        "deviation": round(ratings.player_rating("atlantis").deviation, 1),
        "provisional": True,
        "attempts": 4,
        "solved": 3,
    }
    assert atlantica["game"] == "atlantica" and atlantica["solved"] == 0
    assert atlantica["rating"] < 1500 < atlantis["rating"]
    assert data["puzzle_problem"] is None
    assert data["finished"] == 0  # no saves: the puzzles still show


def test_no_attempts_no_puzzles(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(tmp_path, capsys)
    assert data["puzzles"] == [] and data["puzzle_problem"] is None


def test_the_table_and_a_damaged_file_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _attempts(tmp_path)
    with attempts_file(tmp_path).open("ab") as handle:
        handle.write(b"garbage\n")
    assert main(["stats", "--save-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Puzzles" in out and "solved at the first try" in out
    row = next(line for line in out.splitlines() if "│ Atlantis " in line)
    assert [cell.strip() for cell in row.split("│")][2:4] == [
        f"{round(_json_rating(tmp_path, capsys))}?",
        "4",
    ]
    assert "?: provisional" in out
    assert (
        "puzzle-attempts.jsonl, line 6: not a JSON attempt; the attempts before it are kept" in out
    )


def _json_rating(folder: Path, capsys: pytest.CaptureFixture[str]) -> float:
    rating: float = _json(folder, capsys)["puzzles"][0]["rating"]
    return rating
