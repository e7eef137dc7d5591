"""``atlantis simulate --save-dir D`` run again into the same folder goes on numbering,
after saves named before names had their game (``game-00007.atlantis.jsonl``) too."""

from __future__ import annotations

from pathlib import Path

import pytest

from atlantis_tui import cli
from core.atlantis.saves import read_save

SUFFIX = ".atlantis.jsonl"


def _simulate(folder: Path, games: int, capsys: pytest.CaptureFixture[str]) -> None:
    arguments = ["simulate", "--games", str(games), "--players", "random,random"]
    assert cli.main([*arguments, "--save-dir", str(folder), "--json"]) == 0
    assert capsys.readouterr().err == ""


def _names(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


def test_a_second_run_continues_the_numbering(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _simulate(tmp_path, 2, capsys)
    first = {name: (tmp_path / name).read_bytes() for name in _names(tmp_path)}
    _simulate(tmp_path, 3, capsys)
    assert _names(tmp_path) == [f"game-{n:05d}-atlantis{SUFFIX}" for n in range(5)]
    for name, data in first.items():
        assert (tmp_path / name).read_bytes() == data  # the first run's games are untouched
    for name in _names(tmp_path):
        assert read_save(tmp_path / name).events  # every one a whole save


def test_numbering_goes_on_after_the_highest_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for number in (7, 200):
        (tmp_path / f"game-{number:05d}{SUFFIX}").write_text("not a save\n")
    (tmp_path / f"game-notanumber{SUFFIX}").write_text("neither\n")
    (tmp_path / f"game-99999{SUFFIX}.damaged").write_text("a kept original\n")
    _simulate(tmp_path, 2, capsys)
    assert f"game-00201-atlantis{SUFFIX}" in _names(tmp_path)
    assert f"game-00202-atlantis{SUFFIX}" in _names(tmp_path)
    assert (tmp_path / f"game-00200{SUFFIX}").read_text() == "not a save\n"


def test_the_next_number_of_an_empty_or_missing_folder_is_zero(tmp_path: Path) -> None:
    from core.services.simulate import next_save_number

    assert next_save_number(tmp_path) == 0
    assert next_save_number(tmp_path / "missing") == 0
    (tmp_path / f"game-100000{SUFFIX}").write_text("")
    assert next_save_number(tmp_path) == 100001
    (tmp_path / f"game-100001-arkantis{SUFFIX}").write_text("")
    assert next_save_number(tmp_path) == 100002
