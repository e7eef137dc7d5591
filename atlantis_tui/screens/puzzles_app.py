"""``atlantis puzzles [--game G]``: the app, opened on the chosen game's puzzles.

Beside the puzzle screen rather than in it: the app opens the puzzles from its
menu, so the puzzle screen never imports the app (``tests/test_import_cycles.py``).
"""

from __future__ import annotations

import inspect
from pathlib import Path

from atlantis_tui.app import AtlantisApp


class PuzzlesApp(AtlantisApp):
    """The app, opened on the chosen game's puzzles above the start menu."""

    # The app's style sheet, named from the app's own folder (a relative one is looked
    # for beside the module of the class that names it).
    CSS_PATH = str(Path(inspect.getfile(AtlantisApp)).with_name("atlantis.tcss"))

    def on_mount(self) -> None:
        # Textual calls the app's own ``on_mount`` too (every class's, in turn).
        self.call_after_refresh(self.action_puzzles)


def puzzles_app(game_id: str | None = None, save_dir: Path | None = None) -> AtlantisApp:
    """The app, opened on ``game_id``'s puzzles (default: the first game)."""
    return PuzzlesApp(save_dir=save_dir, game=game_id)


def run(game_id: str | None = None, save_dir: Path | None = None) -> None:
    """Run the app on ``game_id``'s puzzles until the player quits."""
    puzzles_app(game_id, save_dir).run()
