"""``atlantis simulate`` and ``atlantis bench`` take the game to play (``--game``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from atlantis_tui.cli import main
from core.games import GAMES
from core.kernel.savefile import read_save


def test_simulate_plays_the_game_it_is_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--game", "atlantis", "--games", "2", "--players", "greedy,random"]
    assert main([*argv, "--save-dir", str(tmp_path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 2 and {bot["bot"] for bot in data["bots"]} == {"greedy", "random"}
    saved = read_save(tmp_path / "game-00000-atlantis.atlantis.jsonl", GAMES)
    assert saved.header.game == "atlantis"
    assert saved.header.seats == ("bot:greedy", "bot:random")


def test_the_game_defaults_to_atlantis(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "1", "--players", "random,random", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 1


@pytest.mark.parametrize("command", ["simulate", "bench"])
def test_an_unknown_game_is_one_line_naming_the_games(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main([command, "--game", "chess"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'chess'" in err and "atlantis" in err


def test_the_number_of_bots_comes_from_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    players = "random,random,random,random,random"
    assert main(["simulate", "--game", "atlantis", "--players", players]) == 2
    assert capsys.readouterr().err == "atlantis simulate: --players needs 2 to 4 bots\n"


def test_the_help_lists_the_default_games_bots(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    seats = ", ".join(f"{g.name} {g.players.least}–{g.players.most}" for g in GAMES)
    assert f"bot names, comma-separated, one per seat ({seats})" in out
    assert "Atlantis 2–4, ArkantiS 2–4" in seats
    assert "Atlantis's bots: random, greedy, expert" in out
    ids = ", ".join(GAMES.ids)
    assert "--game GAME" in out and f"the game: {ids} (default atlantis)" in out


def test_bench_measures_the_game_it_is_given(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--game", "atlantis", "--games", "3", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert list(figures) == [
        "random_games_per_second",
        "mean_turns_per_game",
        "fold_ms_per_game",
        "preview_us_per_call",
        "setup_ms_per_game",
        "cpu_random_games_per_second",
        "cpu_fold_ms_per_game",
        "cpu_preview_us_per_call",
        "cpu_setup_ms_per_game",
    ]
    assert all(value > 0 for value in figures.values())


def test_bench_all_measures_every_game_on_both_clocks(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--game", "ALL", "--games", "2", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert list(figures) == list(GAMES.ids)
    for game_figures in figures.values():
        assert game_figures["cpu_random_games_per_second"] > 0
        assert game_figures["cpu_fold_ms_per_game"] > 0
