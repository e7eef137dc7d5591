"""Opening a hosted game in the app: ``atlantis join``/``watch`` and the start menu's Join.

``atlantis join`` and ``atlantis watch`` join before the app starts, so that a
host that cannot be reached or refuses the code is one line on standard error,
with nothing drawn on the screen; the app then opens on the game.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from atlantis_tui.app import AtlantisApp
from atlantis_tui.online.client import OnlineClient
from atlantis_tui.online.opening import open_online_game
from core.kernel.errors import GameError
from core.kernel.i18n import _

EXIT_OK = 0
EXIT_UNREACHABLE = 2
EXIT_INTERRUPTED = 130
"""Ctrl+C while joining, as the shell reports a program it interrupted (128 + SIGINT)."""


class OnlineApp(AtlantisApp):
    """The app opened straight on a hosted game.

    ``joined``: a client that has already joined ``address`` with ``code`` (the app
    shows its game); without one, the app joins when it starts, and a failure ends
    it with ``failure`` set.
    """

    # Textual reads CSS_PATH beside the subclass's module; the app's style sheet is elsewhere.
    CSS_PATH = str(Path(__file__).parent.parent / "atlantis.tcss")

    def __init__(self, address: str, code: str, joined: OnlineClient | None = None) -> None:
        super().__init__()
        self.address = address
        self.code = code
        self.joined = joined
        self.failure: str | None = None

    def on_mount(self) -> None:
        self.run_worker(self._join(), exclusive=True, group="join")

    async def _join(self) -> None:
        try:
            await open_online_game(self, self.address, self.code, joined=self.joined)
        except GameError as error:
            self.failure = str(error)
            self.exit()

    def action_menu(self) -> None:
        # Joined from the command line: leaving the game leaves the app.
        self.exit()


def run_online_app(address: str, code: str, where: str = "atlantis") -> int:
    """Join ``address`` with ``code`` (empty: watch), then run the app on its game.

    A failure to join is one line, ``where`` (the command, ``atlantis join``) first,
    and exit code 2, before anything is drawn. The connection is made on the event
    loop the app then runs on, which goes on using it.
    """
    # A Runner, as ``asyncio.run``: whatever is left when the app ends is cancelled.
    with asyncio.Runner() as runner:
        client = OnlineClient(address, code)
        try:
            runner.run(client.join())
        except GameError as error:
            return _fail(where, str(error))
        except KeyboardInterrupt:
            return EXIT_INTERRUPTED
        app = OnlineApp(address, code, client)
        app.run(loop=runner.get_loop())
        runner.run(client.close())
    if app.failure is not None:
        return _fail(where, app.failure)
    return EXIT_OK


def _fail(where: str, message: str) -> int:
    print(_("{where}: {message}").format(where=where, message=message), file=sys.stderr)
    return EXIT_UNREACHABLE
