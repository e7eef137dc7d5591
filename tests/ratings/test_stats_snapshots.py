"""Snapshots of the Statistics screen with ratings: Ann, who won every game, rated
above Bob; the greedy bots between them; the player's puzzle ratings in two games, one
still provisional."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from atlantis_tui.app import AtlantisApp
from atlantis_tui.screens.stats import StatsScreen
from core.services.glicko2 import Rating
from core.services.puzzle_ratings import PuzzleRatings, attempts_file
from tests.ratings.saves import atlantis_save, created
from tests.tui.driver import atlantis_app

SnapCompare = Callable[..., bool]  # pytest-textual-snapshot's fixture
SIZES = [pytest.param((120, 40), id="120x40"), pytest.param((80, 24), id="80x24")]
SEATS = [("Ann", "human"), ("Greedy 1", "bot:greedy"), ("Bob", "human"), ("G2", "bot:greedy")]
WHEN = _dt.datetime(2026, 3, 1, 12, tzinfo=_dt.UTC)


def rated_folder(folder: Path) -> Path:
    for day in range(1, 5):
        scores = [50, 40, 10, 30]
        atlantis_save(folder / f"{day:02d}.atlantis.jsonl", SEATS, scores, created(day), day)
    ratings = PuzzleRatings.load(attempts_file(folder))
    for number in range(60):
        ratings.record("atlantis", f"a{number}", solved_first_try=number % 3 != 0, when=WHEN)
    ratings.record("arkantis", "k1", solved_first_try=True, when=WHEN)
    return folder


def test_the_folder_is_as_the_snapshots_say(tmp_path: Path) -> None:
    ratings = PuzzleRatings.load(attempts_file(rated_folder(tmp_path)))
    settled: Rating = ratings.player_rating("atlantis")
    assert settled.deviation < 110 <= ratings.player_rating("arkantis").deviation


@pytest.mark.parametrize("size", SIZES)
def test_statistics_with_ratings(
    snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]
) -> None:
    """People with a rating column (Ann above Bob), the bots' (greedy), then the
    Puzzles table (Atlantis settled, ArkantiS provisional with its ``?`` and the
    caption); at 80×24 the puzzles are a scroll away."""
    folder = rated_folder(tmp_path / "saves")

    async def open_stats(pilot: Pilot[None]) -> None:
        app = atlantis_app(pilot)
        app.push_screen(StatsScreen(folder))
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()

    assert snap_compare(AtlantisApp(folder, bot_delay=0), run_before=open_stats, terminal_size=size)
