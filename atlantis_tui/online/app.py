"""Opening a hosted game in the app: ``atlantis join``/``watch`` and the start menu's Join."""

from __future__ import annotations

import sys
from pathlib import Path

from atlantis_tui.app import AtlantisApp
from atlantis_tui.online.opening import open_online_game
from core.kernel.errors import AtlantisError
from core.kernel.i18n import _

EXIT_OK = 0
EXIT_UNREACHABLE = 2


class OnlineApp(AtlantisApp):
    """The app opened straight on a hosted game."""

    # Textual reads CSS_PATH beside the subclass's module; the app's style sheet is elsewhere.
    CSS_PATH = str(Path(__file__).parent.parent / "atlantis.tcss")

    def __init__(self, address: str, code: str) -> None:
        super().__init__()
        self.address = address
        self.code = code
        self.failure: str | None = None

    def on_mount(self) -> None:
        self.run_worker(self._join(), exclusive=True, group="join")

    async def _join(self) -> None:
        try:
            await open_online_game(self, self.address, self.code)
        except AtlantisError as error:
            self.failure = str(error)
            self.exit()

    def action_menu(self) -> None:
        # Joined from the command line: leaving the game leaves the app.
        self.exit()


def run_online_app(address: str, code: str, where: str = "atlantis") -> int:
    """Run the app on a hosted game; a failure to join is one line, ``where`` (the
    command, ``atlantis join``) first, and exit code 2."""
    app = OnlineApp(address, code)
    app.run()
    if app.failure is not None:
        line = _("{where}: {message}").format(where=where, message=app.failure)
        print(line, file=sys.stderr)
        return EXIT_UNREACHABLE
    return EXIT_OK
