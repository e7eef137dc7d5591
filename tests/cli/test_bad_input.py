"""Bad input on the command line: one clear line on stderr, exit 2, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from atlantis_tui.app import AtlantisApp
from atlantis_tui.cli import main
from tests.cli.helpers import fails

SHIPPED = Path(__file__).parents[2] / "saves" / "rulebook-X1.atlantis.jsonl"


@pytest.fixture
def a_file(tmp_path: Path) -> Path:
    path = tmp_path / "not-a-folder"
    path.write_text("x")
    return path


@pytest.fixture(autouse=True)
def _no_app(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Nothing here may open the app; saves land in a temporary folder."""
    monkeypatch.setattr(AtlantisApp, "run", lambda self: pytest.fail("the app opened"))
    monkeypatch.setenv("ATLANTIS_SAVE_DIR", str(tmp_path / "saves"))


@pytest.mark.parametrize(
    "words",
    [
        ["simulate", "--games", "1", "--players", "random,random", "--save-dir", "{file}"],
        ["--save-dir", "{file}", "simulate", "--games", "1", "--players", "random,random"],
        ["--save-dir", "{file}", "play"],
        ["play", "--save-dir", "{file}/below"],
        ["--save-dir", "{file}", "tutorial"],
        ["--save-dir", "{file}", "replay", str(SHIPPED)],
    ],
)
def test_a_save_folder_that_is_a_file(
    words: list[str], a_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = fails([w.replace("{file}", str(a_file)) for w in words], capsys)
    assert "cannot save games in" in line and "is a file, not a folder" in line


@pytest.mark.parametrize(
    ("words", "says"),
    [
        (["play", "--players", "Ann,Ann"], "two players are called 'Ann'"),
        (["play", "--players", "Ann,ann"], "two players are called 'ann'"),
        (["play", "--players", "Ann"], "2 to 4 players, not 1"),
        (["play", "--players", "A,B,C,D,E"], "2 to 4 players, not 5"),
        (["play", "--players", ",,"], "2 to 4 players, not 0"),
        (["play", "--players", "Ann,bot:nope"], "unknown bot 'nope'"),
        (["play", "--players", "Ann," + "x" * 21], "longer than 20 characters"),
        (["play", "--seed", "-1"], "--seed"),
        (["play", "--seed", "ten"], "not a whole number"),
        (["--bot-delay", "-1", "play"], "--bot-delay"),
        (["play", "--bot-delay", "nan"], "--bot-delay"),
        (["play", "--bot-delay", "inf"], "--bot-delay"),
        (["play", "--budget", "0"], "--budget"),
        (["--budget", "-2", "tutorial"], "--budget"),
        (["simulate", "--games", "0"], "--games"),
        (["simulate", "--jobs", "0"], "--jobs"),
        (["simulate", "--iterations", "0"], "--iterations"),
        (["simulate", "--players", "random"], "2 to 4 bots"),
        (["simulate", "--players", "random,nope"], "unknown bot 'nope'"),
        (["bench", "--games", "-3"], "--games"),
        (["bench-ui", "--runs", "0"], "--runs"),
        (["bench-ui", "--keys", "x"], "--keys"),
        (["bench-online", "--games", "0"], "--games"),
        (["bench-online", "--players", "5"], "--players"),
        (["tutorial", "--lesson", "99"], "no lesson '99'"),
        (["check", "/nonexistent/game.jsonl"], "No such file"),
        (["log", "/nonexistent/game.jsonl"], "No such file"),
        (["replay", "/nonexistent/game.jsonl"], "No such file"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_input_gets_one_clear_line(
    words: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert says in fails(words, capsys)


def test_check_of_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "not a regular file" in fails(["check", str(tmp_path)], capsys)


def test_tutorial_progress_stays_inside_the_given_save_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``tutorial --save-dir X/sd3`` keeps its progress in X/sd3, never in X."""
    from atlantis_tui.saves import progress_file
    from atlantis_tui.tutorial_app import TutorialApp

    monkeypatch.setattr(TutorialApp, "run", lambda self: None)
    folder = tmp_path / "sd3"
    assert main(["tutorial", "--save-dir", str(folder), "--restart"]) == 0
    assert progress_file(folder).parent == folder
    assert [p.name for p in tmp_path.iterdir()] == ["sd3"]
    assert (folder / "tutorial.json").exists()


def test_progress_is_inside_the_save_folder_or_the_default_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from atlantis_tui.saves import default_save_dir, progress_file

    assert progress_file(tmp_path / "mine") == tmp_path / "mine" / "tutorial.json"
    monkeypatch.delenv("ATLANTIS_SAVE_DIR")
    assert progress_file() == default_save_dir() / "tutorial.json"
    assert "atlantis" in str(progress_file())
