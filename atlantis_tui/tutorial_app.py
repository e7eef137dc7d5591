"""The app opened straight on a game's tutorial (``atlantis tutorial [--game G]``)."""

from __future__ import annotations

from pathlib import Path

from atlantis_tui.app import AtlantisApp
from atlantis_tui.games import GAME_UIS
from atlantis_tui.saves import progress_file
from atlantis_tui.tutorial_progress import game_progress_file
from core.kernel.bot_settings import BotSettings
from core.kernel.registry import DEFAULT_GAME


def has_tutorial(game_id: str) -> bool:
    """Whether the app can show ``game_id``'s tutorial: a tutorial screen plays with
    the game's own widgets, so each game has its own (``GameUI.load_tutorial``)."""
    ui = GAME_UIS.get(game_id)
    return ui is not None and ui.load_tutorial is not None


class TutorialApp(AtlantisApp):
    """The app opened straight on the tutorial (``atlantis tutorial``); Esc leads to the menu."""

    # Textual reads a relative CSS_PATH beside the subclass's module, so name the file.
    CSS_PATH = str(Path(__file__).resolve().parent / "atlantis.tcss")

    def __init__(
        self,
        save_dir: Path | None = None,
        start: int | str | None = None,
        bot_delay: float = 0.6,
        bot_settings: BotSettings | None = None,
        game: str = DEFAULT_GAME,
    ) -> None:
        super().__init__(save_dir, bot_delay=bot_delay, bot_settings=bot_settings)
        self.tutorial_start = start
        self.tutorial_game = game

    def on_mount(self) -> None:
        # Textual runs ``AtlantisApp.on_mount`` after this one by itself (handlers run
        # along the class chain): calling it here too would subscribe it twice.
        # Above the start menu, where Esc leads.
        progress = game_progress_file(progress_file(self.save_dir), self.tutorial_game)
        load = GAME_UIS[self.tutorial_game].load_tutorial
        assert load is not None  # ``atlantis tutorial`` asks ``has_tutorial`` first
        self.push_screen(load()(self.tutorial_start, progress_path=progress))
