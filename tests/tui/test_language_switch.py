"""Choosing a language in the app: it applies at once, to every screen open, and is
remembered for the next run."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import OptionList

from atlantis_tui.app import AtlantisApp
from atlantis_tui.games.atlantis.game_screen import GameScreen
from atlantis_tui.screens.choosers import ChoiceScreen
from atlantis_tui.settings import load_settings
from atlantis_tui.widgets.event_log import EventLog
from core.kernel.i18n import _, language, set_language
from tests.tui import scenes


async def choose_language(pilot: Pilot[None], app: AtlantisApp, code: str) -> None:
    app.action_language()
    await pilot.pause()
    assert isinstance(app.screen, ChoiceScreen)
    choices = app.screen.query_one(OptionList)
    choices.highlighted = next(
        i for i in range(choices.option_count) if choices.get_option_at_index(i).id == code
    )
    await pilot.press("enter")
    await pilot.pause()


def screen_text(app: AtlantisApp) -> str:
    """The screen's text as a person reads it (the screenshot's characters)."""
    svg = app.export_screenshot()
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


def log_text(log: EventLog) -> str:
    return "\n".join(str(log.get_option_at_index(i).prompt) for i in range(log.option_count))


async def test_french_from_the_start_menu(save_dir: Path) -> None:
    app = AtlantisApp(save_dir, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu", OptionList)
        assert str(menu.get_option_at_index(0).prompt) == "New game"
        await choose_language(pilot, app, "fr")
        assert language() == "fr"
        menu = app.screen.query_one("#menu", OptionList)
        shown = str(menu.get_option_at_index(0).prompt)
        assert shown == _("New game") != "New game"
        quit_key = app.screen.active_bindings["ctrl+q"].binding
        assert quit_key.description == _("Quit") != "Quit"
    assert load_settings(save_dir).language == "fr"


async def test_dutch_during_a_game_rewrites_the_log(save_dir: Path) -> None:
    app = scenes.opening_app(save_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        before = log_text(app.screen.query_one(EventLog))
        await choose_language(pilot, app, "nl")
        assert isinstance(app.screen, GameScreen)
        after = log_text(app.screen.query_one(EventLog))
        assert after != before and "Ann" in after
        # The panels too, not only the log: the hand's title is Dutch.
        dutch_title = _("{name}'s hand").format(name="Ann")
        assert dutch_title != "Ann's hand"
        assert dutch_title in screen_text(app)


async def test_every_kind_of_screen_takes_a_new_language(save_dir: Path) -> None:
    """The replay, the tutorial, the rules, the new-game form and the end screen each
    show themselves again in Dutch, without an error, and stay where they were."""
    from atlantis_tui.games.atlantis.end_screen import EndScreen
    from atlantis_tui.games.atlantis.tutorial_screen import TutorialScreen
    from atlantis_tui.screens.new_game import NewGameScreen
    from atlantis_tui.screens.replay import ReplayScreen
    from atlantis_tui.screens.rules import RulesScreen

    # Screens of several result types: ``Any`` is the one parameter they all share.
    openers: dict[type[Screen[Any]], Callable[[AtlantisApp], object]] = {
        ReplayScreen: lambda app: app.replay_events(scenes.finished_events(), "game"),
        TutorialScreen: lambda app: app.action_tutorial(),
        RulesScreen: lambda app: app.action_rules("T5.4"),
        NewGameScreen: lambda app: app.action_new_game(),
    }
    for kind, open_screen in openers.items():
        set_language("en")
        app = AtlantisApp(save_dir, bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            open_screen(app)
            await pilot.pause()
            assert isinstance(app.screen, kind)
            await choose_language(pilot, app, "nl")
            assert isinstance(app.screen, kind), kind
            assert _("Quit") != "Quit" and _("Quit") in screen_text(app), kind
    set_language("en")
    app = scenes.finished_app(save_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        await choose_language(pilot, app, "fr")
        assert isinstance(app.screen, EndScreen)
        assert _("The game is over") in screen_text(app)
