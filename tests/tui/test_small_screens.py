"""Below the smallest size that works, a notice replaces the screen; it comes back."""

from __future__ import annotations

from pathlib import Path

from textual.widget import Widget

from atlantis_tui.app import AtlantisApp
from atlantis_tui.games.atlantis.game_screen import GameScreen
from atlantis_tui.widgets.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmall
from tests.tui import scenes
from tests.tui.driver import settle


def shown(widget: Widget) -> bool:
    return widget.display


async def test_a_too_small_terminal_shows_a_notice_and_keys_do_nothing(save_dir: Path) -> None:
    """60×20: the notice names the size to reach, and a move typed blind is not made."""
    app = scenes.water_app(save_dir)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        notice = screen.query_one(TooSmall)
        assert shown(notice) and notice.region.width == 60
        assert f"{MIN_WIDTH}×{MIN_HEIGHT}" in str(notice.render())
        assert not shown(screen.query_one("#board"))
        events = len(screen.session.events)
        await pilot.press("a", "enter", "enter")
        await settle(pilot, app)
        assert len(screen.session.events) == events
        await pilot.resize_terminal(MIN_WIDTH, MIN_HEIGHT)
        await settle(pilot, app)
        assert not shown(notice)
        assert shown(screen.query_one("#board"))
        assert app.focused is not notice


async def test_dialogs_and_menus_get_the_notice_too(save_dir: Path) -> None:
    """The start menu and the new-game form are replaced as well, at any height below 24."""
    app = AtlantisApp(save_dir, bot_delay=0)
    async with app.run_test(size=(120, 20)) as pilot:
        await settle(pilot, app)
        assert app.screen.query_one(TooSmall).display
        await pilot.resize_terminal(120, 40)
        await pilot.press("enter")
        await settle(pilot, app)
        await pilot.resize_terminal(100, 23)
        await settle(pilot, app)
        assert app.screen.query_one(TooSmall).display


async def test_paying_by_hand_fits_a_small_screen(save_dir: Path) -> None:
    """At 80×24, choosing the cards oneself keeps the total and the Pay button inside the
    dialog: the list of tiles and cards scrolls instead."""
    app = scenes.water_app(save_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("a", "4", "enter", "end", "enter")
        await pilot.pause()
        dialog = app.screen.query_one(".dialog")
        for part in ("#total", "#pay"):
            widget = app.screen.query_one(part)
            assert widget.display
            assert dialog.content_region.contains_region(widget.region), (part, widget.region)
