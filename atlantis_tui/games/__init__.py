"""Each game's board, panels and move input, one folder per game; and the list of them.

``GAME_UIS`` is what the app offers: for each game, its descriptor
(``core.games``), the screen a session of it is played on, and its commands in
the palette. Everything of a game is imported when first used, so that the
start menu's first frame waits for no game (see ``atlantis bench-ui``); the
menu needs only a game's name and tagline, kept here for that reason (a test
checks the name against the descriptor's).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from core.kernel.i18n import N_, _

if TYPE_CHECKING:
    from textual.app import SystemCommand
    from textual.screen import Screen

    from atlantis_tui.session import GameSession
    from core.kernel.registry import AnyGameType


@dataclass(frozen=True, eq=False)
class GameUI:
    """One game as the app shows it.

    ``load_game`` gives the descriptor, ``load_screen`` the class of the screen a
    session is played on (built with the session and the bots' delay), and
    ``load_palette`` the function that lists that screen's commands for the
    palette. Each imports its game when called, not before.
    """

    id: str
    """The game's id, as ``core.games`` registers it."""
    name: str
    """Its name in English (``GameType.name``), translated for display."""
    tagline: str
    """One sentence under the start menu's title, in English, translated for display."""
    default_bot: str
    """The bot the new-game form seats as the first opponent."""
    load_game: Callable[[], AnyGameType]
    load_screen: Callable[[], type[Screen[None]]]
    load_palette: Callable[[], Callable[[Screen[Any]], Iterable[SystemCommand]]]
    load_tutorial: Callable[[], Callable[..., Screen[None]]] | None = None
    """The tutorial's screen (built with ``progress_path=``), or ``None``: no tutorial."""

    @cached_property
    def game(self) -> AnyGameType:
        """The game's descriptor (imported on first use)."""
        return self.load_game()

    def display_name(self) -> str:
        """The game's name in the reader's language."""
        return _(self.name)

    def game_screen(self, session: GameSession, bot_delay: float) -> Screen[None]:
        """The screen ``session`` is played on."""
        screen_type: Any = self.load_screen()  # each game's screen takes these two
        screen: Screen[None] = screen_type(session, bot_delay)
        return screen

    def shows(self, screen: Screen[Any]) -> bool:
        """Whether ``screen`` is this game's game screen (online or not)."""
        return isinstance(screen, self.load_screen())

    def palette_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The commands of this game's ``screen`` that the palette offers."""
        return self.load_palette()(screen)


def _atlantis_game() -> AnyGameType:
    from core.games import GAMES

    return GAMES.get("atlantis")


def _atlantis_screen() -> type[Screen[None]]:
    from atlantis_tui.games.atlantis.game_screen import GameScreen

    return GameScreen


def _atlantis_palette() -> Callable[[Screen[Any]], Iterable[SystemCommand]]:
    from atlantis_tui.games.atlantis.palette import palette_commands

    return palette_commands


def _atlantis_tutorial() -> Callable[..., Screen[None]]:
    from atlantis_tui.games.atlantis.tutorial_screen import TutorialScreen

    return TutorialScreen


ATLANTIS_UI = GameUI(
    id="atlantis",
    name=N_("Atlantis"),
    tagline=N_("Flee sinking Atlantis: play item cards to move, grab tiles, pay for water."),
    default_bot="greedy",
    load_game=_atlantis_game,
    load_screen=_atlantis_screen,
    load_palette=_atlantis_palette,
    load_tutorial=_atlantis_tutorial,
)

GAME_UIS: Mapping[str, GameUI] = {ui.id: ui for ui in (ATLANTIS_UI,)}
"""The games the app offers, by id, in the order its menus show them."""
