"""Puzzle files: written whole, read back equal, and a bad one is one sentence naming
its line, with the puzzles before it kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from atlantis_tui.cli import main
from core.services.puzzles import PuzzleFileError, SetHeader, load_set, write_set
from core.services.puzzles.model import Choice, Making, Puzzle, Source

HEADER = SetHeader("atlantica", "made by hand", "python -m tools.build_puzzles --game atlantica")


def puzzle(number: int, game: str = "atlantica") -> Puzzle:
    """A small puzzle (not a real position: files do not read what a puzzle means)."""
    return Puzzle(
        id=f"{game}-{number:012d}",
        game=game,
        source=Source("game-00001-atlantica.atlantis.jsonl", 10 + number, 7),
        seat=0,
        players=("Ann", "Bob"),
        options={},
        events=({"type": "x"},),
        view={"seat": 0},
        answer={"type": "pass"},
        lead=3.0,
        choices=(Choice({"type": "pass"}, 5.0), Choice({"type": "dive"}, 2.0)),
        rule_ids=("T5.1",),
        rating=1500.0,
        made=Making(0.25, 1, 2.0, 2, "points ahead", (1.0, 2.0, 4.0)),
    )


def test_a_set_reads_back_equal(tmp_path: Path) -> None:
    path = write_set(tmp_path / "set.jsonl", HEADER, [puzzle(1), puzzle(2)])
    read = load_set(path)
    assert read.header == HEADER
    assert read.puzzles == (puzzle(1), puzzle(2))
    assert path.read_bytes().count(b"\n") == 3


def test_a_set_holds_one_game(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="atlantis"):
        write_set(tmp_path / "set.jsonl", HEADER, [puzzle(1, "atlantis")])
    assert not (tmp_path / "set.jsonl").exists()


def _good_lines(tmp_path: Path) -> list[bytes]:
    path = write_set(tmp_path / "good.jsonl", HEADER, [puzzle(1), puzzle(2), puzzle(3)])
    return path.read_bytes().splitlines()


@pytest.mark.parametrize(
    ("damage", "line", "kept", "words"),
    [
        (lambda lines: [], 0, 0, "empty"),
        (lambda lines: [b"{not json", *lines[1:]], 1, 0, "header"),
        (lambda lines: [lines[0].replace(b'"format":1', b'"format":9'), *lines[1:]], 1, 0, "9"),
        (lambda lines: [*lines[:2], b'{"id": 3}', *lines[3:]], 3, 1, "not a puzzle"),
        (lambda lines: [*lines[:3], lines[3][:40]], 4, 2, "not a puzzle"),
        (lambda lines: [*lines[:3], lines[2]], 4, 2, "twice"),
        (
            lambda lines: [
                *lines[:2],
                lines[2].replace(b'"game":"atlantica"', b'"game":"atlantis"'),
            ],
            3,
            1,
            "atlantis",
        ),
    ],
    ids=["empty", "header", "format", "bad-puzzle", "torn-last", "twice", "other-game"],
)
def test_a_bad_file_is_one_sentence_naming_its_line(
    tmp_path: Path, damage: object, line: int, kept: int, words: str
) -> None:
    assert callable(damage)
    lines: list[bytes] = damage(_good_lines(tmp_path))
    path = tmp_path / "bad.jsonl"
    path.write_bytes(b"\n".join(lines) + (b"\n" if lines else b""))
    with pytest.raises(PuzzleFileError) as raised:
        load_set(path)
    error = raised.value
    assert error.line == line and len(error.kept) == kept
    message = str(error)
    assert "\n" not in message and words in message and "bad.jsonl" in message
    if line:
        assert f"line {line}" in message


def test_the_command_line_says_a_bad_file_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"type": "puzzle-set"}\n')
    assert main(["puzzles", "list", "--game", "atlantica", "--file", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.strip().splitlines()) == 1
    assert "bad.jsonl, line 1" in captured.err and "Traceback" not in captured.err


def test_a_missing_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "none.jsonl"
    assert main(["puzzles", "check", "--game", "atlantica", "--file", str(missing)]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
