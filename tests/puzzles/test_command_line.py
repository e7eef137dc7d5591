"""``atlantis puzzles``: build, list and check as a program reads them, and the screen's
entry when the screen cannot be had."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from atlantis_tui.cli import main
from core.services.puzzles import SetHeader, load_set, write_set
from tests.puzzles.helpers import mined, saves_folder

# ``mined`` is worked out once per process: every test that reads it on one worker.
pytestmark = pytest.mark.xdist_group("mined-puzzles")


def test_build_mines_a_folder_into_a_file_that_names_how_to_rebuild_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "mined.jsonl"
    words = ["puzzles", "build", "--game", "atlantica", "--from", str(saves_folder("atlantica"))]
    assert main([*words, "--out", str(out), "--budget", "0.01"]) == 0
    assert "written to" in capsys.readouterr().out
    read = load_set(out)
    assert read.header.game == "atlantica"
    assert read.header.rebuild.startswith("atlantis puzzles build --game atlantica --from ")
    assert all(puzzle.made.budget == 0.01 for puzzle in read.puzzles)


def test_build_refuses_a_folder_that_is_not_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nowhere"
    assert main(["puzzles", "build", "--game", "atlantica", "--from", str(missing)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "nowhere" in err


def test_list_prints_one_object_per_puzzle(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzles = mined("atlantica")[:4]
    path = write_set(tmp_path / "set.jsonl", SetHeader("atlantica", "t", "t"), puzzles)
    words = ["--save-dir", str(tmp_path), "puzzles", "list", "--game", "atlantica"]
    assert main([*words, "--file", str(path), "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [row["id"] for row in rows] == [puzzle.id for puzzle in puzzles]
    for row, puzzle in zip(rows, puzzles, strict=True):
        assert set(row) == {"id", "game", "seat", "rating", "source"}
        assert row["game"] == "atlantica" and row["seat"] == puzzle.seat
        assert row["rating"] == puzzle.rating
        assert row["source"]["save"] == puzzle.source.save
        assert row["source"]["event"] == puzzle.source.event


def test_list_refuses_a_file_of_another_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_set(tmp_path / "set.jsonl", SetHeader("atlantica", "t", "t"), mined("atlantica"))
    assert main(["puzzles", "list", "--game", "atlantis", "--file", str(path)]) == 2
    assert "atlantica" in capsys.readouterr().err


def test_check_prints_how_many_agree(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_set(tmp_path / "set.jsonl", SetHeader("atlantica", "t", "t"), mined("atlantica"))
    words = ["puzzles", "check", "--game", "atlantica", "--file", str(path), "--json"]
    assert main([*words, "--sample", "3", "--budget", "0.05"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["checked"] == 3 and 0 <= result["agree"] <= 3


def test_without_the_screen_the_puzzles_command_says_so_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "atlantis_tui.screens.puzzles_app", None)
    assert main(["puzzles", "--game", "atlantica"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "puzzle screen" in err


def test_the_puzzles_command_opens_the_screen_on_the_game(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import atlantis_tui.screens.puzzles_app as screen

    opened: list[object] = []
    monkeypatch.setattr(screen, "run", lambda game, save_dir=None: opened.append(game))
    assert main(["--save-dir", str(tmp_path), "puzzles", "--game", "ArkantiS"]) == 0
    assert opened == ["arkantis"]
