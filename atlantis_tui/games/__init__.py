"""Each game's board, panels and move input, one folder per game; and the list of them.

``GAME_UIS`` is what the app offers: for each game, its descriptor
(``core.games``), the screen a session of it is played on, and its commands in
the palette. Everything of a game is imported when first used, so that the
start menu's first frame waits for no game (see ``atlantis bench-ui``); the
menu needs only a game's name and tagline, kept here for that reason (a test
checks the name against the descriptor's).
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from core.kernel.i18n import N_, _

if TYPE_CHECKING:
    from textual.app import SystemCommand
    from textual.screen import Screen
    from textual.widget import Widget

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
    title_art: str = ""
    """The game's name drawn in four lines of letters, for the start menu (a name,
    not a sentence: never translated); empty: the menu writes the name plainly."""
    load_tutorial: Callable[[], Callable[..., Screen[None]]] | None = None
    """The tutorial's screen (built with ``progress_path=``), or ``None``: no tutorial."""
    load_board_view: Callable[[], type[Widget]] | None = None
    """The widget that shows one moment of the game, built with no arguments, with a
    method ``show_moment(state, view, seat, events) -> None``: the board and the
    players as ``seat`` may see them (``seat`` ``None``: everything, and ``view`` is
    then ``None``; else ``view`` is ``GameType.privacy.view_for(state, seat)``), ``events``
    those of the last action up to this moment (to outline what changed). The
    replay screen (``atlantis_tui.screens.replay``) shows it. ``None``: the replay
    shows the log and the steps alone."""
    load_replay_screen: Callable[[], type[Screen[None]]] | None = None
    """A replay screen of the game's own (a subclass of ``screens.replay.ReplayScreen``,
    built with the same arguments), for a game whose replay lays out more than its
    board view; ``None``: the shell's, around ``load_board_view``."""
    load_online_screen: Callable[[], Callable[..., Screen[None]]] | None = None
    """The screen of one seat (or a watcher) of a game hosted elsewhere, built with a
    ``RemoteSession`` and the join lines to show again (or ``None``); ``None``: the
    game cannot be joined from this app."""
    load_examples: Callable[[], Any] | None = None
    """The games shipped with the program to replay (the rulebook's worked examples): a
    module with ``examples()`` (each with ``id`` and ``description``),
    ``is_example(id)`` and ``write_example(id, folder) -> Path``; ``None``: none."""

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


def _atlantis_board_view() -> type[Widget]:
    from atlantis_tui.games.atlantis.board_view import AtlantisBoardView

    view: type[Widget] = AtlantisBoardView
    return view


def _atlantis_replay_screen() -> type[Screen[None]]:
    from atlantis_tui.games.atlantis.replay_screen import AtlantisReplayScreen

    return AtlantisReplayScreen


def _atlantis_examples() -> Any:
    from atlantis_tui.games.atlantis import examples

    return examples


def _atlantis_online_screen() -> Callable[..., Screen[None]]:
    from atlantis_tui.games.atlantis.online_screen import OnlineGameScreen

    return OnlineGameScreen


ATLANTIS_UI = GameUI(
    id="atlantis",
    name=N_("Atlantis"),
    tagline=N_("Flee sinking Atlantis: play item cards to move, grab tiles, pay for water."),
    default_bot="greedy",
    load_game=_atlantis_game,
    load_screen=_atlantis_screen,
    load_palette=_atlantis_palette,
    title_art=r"""
    _   _   _             _   _
   /_\ | |_| | __ _ _ __ | |_(_)___
  / _ \|  _| |/ _` | '_ \|  _| (_-<
 /_/ \_\\__|_|\__,_|_| |_|\__|_/__/
""",
    load_tutorial=_atlantis_tutorial,
    load_board_view=_atlantis_board_view,
    load_replay_screen=_atlantis_replay_screen,
    load_online_screen=_atlantis_online_screen,
    load_examples=_atlantis_examples,
)


def _arkantis_game() -> AnyGameType:
    from core.games import GAMES

    return GAMES.get("arkantis")


# ArkantiS's screens are written beside the shell: they are found by name, so that
# the shell is whole (and type-checked) before and after they are there.
def _arkantis_screen() -> type[Screen[None]]:
    screen: type[Screen[None]] = _arkantis("game_screen:GameScreen")
    return screen


def _arkantis_palette() -> Callable[[Screen[Any]], Iterable[SystemCommand]]:
    commands: Callable[[Screen[Any]], Iterable[SystemCommand]] = _arkantis(
        "palette:palette_commands"
    )
    return commands


