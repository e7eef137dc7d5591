"""Opening a hosted game's screen in a running app (from the menu or ``atlantis join``)."""

from __future__ import annotations

from textual.app import App

from atlantis_tui.app_interface import AtlantisActions
from atlantis_tui.online.client import OnlineClient
from atlantis_tui.online.remote import RemoteSession


async def open_online_game(
    app: App[None], address: str, code: str, join_lines: str | None = None
) -> None:
    """Join ``address`` with ``code`` (empty: watch) and show the game; raises ``JoinError``.

    ``join_lines``: for the player who hosts it here, the lines to pass on (shown again
    on request)."""
    from atlantis_tui.online.screen import OnlineGameScreen

    client = OnlineClient(address, code)
    await client.join()
    screen = OnlineGameScreen(RemoteSession(client), join_lines)
    if isinstance(app, AtlantisActions):
        app.show_top(screen)
    else:
        app.push_screen(screen)
