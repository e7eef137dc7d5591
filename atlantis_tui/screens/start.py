"""The start screen: new game, continue, load, rules, statistics, quit."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from atlantis_tui.app_interface import atlantis_app
from atlantis_tui.saves import latest_unfinished
from atlantis_tui.screens.translated_keys import TranslatedKeys
from core.kernel.i18n import LANGUAGES, _, language

TITLE_ART = r"""
    _   _   _             _   _
   /_\ | |_| | __ _ _ __ | |_(_)___
  / _ \|  _| |/ _` | '_ \|  _| (_-<
 /_/ \_\\__|_|\__,_|_| |_|\__|_/__/
"""


class StartScreen(TranslatedKeys, Screen[None]):
    """The menu shown by ``atlantis`` with no arguments, and the screen under every other."""

    _resumed_before = False

    def compose(self) -> ComposeResult:
        # No header: the title art names the game, and the menu opens a little sooner.
        with Center(), Vertical(id="start"):
            yield Static(Text(TITLE_ART, style="bold"), id="title-art")
            yield Static(
                _("Flee sinking Atlantis: play item cards to move, grab tiles, pay for water."),
                id="tagline",
            )
            continue_label, can_continue = self._continue_entry()
            yield OptionList(
                Option(_("New game"), id="new"),
                Option(continue_label, id="continue", disabled=not can_continue),
                Option(_("Load a saved game"), id="load"),
                Option(_("Replay a saved game"), id="replay"),
                Option(_("Host a game online"), id="host"),
                Option(_("Join a game online"), id="join"),
                Option(_("Tutorial"), id="tutorial"),
                Option(_("Rules"), id="rules"),
                Option(_("Statistics"), id="stats"),
                Option(
                    _("Language: {language}").format(language=LANGUAGES[language()]),
                    id="language",
                ),
                Option(_("Quit"), id="quit"),
                id="menu",
            )
        yield Footer()

    def _continue_entry(self) -> tuple[str, bool]:
        """The label of "Continue", naming the players of the game it resumes, and
        whether there is such a game."""
        latest = latest_unfinished(atlantis_app(self).save_dir)
        if latest is None:
            return _("Continue"), False
        return _("Continue") + "  (" + ", ".join(latest.header.players) + ")", True

    def on_screen_resume(self) -> None:
        # The menu stays under every screen: back from one, the game to continue may
        # have changed. (The first time, compose has just read it.)
        if not self._resumed_before:
            self._resumed_before = True
            return
        label, can_continue = self._continue_entry()
        menu = self.query_one("#menu", OptionList)
        menu.replace_option_prompt("continue", label)
        if can_continue:
            menu.enable_option("continue")
        else:
            menu.disable_option("continue")

    async def retranslate(self) -> None:
        await super().retranslate()
        # The menu is new: keep the highlight on the entry just used.
        menu = self.query_one("#menu", OptionList)
        menu.highlighted = menu.get_option_index("language")

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        app = self.app
        handlers = {
            "new": "action_new_game",
            "continue": "action_continue_game",
            "load": "action_load_game",
            "replay": "action_replay_game",
            "host": "action_host_game",
            "join": "action_join_game",
            "tutorial": "action_tutorial",
            "rules": "action_rules",
            "stats": "action_statistics",
            "language": "action_language",
            "quit": "action_quit",
        }
        # run_action awaits an action that is a coroutine (the app's quit is one);
        # calling the method would make the coroutine and never run it.
        await app.run_action(handlers[event.option.id or "quit"].removeprefix("action_"))
