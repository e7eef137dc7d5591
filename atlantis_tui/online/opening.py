"""Opening a hosted game's screen in a running app (from the menu or ``atlantis join``).

The host names its game when it welcomes the client; the screen for a seat
of that game is the game's own (``GameUI.load_online_screen``).
"""

from __future__ import annotations

from textual.app import App

from atlantis_tui.app_interface import AtlantisActions
from atlantis_tui.online.client import JoinError, OnlineClient
from atlantis_tui.online.screen import online_screen
from core.kernel.i18n import _


async def open_online_game(
    app: App[None],
    address: str,
    code: str,
    join_lines: str | None = None,
    joined: OnlineClient | None = None,
) -> None:
    """Join ``address`` with ``code`` (empty: watch) and show the game; raises ``JoinError``.

    ``join_lines``: for the player who hosts it here, the lines to pass on (shown again
    on request). ``joined``: a client that has already joined (``address`` and ``code``
    are then its own), whose game is shown."""
    client = joined if joined is not None else OnlineClient(address, code)
    if joined is None:
        await client.join()
    assert client.game is not None
    screen = online_screen(client, join_lines)
    if screen is None:
        await client.close()
        message = _("this version cannot play {game} online")
        raise JoinError(message.format(game=client.game.display_name()), "game")
    if isinstance(app, AtlantisActions):
        app.show_top(screen)
    else:
        app.push_screen(screen)
