"""The command line on ArkantiS games: simulate saves them, check judges them whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from atlantis_tui.cli import main
from core.arkantis.game_type import ARKANTIS
from core.games import GAMES
from core.kernel.savefile import read_save


def test_simulated_games_are_checked_consistent_and_finished(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--game", "arkantis", "--games", "2", "--players", "greedy,random"]
    assert main([*argv, "--seed", "4", "--save-dir", str(tmp_path)]) == 0
    saves = sorted(tmp_path.glob("*.jsonl"))
    assert len(saves) == 2
    capsys.readouterr()
    for path in saves:
        assert ARKANTIS.is_finished(read_save(path, GAMES).events)
        assert main(["check", str(path)]) == 0
        assert capsys.readouterr().out.strip().endswith("game finished")


def test_simulate_refuses_a_game_without_a_move_limit(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--game", "arkantis", "--games", "1", "--players", "greedy,random"]
    assert main([*argv, "--option", "move_limit=none"]) != 0
    assert "E1.4" in capsys.readouterr().err
