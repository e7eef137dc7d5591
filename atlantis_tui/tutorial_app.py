"""The app opened straight on the tutorial (``atlantis tutorial``)."""

from __future__ import annotations

from pathlib import Path

from atlantis_tui.app import AtlantisApp
from atlantis_tui.saves import progress_file
from atlantis_tui.screens.tutorial import TutorialScreen
from core.atlantis.bots import BotSettings


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
    ) -> None:
        super().__init__(save_dir, bot_delay=bot_delay, bot_settings=bot_settings)
        self.tutorial_start = start

    def on_mount(self) -> None:
        super().on_mount()
        # Above the start menu, where Esc leads.
        self.push_screen(TutorialScreen(self.tutorial_start, progress_file(self.save_dir)))
