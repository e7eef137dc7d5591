"""The start screen: new game, continue, load, tutorial, puzzles, rules, statistics, quit.

When the app offers several games, the first line names the chosen one between
arrows: ← and → (or g, or a click on the line) choose another, and the tagline
follows. The app keeps the choice (``AtlantisApp.game_ui``) for what is started
next from the menu: New game sets up a game of it. With one game there is no
such line: nothing to choose, no step added.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from atlantis_tui.app_interface import atlantis_app
from atlantis_tui.saves import latest_unfinished
from atlantis_tui.screens.translated_keys import TranslatedKeys
from atlantis_tui.widgets.footer import KeysFooter
from core.kernel.i18n import LANGUAGES, N_, _, language

if TYPE_CHECKING:
    from atlantis_tui.games import GameUI

CHOOSING = frozenset({"next_game", "previous_game"})
"""The actions that choose a game: offered only when there is more than one."""


class GameLine(Static):
    """The chosen game between arrows; a click chooses the next one."""

    class Clicked(Message):
        """The line was clicked."""

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Clicked())


class StartScreen(TranslatedKeys, Screen[None]):
    """The menu shown by ``atlantis`` with no arguments, and the screen under every other."""

    SHORT = 26
    """Below this height the menu gives up the blank line above it, so that all of it
    fits at 80x24."""

    BINDINGS = [
        Binding("g", "next_game", N_("Another game")),
        Binding("right", "next_game", N_("Next game"), show=False),
        Binding("left", "previous_game", N_("Previous game"), show=False),
    ]

    class GameChosen(Message):
        """The player chose another game; the app keeps its id."""

        def __init__(self, game_id: str) -> None:
            super().__init__()
            self.game_id = game_id

    _resumed_before = False

    def __init__(self, games: Mapping[str, GameUI], game_id: str) -> None:
        """``games``: the games the app offers; ``game_id``: the one chosen."""
        super().__init__()
        self.games = games
        self.game_id = game_id

    @property
    def game(self) -> GameUI:
        return self.games[self.game_id]

    def compose(self) -> ComposeResult:
        # No header: the title art names the chosen game, and the menu opens a little sooner.
        with Center(), Vertical(id="start"):
            if len(self.games) > 1:
                yield GameLine(self._game_line(), id="game-line")
            yield Static(self._title_art(), id="title-art")
            yield Static(_(self.game.tagline), id="tagline")
            continue_label, can_continue = self._continue_entry()
            yield OptionList(
                Option(_("New game"), id="new"),
                Option(continue_label, id="continue", disabled=not can_continue),
                Option(_("Load a saved game"), id="load"),
                Option(_("Replay a saved game"), id="replay"),
                Option(_("Host a game online"), id="host"),
                Option(_("Join a game online"), id="join"),
                Option(_("Tutorial"), id="tutorial"),
                Option(_("Puzzles"), id="puzzles"),
                Option(_("Rules"), id="rules"),
                Option(_("Statistics"), id="stats"),
                Option(
                    _("Language: {language}").format(language=LANGUAGES[language()]),
                    id="language",
                ),
                Option(_("Quit"), id="quit"),
                id="menu",
            )
        yield KeysFooter()

    def _title_art(self) -> Text:
        """The chosen game's name in large letters (or plainly, for a game without
        art), five lines high with the blank first line; the game line, when there is
        one, takes that line instead, so that the menu keeps its height."""
        art = self.game.title_art or f"\n\n{self.game.display_name()}\n\n\n"
        if len(self.games) > 1:
            art = art.removeprefix("\n")
        return Text(art, style="bold")

    def _game_line(self) -> Text:
        """``Game: ◂ Atlantis ▸``, the name in bold."""
        line = Text()
        before, _field, after = _("Game: {game}").partition("{game}")
        line.append(before)
        line.append("◂ ", style="dim")
        line.append(self.game.display_name(), style="bold")
        line.append(" ▸", style="dim")
        line.append(after)
        return line

    def _continue_entry(self) -> tuple[str, bool]:
        """The label of "Continue", naming the players of the game it resumes (and the
        game, when there are several), and whether there is such a game."""
        latest = latest_unfinished(atlantis_app(self).save_dir)
        if latest is None:
            return _("Continue"), False
        players = ", ".join(latest.header.players)
        if len(self.games) > 1:
            saved = self.games.get(latest.game)
            name = saved.display_name() if saved is not None else latest.game
            players = _("{game}: {players}").format(game=name, players=players)
        return _("Continue") + "  (" + players + ")", True

    def on_resize(self, event: events.Resize) -> None:
        # Set here rather than in the app's style sheet, which gives the gap.
        self.query_one("#start").styles.margin = (0 if event.size.height < self.SHORT else 1, 0)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # With one game there is nothing to choose: the keys are neither shown nor taken.
        if action in CHOOSING:
            return len(self.games) > 1
        return True

    def action_next_game(self) -> None:
        self._choose(1)

    def action_previous_game(self) -> None:
        self._choose(-1)

    def on_game_line_clicked(self) -> None:
        self._choose(1)

    def _choose(self, step: int) -> None:
        ids = list(self.games)
        self.game_id = ids[(ids.index(self.game_id) + step) % len(ids)]
        self.query_one("#game-line", GameLine).update(self._game_line())
        self.query_one("#title-art", Static).update(self._title_art())
        self.query_one("#tagline", Static).update(_(self.game.tagline))
        self.post_message(self.GameChosen(self.game_id))

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
            "puzzles": "action_puzzles",
            "rules": "action_rules",
            "stats": "action_statistics",
            "language": "action_language",
            "quit": "action_quit",
        }
        # run_action awaits an action that is a coroutine (the app's quit is one);
        # calling the method would make the coroutine and never run it.
        await app.run_action(handlers[event.option.id or "quit"].removeprefix("action_"))
