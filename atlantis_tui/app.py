"""The Textual app: a start menu, new games, saved games, the rules.

The start menu is the bottom of the screen stack; a game, a replay or the
tutorial is shown above it, with dialogs above them. Every action is also a
command in the palette (Ctrl+P).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.filter import LineFilter
from textual.screen import Screen
from textual.widgets.option_list import Option

from atlantis_tui.games import GAME_UIS, GameUI
from atlantis_tui.language import remember_language
from atlantis_tui.light_theme import LightThemeColours
from atlantis_tui.saves import default_save_dir, latest_unfinished, list_saves
from atlantis_tui.screens.start import StartScreen
from atlantis_tui.screens.translated_keys import TranslatedKeys
from atlantis_tui.widgets import too_small
from core.kernel.errors import GameError
from core.kernel.i18n import N_, _

if TYPE_CHECKING:
    from atlantis_tui.screens.new_game import NewGameRequest
    from atlantis_tui.session import GameSession
    from core.kernel.bot_settings import BotSettings
    from core.kernel.events import Action
    from core.kernel.registry import AnyGameType
    from core.kernel.save_lifecycle import CheckedSave

# Screens other than the start menu are imported when first shown, so that the
# menu's first frame does not wait for the game's widgets (see ``bench-ui``).


class AtlantisApp(App[None]):
    """Atlantis in the terminal."""

    CSS_PATH = "atlantis.tcss"
    TITLE = "Atlantis"
    # Below the smallest size that works, every screen shows a notice instead.
    HORIZONTAL_BREAKPOINTS = too_small.HORIZONTAL_BREAKPOINTS
    VERTICAL_BREAKPOINTS = too_small.VERTICAL_BREAKPOINTS
    BINDINGS = [
        Binding("ctrl+q", "quit", N_("Quit"), priority=True),
        Binding("f1", "help", N_("Help"), show=False),
    ]

    def __init__(
        self,
        save_dir: Path | None = None,
        session: GameSession | None = None,
        bot_delay: float = 0.6,
        bot_settings: BotSettings | None = None,
        replay: Path | None = None,
        *,
        game: str | None = None,
        games: Mapping[str, GameUI] | None = None,
    ) -> None:
        """``game``: the id of the game chosen (that of ``session``, when given);
        ``games``: the games offered (default: ``GAME_UIS``)."""
        super().__init__()
        self.save_dir = save_dir if save_dir is not None else default_save_dir()
        self.initial_session = session
        self.initial_replay = replay
        self.bot_delay = bot_delay
        self.bot_settings = bot_settings
        self.game_uis = games if games is not None else GAME_UIS
        self.game_id = game if game is not None else next(iter(self.game_uis))
        """The game the start menu has chosen, for what is started next from it."""
        self._light_colours = LightThemeColours()

    def get_default_screen(self) -> Screen[None]:
        """The start menu: the bottom of the stack, under every other screen.

        Making it the first screen, rather than pushing it above a blank one, spares
        its first frame a second screen's layout (see ``atlantis bench-ui``).
        """
        return StartScreen(self.game_uis, self.game_id)

    def on_mount(self) -> None:
        self.screen_change_signal.subscribe(self, self._screen_changed)
        self.watch(self, "app_focus", self._app_focus_changed, init=False)
        # The first screen is not announced by the signal: give it its notice here.
        self._screen_changed(self.screen)
        if self.initial_session is not None:
            self.start_session(self.initial_session)
        elif self.initial_replay is not None:
            self.open_replay(self.initial_replay)
        self.call_after_refresh(_register_the_games)

    def get_line_filters(self) -> Sequence[LineFilter]:
        """Textual's filters, plus darker player colours while a light theme is on."""
        filters = super().get_line_filters()
        if self.current_theme.dark:
            return filters
        return [*filters, self._light_colours]

    def _screen_changed(self, screen: Screen[object]) -> None:
        # The signal can come before the new screen is mounted: give it its notice after.
        self.call_after_refresh(self._give_notice, screen)

    def _give_notice(self, screen: Screen[object]) -> None:
        # Only a screen shown while the terminal is too small needs its notice: mounting
        # one on every screen would cost each first frame (the start menu's too).
        if screen.is_attached and too_small.is_too_small(self):
            too_small.add_notice(screen)
        too_small.follow_size(self)

    def on_resize(self) -> None:
        self.call_after_refresh(self._give_notice, self.screen)

    def _app_focus_changed(self, focus: bool) -> None:
        # In a browser (atlantis serve) the app starts without focus, and gains it when
        # the page is focused or a key comes: a screen composed before then focused
        # nothing, and Textual gives focus back only to a widget that had it. Focus the
        # screen's first widget, or the keys would reach none.
        if focus and self.screen.focused is None:
            self.screen.focus_next()

    # -- top-level screens --------------------------------------------------------
    def show_top(self, screen: Screen[None]) -> None:
        """Show ``screen`` above the start menu, in place of what was there (dialogs too)."""
        self._close_above_menu()
        self.push_screen(screen)

    def _close_above_menu(self) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()

    @property
    def game_ui(self) -> GameUI:
        """The game the start menu has chosen."""
        return self.game_uis[self.game_id]

    def on_start_screen_game_chosen(self, message: StartScreen.GameChosen) -> None:
        self.game_id = message.game_id

    def _game_ui_showing(self, screen: Screen[Any]) -> GameUI | None:
        """The game whose game screen ``screen`` is, if it is one."""
        return next((ui for ui in self.game_uis.values() if ui.shows(screen)), None)

    def start_session(self, session: GameSession, game_id: str | None = None) -> None:
        """Show ``session`` on its game's screen (``game_id``; default: the chosen game)."""
        ui = self.game_uis[game_id if game_id is not None else self.game_id]
        self.show_top(ui.game_screen(session, self.bot_delay))

    # -- actions ----------------------------------------------------------------
    def action_new_game(self) -> None:
        from atlantis_tui.screens.new_game import NewGameScreen
        from atlantis_tui.session import GameSession

        def chosen(request: NewGameRequest | None) -> None:
            if request is None:
                return
            try:
                session = GameSession.new(
                    request.seats,
                    request.seed,
                    request.options,
                    self.save_dir,
                    bot_settings=self.bot_settings,
                    game=request.game,
                )
            except (GameError, OSError, ValueError) as error:
                self.notify(str(error), title=_("Cannot start"), severity="error")
                return
            self.start_session(session, request.game.id)

        self.push_screen(
            NewGameScreen(self.game_ui.game, self.game_ui.default_bot, self.game_uis), chosen
        )

    def action_host_game(self) -> None:
        from atlantis_tui.online.menu import host_from_menu

        host_from_menu(self, self.save_dir, self.bot_settings)

    def action_join_game(self) -> None:
        from atlantis_tui.online.menu import join_from_menu

        join_from_menu(self)

    def action_continue_game(self) -> None:
        latest = latest_unfinished(self.save_dir)
        if latest is None:
            self.notify(_("There is no unfinished game to continue."))
            return
        self.open_save(Path(latest.path))

    def action_load_game(self) -> None:
        from atlantis_tui.screens.load import LoadScreen

        def chosen(path: str | None) -> None:
            if path is not None:
                self.open_save(Path(path))

        self.push_screen(LoadScreen(list_saves(self.save_dir), games=self.game_uis), chosen)

    def open_save(self, path: Path, repair: bool = False) -> None:
        """Open a save to play on; a damaged one can be opened up to its last good line."""
        from atlantis_tui.saves import game_of_save
        from atlantis_tui.screens.choosers import ChoiceScreen
        from atlantis_tui.session import GameSession
        from core.kernel.errors import SaveFileError
        from core.kernel.save_lifecycle import DamagedSave

        title = _("Cannot open {name}").format(name=path.name)
        try:
            game = game_of_save(path)
            session = GameSession.load(path, self.bot_settings, repair=repair)
        except SaveFileError as error:
            if repair or not isinstance(error, DamagedSave) or not error.kept:
                # Nothing of the game before the damage: there is nothing to offer.
                self.notify(str(error), title=title, severity="error")
                return

            def chosen(choice: str | None) -> None:
                if choice == "repair":
                    self.open_save(path, repair=True)

            explanation = _(
                "{error}. The game can go on from the events before that line; "
                "the original file is kept beside it as .damaged."
            ).format(error=error)
            options = [
                Option(_("Open the game up to the damaged line"), id="repair"),
                Option(_("Leave it"), id="leave"),
            ]
            self.push_screen(ChoiceScreen(_("This save is damaged"), explanation, options), chosen)
            return
        except GameError as error:
            self.notify(str(error), title=title, severity="error")
            return
        self.start_session(session, game.id)

    def action_replay_game(self) -> None:
        from atlantis_tui.screens.load import LoadScreen

        def chosen(path: str | None) -> None:
            if path is not None:
                self.open_replay(Path(path))

        saves = list_saves(self.save_dir)
        title = _("Replay a saved game")
        self.push_screen(LoadScreen(saves, title, self.save_dir, games=self.game_uis), chosen)

    def action_statistics(self) -> None:
        from atlantis_tui.screens.stats import StatsScreen

        self.push_screen(StatsScreen(self.save_dir))

    def open_replay(self, path: Path) -> None:
        """Replay a save. A damaged one is said so first (the line, what is wrong),
        and replayed up to that line if the player wishes and there is a game to show."""
        from atlantis_tui.saves import game_of_save
        from atlantis_tui.screens.choosers import ChoiceScreen
        from core.games import GAMES
        from core.kernel.save_lifecycle import read_checked

        title = _("Cannot open {name}").format(name=path.name)
        try:
            game = game_of_save(path)
            checked = read_checked(path, GAMES)
        except GameError as error:
            self.notify(str(error), title=title, severity="error")
            return
        problem = checked.problem
        if problem is None:
            self._show_replay(game, checked, path)
            return
        if not checked.events:
            self.notify(str(problem), title=title, severity="error")
            return

        def chosen(choice: str | None) -> None:
            if choice == "replay":
                self._show_replay(game, checked, path)

        # The replay numbers events from 0 ("Event 0 of 42"): say it in the same words.
        explanation = _(
            "{error}. The replay can show the game before that line: events 0 to {last}."
        ).format(error=problem, last=len(checked.events) - 1)
        options = [
            Option(_("Replay the game up to the damaged line"), id="replay"),
            Option(_("Leave it"), id="leave"),
        ]
        self.push_screen(ChoiceScreen(_("This save is damaged"), explanation, options), chosen)

    def _replay_screen(self, game: AnyGameType, *args: Any, **kwargs: Any) -> Screen[None]:
        """The replay screen of ``game``: its own, or the shell's around its board view."""
        from atlantis_tui.screens.replay import ReplayScreen

        ui = self.game_uis.get(game.id)
        if ui is not None and ui.load_replay_screen is not None:
            screen_type: Any = ui.load_replay_screen()
        else:
            screen_type = ReplayScreen
        screen: Screen[None] = screen_type(*args, game=game, **kwargs)
        return screen

    def _show_replay(self, game: AnyGameType, checked: CheckedSave, path: Path) -> None:
        from core.kernel.save_lifecycle import hands_are_private

        title = ", ".join(checked.header.players) + f" · {path.name}"
        hide = hands_are_private(game, checked.game)
        self.push_screen(
            self._replay_screen(
                game, list(checked.events), title, path, hide_hands=hide, actions=checked.actions
            )
        )

    def replay_events(
        self,
        events: list[Any],
        title: str,
        position: int = 0,
        actions: Sequence[Action] | None = None,
        *,
        game: str | None = None,
        source: Path | None = None,
        review: bool = False,
    ) -> None:
        """Replay ``events`` of ``game`` (default: the game chosen), e.g. a game just ended;
        ``source``: the save they are read from, if any (its review is kept beside it);
        ``review``: judge the game's decisions now, unless a review is kept already."""
        from core.games import GAMES

        played = GAMES.get(game if game is not None else self.game_id)
        screen = self._replay_screen(
            played, events, title, source, position, actions=actions, start_review=review
        )
        self.push_screen(screen)

    def play_from_here(
        self,
        events: list[Any],
        position: int,
        source: Path | None,
        actions: Sequence[Action] | None = None,
        *,
        game: str | None = None,
    ) -> None:
        """A new game from a replay's position, in a new save file; the source is untouched.

        ``game``: the id of the game ``events`` are of (default: the source's, else the
        game chosen). ``actions`` say where each action begins among ``events``;
        events shown without them have them found by the game's full check.
        """
        from atlantis_tui.session import GameSession
        from core.games import GAMES
        from core.kernel.replay import take_up
        from core.kernel.save_lifecycle import stem_of, unused_save_path, write_game
        from core.kernel.save_names import played_on_stem
        from core.kernel.savefile import read_save

        seats: tuple[str, ...] = ()
        game_id = game if game is not None else self.game_id
        if source is not None:
            try:
                header = read_save(source, GAMES, mode="keep_prefix").header
                seats, game_id = header.seats, header.game
            except GameError:
                seats = ()
        played = GAMES.get(game_id)
        if actions is not None:
            recorded: Sequence[Action] = actions
        elif played.records.find_actions is not None:
            recorded = played.records.find_actions(events)
        else:
            recorded = ()
        kept = take_up(played, events, position, recorded)
        # Named as its source, with its game in the name (a save named before saves
        # named their game gets it); a record without a file, as a new game.
        players = played.presentation.player_names(played.fold(kept.events[:1]))
        stem = played_on_stem(game_id, position, stem_of(source) if source else None, players)
        target = unused_save_path(self.save_dir, stem)
        write_game(target, played, kept.events, seats, kept.actions)
        try:
            session = GameSession.load(target, self.bot_settings)
        except GameError as error:
            self.notify(str(error), severity="error")
            return
        self.notify(_("New game saved as {name}").format(name=target.name))
        self.start_session(session, game_id)

    def action_save_copy(self) -> None:
        from core.kernel.save_lifecycle import copy_save

        screen = self.screen
        session = getattr(screen, "session", None) if self._game_ui_showing(screen) else None
        path: Path | None = getattr(session, "path", None)
        if path is None:
            self.notify(_("Open a game first."))
            return
        try:
            target = copy_save(path)
        except OSError as error:
            self.notify(str(error), title=_("No copy saved"), severity="error")
            return
        self.notify(_("Saved a copy as {path}").format(path=target))

    def action_rules(self, rule_id: str | None = None) -> None:
        from atlantis_tui.screens.rules import RulesScreen

        self.push_screen(RulesScreen(rule_id=rule_id, game=self.game_id))

    def action_tutorial(self) -> None:
        """The chosen game's tutorial, where its progress is kept for that game."""
        from atlantis_tui.saves import progress_file
        from atlantis_tui.tutorial_progress import game_progress_file

        ui = self.game_ui
        if ui.load_tutorial is None:
            self.notify(_("{game} has no tutorial yet").format(game=ui.display_name()))
            return
        path = game_progress_file(progress_file(self.save_dir), ui.id)
        self.push_screen(ui.load_tutorial()(progress_path=path))

    def action_puzzles(self) -> None:
        """The chosen game's puzzles: its shipped set, or the player's own mistakes."""
        from atlantis_tui.screens.puzzles import open_puzzles

        open_puzzles(self, self.game_ui, self.save_dir)

    def action_tutorial_puzzles(self, game_id: str) -> None:
        """The three puzzles the last lesson of ``game_id``'s tutorial ends on."""
        from atlantis_tui.screens.puzzles import open_tutorial_puzzles

        open_tutorial_puzzles(self, self.game_uis[game_id], self.save_dir)

    def action_menu(self) -> None:
        """Back to the start menu, closing every screen above it."""
        self._close_above_menu()

    def action_language(self) -> None:
        from atlantis_tui.screens.choosers import language_chooser

        self.push_screen(language_chooser(), self._language_chosen)

    async def _language_chosen(self, code: str | None) -> None:
        if code is None:
            return
        try:
            remember_language(self.save_dir, code)
        except OSError as error:
            # The language applies all the same; only remembering it failed.
            self.notify(
                _("Cannot remember the language: {error}").format(error=error), severity="warning"
            )
        for screen in self.screen_stack:
            if isinstance(screen, TranslatedKeys):
                await screen.retranslate()
        self.refresh_bindings()

    def action_help(self) -> None:
        """The help of the game on screen (the shared keys, then its own); elsewhere,
        the shared keys and Atlantis's."""
        from atlantis_tui.keymap import SHARED_KEYS_HELP
        from atlantis_tui.screens.game.base import GameScreenBase
        from atlantis_tui.screens.simple import HELP_TEXT, HelpScreen

        if isinstance(self.screen, GameScreenBase):
            self.screen.action_help()
            return
        self.push_screen(HelpScreen(_(SHARED_KEYS_HELP) + "\n" + _(HELP_TEXT)))

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        # A command whose action the screen has switched off is not offered, as the
        # footer does not show its key (an online game's undo, a watcher's moves).
        for command in self._system_commands(screen):
            if not _switched_off(screen, command.callback):
                yield command

    def _system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):
            # Textual's commands, in the reader's language (see TEXTUAL_WORDS).
            yield command._replace(title=_(command.title), help=_(command.help))
        yield SystemCommand(_("New game"), _("Set up seats and options"), self.action_new_game)
        yield SystemCommand(
            _("Continue"), _("Resume the latest unfinished game"), self.action_continue_game
        )
        yield SystemCommand(_("Load"), _("Open a saved game"), self.action_load_game)
        yield SystemCommand(_("Replay"), _("Step through a saved game"), self.action_replay_game)
        yield SystemCommand(
            _("Statistics"), _("Games, wins and scores from your saves"), self.action_statistics
        )
        yield SystemCommand(
            _("Save a copy"),
            _("Every event is saved as it happens; this writes a copy"),
            self.action_save_copy,
        )
        yield SystemCommand(_("Rules"), _("The complete rules with their ids"), self.action_rules)
        yield SystemCommand(
            _("Tutorial"), _("Learn the rules in ten short lessons"), self.action_tutorial
        )
        yield SystemCommand(
            _("Puzzles"),
            _("Find the best move: puzzles and your own mistakes"),
            self.action_puzzles,
        )
        yield SystemCommand(_("Help"), _("Keys and how to read the board"), self.action_help)
        yield SystemCommand(_("Start menu"), _("Back to the start screen"), self.action_menu)
        yield SystemCommand(_("Language"), _("English, Français, Nederlands"), self.action_language)
        ui = self._game_ui_showing(screen)
        if ui is not None:
            # The game's own commands: its moves and tools.
            yield from ui.palette_commands(screen)
        # A screen's own commands (the join lines of a game hosted here).
        yield from getattr(screen, "palette_commands", tuple)()


def _switched_off(screen: Screen[object], callback: Callable[[], Any]) -> bool:
    """Whether ``callback`` runs one of ``screen``'s actions that its ``check_action``
    switches off (False, the footer's rule)."""
    function = callback.func if isinstance(callback, partial) else callback
    name = getattr(function, "__name__", "")
    if getattr(function, "__self__", None) is not screen or not name.startswith("action_"):
        return False
    return screen.check_action(name.removeprefix("action_"), ()) is False


def _register_the_games() -> None:
    """The games' registry, which gives the shell's catalogue the games' sentences (their
    keys, their lessons' titles): loaded once the start menu is drawn, so that its first
    frame does not wait for three rules engines (see ``atlantis bench-ui``)."""
    import core.games  # noqa: F401