def _arkantis_board_view() -> type[Widget]:
    view: type[Widget] = _arkantis("board_view:ArkantisBoardView")
    return view


def _arkantis_tutorial() -> Callable[..., Screen[None]]:
    screen: Callable[..., Screen[None]] = _arkantis("tutorial_screen:TutorialScreen")
    return screen


def _arkantis(where: str) -> Any:
    """``module:name``: ``name`` from ``atlantis_tui.games.arkantis.<module>``, imported now."""
    module, _colon, name = where.partition(":")
    return getattr(importlib.import_module(f"atlantis_tui.games.arkantis.{module}"), name)


ARKANTIS_UI = GameUI(
    id="arkantis",
    name=N_("ArkantiS"),
    tagline=N_("Lift tokens off the board; every stain you make pays pions or lays a relic card."),
    default_bot="greedy",
    load_game=_arkantis_game,
    load_screen=_arkantis_screen,
    load_palette=_arkantis_palette,
    title_art=r"""
    _       _            _   _ ___
   /_\  _ _| |____ _ _ _| |_(_) __|
  / _ \| '_| / / _` | ' \  _| \__ \
 /_/ \_\_| |_\_\__,_|_||_\__|_|___/
""",
    load_tutorial=_arkantis_tutorial,
    load_board_view=_arkantis_board_view,
    load_online_screen=lambda: _arkantis("online_screen:OnlineGameScreen"),
)


def _atlantica_game() -> AnyGameType:
    from core.games import GAMES

    return GAMES.get("atlantica")


def _atlantica(where: str) -> Any:
    """``module:name``: ``name`` from ``atlantis_tui.games.atlantica.<module>``, imported now.

    Atlantica's screens are written beside the shell, as ArkantiS's were: found by name,
    so that the shell is whole before they are there (``_present`` offers the game only
    once its game screen is)."""
    module, _colon, name = where.partition(":")
    return getattr(importlib.import_module(f"atlantis_tui.games.atlantica.{module}"), name)


def _atlantica_screen() -> type[Screen[None]]:
    screen: type[Screen[None]] = _atlantica("game_screen:GameScreen")
    return screen


def _atlantica_palette() -> Callable[[Screen[Any]], Iterable[SystemCommand]]:
    commands: Callable[[Screen[Any]], Iterable[SystemCommand]] = _atlantica(
        "palette:palette_commands"
    )
    return commands


def _atlantica_board_view() -> type[Widget]:
    view: type[Widget] = _atlantica("board_view:AtlanticaBoardView")
    return view


def _atlantica_tutorial() -> Callable[..., Screen[None]]:
    screen: Callable[..., Screen[None]] = _atlantica("tutorial_screen:TutorialScreen")
    return screen


def _atlantica_online_screen() -> Callable[..., Screen[None]]:
    screen: Callable[..., Screen[None]] = _atlantica("online_screen:OnlineGameScreen")
    return screen


ATLANTICA_UI = GameUI(
    id="atlantica",
    name=N_("Atlantica"),
    tagline=N_(
        "Pay divers at four locations for treasures, ships and research before the hurricane comes."
    ),
    default_bot="greedy",
    load_game=_atlantica_game,
    load_screen=_atlantica_screen,
    load_palette=_atlantica_palette,
    title_art=r"""
    _  _   _          _   _
   /_\| |_| |__ _ _ _| |_(_)__ __ _
  / _ \  _| / _` | ' \  _| / _/ _` |
 /_/ \_\__|_\__,_|_||_\__|_\__\__,_|
""",
    load_tutorial=_atlantica_tutorial,
    load_board_view=_atlantica_board_view,
    load_online_screen=_atlantica_online_screen,
)

ALL_GAME_UIS: tuple[GameUI, ...] = (ATLANTIS_UI, ARKANTIS_UI, ATLANTICA_UI)
"""Every game the app knows how to show, in menu order."""


def _present(ui: GameUI) -> bool:
    """Whether the game's descriptor and screen are in this program (their modules).

    Asked without importing the game (the start menu's first frame waits for none);
    ``core.games`` registers every game whose descriptor is there (a test checks it).
    """
    modules = (f"core.{ui.id}.game_type", f"atlantis_tui.games.{ui.id}.game_screen")
    try:
        return all(importlib.util.find_spec(module) is not None for module in modules)
    except ModuleNotFoundError:  # a parent package is not there either
        return False


GAME_UIS: Mapping[str, GameUI] = {ui.id: ui for ui in ALL_GAME_UIS if _present(ui)}
"""The games the app offers, by id, in the order its menus show them."""
