"""The Statistics screen shows each person's and each bot kind's rating and the
player's puzzle ratings, and its help says what they are. (Its snapshots,
``tests/tui/test_stats_screen.py``, show the rating column at 120×40 and 80×24.)"""

from __future__ import annotations

from pathlib import Path

from atlantis_tui.app import AtlantisApp
from atlantis_tui.screens.simple import HelpScreen
from atlantis_tui.screens.stats import StatsScreen
from core.games import GAMES
from core.services.puzzle_ratings import PuzzleRatings, attempts_file
from core.services.stats import folder_stats
from tests.ratings.saves import atlantis_save, created
from tests.tui.test_language_switch import screen_text

SEATS = [("Ann", "human"), ("Bob", "human"), ("Greedy", "bot:greedy")]


async def test_the_ratings_show_and_the_help_explains_them(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    for day in range(1, 4):
        atlantis_save(folder / f"{day}.atlantis.jsonl", SEATS, [30, 10, 20], created(day), day)
    puzzles = PuzzleRatings.load(attempts_file(folder))
    puzzles.record("atlantis", "p1", solved_first_try=True)
    stats = folder_stats(folder, GAMES)
    shown_ratings = {
        record.name: record.rating.value
        for record in (*stats.people, *stats.bots)
        if record.rating is not None
    }
    assert set(shown_ratings) == {"Ann", "Bob", "greedy"}
    app = AtlantisApp(folder, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(StatsScreen(folder))
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        rows = [
            [cell.strip() for cell in line.split("│")]
            for line in screen_text(app).splitlines()
            if line.startswith("│")
        ]
        for name, value in shown_ratings.items():
            # The first row naming it is in the People or the Bots table: the rating
            # stands right after the name.
            row = next(row for row in rows if row[1] == name)
            assert row[2] == str(value)
        puzzle_row = next(row for row in rows if row[1] == "Atlantis")
        assert puzzle_row[2:4] == [f"{round(puzzles.player_rating('atlantis').rating)}?", "1"]
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "**rating**" in app.screen.text and "starts at 1000" in app.screen.text
        assert "**Puzzles**" in app.screen.text
