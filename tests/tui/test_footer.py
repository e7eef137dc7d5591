"""The footer is rebuilt when the keys it shows change, and only then: a screen refreshes
its bindings after every key a player presses, and rebuilding the footer each time was
the largest part of a key's cost."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets._footer import FooterKey

from atlantis_tui.games.atlantis.game_screen import GameScreen
from atlantis_tui.widgets.footer import KeysFooter
from tests.tui import scenes
from tests.tui.driver import atlantis_app
from tests.tui.test_language_switch import choose_language


def footer_keys(screen: GameScreen) -> list[FooterKey]:
    return list(screen.query_one(KeysFooter).query(FooterKey))


@contextlib.asynccontextmanager
async def game_opened(save_dir: Path) -> AsyncIterator[tuple[Pilot[None], GameScreen]]:
    """The opening of a game, on its game screen."""
    app = scenes.opening_app(save_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        yield pilot, screen


async def test_the_footer_is_kept_while_its_keys_are_the_same(save_dir: Path) -> None:
    async with game_opened(save_dir) as (pilot, screen):
        shown = footer_keys(screen)
        assert shown
        for _ in range(3):
            screen.refresh_bindings()  # as after every key
            await pilot.pause()
        assert footer_keys(screen) == shown  # the very same widgets


async def test_the_footer_is_rebuilt_when_its_keys_change(save_dir: Path) -> None:
    async with game_opened(save_dir) as (pilot, screen):
        app = atlantis_app(pilot)
        english = [key.description for key in footer_keys(screen)]
        await choose_language(pilot, app, "fr")
        await pilot.pause()
        assert app.screen is screen
        french = [key.description for key in footer_keys(screen)]
        assert french != english and len(french) == len(english)
