"""The Statistics screen: opened from the start menu or the palette, Esc goes back.

The snapshots show a prepared save folder (``tests.cli.test_stats``): five finished
games, one a tie, one unfinished save and one damaged.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from atlantis_tui.app import AtlantisApp
from atlantis_tui.screens.simple import HelpScreen
from atlantis_tui.screens.start import StartScreen
from atlantis_tui.screens.stats import StatsScreen
from tests.cli.test_stats import prepared_folder
from tests.tui.driver import atlantis_app
from tests.tui.test_language_switch import choose_language, screen_text

SnapCompare = Callable[..., bool]  # pytest-textual-snapshot's fixture
SIZES = [pytest.param((120, 40), id="120x40"), pytest.param((80, 24), id="80x24")]


async def _open_from_the_menu(pilot: Pilot[None], app: AtlantisApp) -> None:
    await pilot.pause()
    menu = app.screen.query_one("#menu", OptionList)
    menu.highlighted = menu.get_option_index("stats")
    await pilot.press("enter")
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()


async def test_opened_from_the_start_menu_and_closed_with_escape(save_dir: Path) -> None:
    prepared_folder(save_dir)
    app = AtlantisApp(save_dir, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await _open_from_the_menu(pilot, app)
        assert isinstance(app.screen, StatsScreen)
        shown = screen_text(app)
        assert "5 finished games, 1 unfinished, 1 damaged" in shown
        for words in ("People", "Best games", "Bots", "3 (1 shared)", "greedy 2, random 1"):
            assert words in shown
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)


async def test_question_mark_explains_what_is_counted(save_dir: Path) -> None:
    app = AtlantisApp(save_dir, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open_from_the_menu(pilot, app)
        assert "No saved games yet." in screen_text(app)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "examples" in app.screen.text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)


async def test_the_palette_offers_the_statistics(save_dir: Path) -> None:
    app = AtlantisApp(save_dir, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        [command] = [c for c in app.get_system_commands(app.screen) if c.title == "Statistics"]
        command.callback()
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)


async def test_a_file_in_place_of_the_folder_is_said_not_raised(tmp_path: Path) -> None:
    target = tmp_path / "saves"
    target.write_text("")
    app = AtlantisApp(tmp_path, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(StatsScreen(target))
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "it is a file, not a folder" in " ".join(screen_text(app).split())


async def test_a_new_language_rewrites_the_tables(save_dir: Path) -> None:
    prepared_folder(save_dir)
    app = AtlantisApp(save_dir, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await _open_from_the_menu(pilot, app)
        await choose_language(pilot, app, "fr")
        assert isinstance(app.screen, StatsScreen)
        shown = screen_text(app)
        assert "Statistiques" in shown and "5 parties terminées" in shown


@pytest.mark.parametrize("size", SIZES)
def test_statistics_screen(
    snap_compare: SnapCompare, save_dir: Path, size: tuple[int, int]
) -> None:
    """The summary (5 finished, 1 unfinished, 1 damaged), People with Ann's and Bob's
    shared win, their best games with date and file, then the bots by kind; at 80×24
    the rest is a scroll away, and the footer shows Back and Help."""
    prepared_folder(save_dir)

    async def open_stats(pilot: Pilot[None]) -> None:
        await _open_from_the_menu(pilot, atlantis_app(pilot))

    app = AtlantisApp(save_dir, bot_delay=0)
    assert snap_compare(app, run_before=open_stats, terminal_size=size)
