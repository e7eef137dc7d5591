"""Every save names its game: ``20260101-200000-arkantis-Ann-Bob.atlantis.jsonl``.

New hot-seat games, hosted games, play-from-here copies and simulations are named
by ``core.kernel.save_names``; saves named before (``…-Ann-Bob.atlantis.jsonl``,
``game-00042.atlantis.jsonl``) are still listed, continued and counted.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import shutil
from pathlib import Path

import pytest

from atlantis_tui.app import AtlantisApp
from atlantis_tui.cli import main
from atlantis_tui.online.hosting import new_table
from atlantis_tui.saves import latest_unfinished, list_saves
from atlantis_tui.screens.replay import ReplayScreen
from atlantis_tui.session import GameSession, Seat
from core.games import GAMES
from core.kernel.bot_settings import BotSettings
from core.kernel.save_names import (
    SUFFIX,
    game_save_stem,
    played_on_stem,
    simulation_number,
    simulation_save_name,
    with_game,
)
from core.services.stats import folder_stats
from tests.tui.driver import settle

NEW_YEAR = dt.datetime(2026, 1, 1, 20, 0, 0)
STAMP = r"\d{8}-\d{6}"


def test_a_new_game_is_named_by_its_time_game_and_players() -> None:
    assert (
        game_save_stem("arkantis", ["Ann", "Bob"], NEW_YEAR) == "20260101-200000-arkantis-Ann-Bob"
    )
    assert re.fullmatch(STAMP + "-atlantica-Ann", game_save_stem("atlantica", ["Ann"]))


@pytest.mark.parametrize(
    ("stem", "named"),
    [
        ("20250101-200000-Ann-Bob", "20250101-200000-arkantis-Ann-Bob"),  # named before
        ("20260101-200000-arkantis-Ann-Bob", "20260101-200000-arkantis-Ann-Bob"),
        ("20260101-200000-ArkantiS-Ann", "20260101-200000-ArkantiS-Ann"),
        ("rulebook-X1", "arkantis-rulebook-X1"),
        ("20250101", "arkantis-20250101"),
    ],
)
def test_a_name_is_given_its_game_once(stem: str, named: str) -> None:
    assert with_game(stem, "arkantis") == named


def test_a_game_played_on_is_named_after_its_source_or_as_a_new_game() -> None:
    old = "20250101-200000-Ann-Bob"
    assert played_on_stem("atlantis", 12, old) == "20250101-200000-atlantis-Ann-Bob-from-12"
    assert played_on_stem("atlantis", 3, "demo-4-players") == "atlantis-demo-4-players-from-3"
    fresh = played_on_stem("arkantis", 7, None, ["Ann", "Bob"], NEW_YEAR)
    assert fresh == "20260101-200000-arkantis-Ann-Bob-from-7"


def test_a_simulation_names_its_game_and_reads_old_numbers() -> None:
    assert simulation_save_name(42, "arkantis") == f"game-00042-arkantis{SUFFIX}"
    assert simulation_number(f"game-00042-arkantis{SUFFIX}") == 42
    assert simulation_number(f"game-00042{SUFFIX}") == 42  # saved before names had games
    for other in (f"game-x{SUFFIX}", f"game-00042{SUFFIX}.damaged", "game-00042.jsonl"):
        assert simulation_number(other) is None


@pytest.mark.parametrize("game", GAMES.ids)
def test_a_new_hot_seat_game_names_its_game(game: str, tmp_path: Path) -> None:
    seats = [Seat("Ann"), Seat("Bob")]
    session = GameSession.new(seats, seed=1, save_dir=tmp_path, game=GAMES.get(game))
    session.close()
    assert session.path is not None
    assert re.fullmatch(f"{STAMP}-{game}-Ann-Bob{re.escape(SUFFIX)}", session.path.name)


def test_a_hosted_game_names_its_game(tmp_path: Path) -> None:
    """Hosting saves through ``GameSession.new``, so its file is named as any game's."""
    seats = [Seat("Ann"), Seat("Bob")]
    table = new_table(seats, tmp_path, 1, BotSettings(), game=GAMES.get("arkantis"))
    table.session.close()
    assert table.session.path is not None
    assert re.fullmatch(f"{STAMP}-arkantis-Ann-Bob{re.escape(SUFFIX)}", table.session.path.name)


def test_a_simulation_names_its_game_and_numbers_on_after_old_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / f"game-00004{SUFFIX}").write_text("a save named before\n")
    argv = ["simulate", "--game", "arkantis", "--games", "1", "--players", "random,random"]
    assert main([*argv, "--save-dir", str(tmp_path), "--json"]) == 0
    capsys.readouterr()
    assert (tmp_path / f"game-00005-arkantis{SUFFIX}").is_file()


async def test_play_from_here_names_the_game_of_a_save_named_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save_dir = tmp_path / "saves"
    monkeypatch.setenv("ATLANTIS_SAVE_DIR", str(save_dir))
    session = GameSession.new([Seat("Ann"), Seat("Bob")], seed=2, save_dir=tmp_path)
    session.close()
    assert session.path is not None
    old = tmp_path / f"20250101-200000-Ann-Bob{SUFFIX}"
    shutil.move(session.path, old)
    app = AtlantisApp(save_dir, bot_delay=0, replay=old)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, ReplayScreen)
        position = app.screen.replay.position
        await pilot.press("p")
        await settle(pilot, app)
    made = [path.name for path in save_dir.glob(f"*{SUFFIX}")]
    assert made == [f"20250101-200000-atlantis-Ann-Bob-from-{position}{SUFFIX}"]


def test_saves_named_before_are_listed_continued_and_counted(tmp_path: Path) -> None:
    """Load lists, Continue picks the newest unfinished and stats reads saves of both
    namings: the suffix every reader looks for is the one there always was."""
    named = {}
    for game, name in [("atlantis", "old"), ("arkantis", "new")]:
        session = GameSession.new(
            [Seat("Ann"), Seat("Bob")], seed=3, save_dir=tmp_path, game=GAMES.get(game)
        )
        session.close()
        assert session.path is not None
        named[name] = session.path
    old = named["old"].with_name(f"20250101-200000-Ann-Bob{SUFFIX}")
    named["old"].rename(old)
    os.utime(named["new"], (1_000_000, 1_000_000))  # the old-named save is the newest
    listed = [Path(save.path).name for save in list_saves(tmp_path)]
    assert listed == [old.name, named["new"].name]
    latest = latest_unfinished(tmp_path)
    assert latest is not None and Path(latest.path) == old
    stats = folder_stats(tmp_path, GAMES)
    assert stats.unfinished == 2
