"""Opening a hosted game's screen in a running app (from the menu or ``atlantis join``).

The host names its game when it welcomes the client; the screen for a seat
of that game is looked up by the game's id (``ONLINE_SCREENS``).
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import App
from textual.screen import Screen

from atlantis_tui.app_interface import AtlantisActions
from atlantis_tui.online.client import JoinError, OnlineClient
from core.kernel.i18n import _

OnlineScreen = Callable[[OnlineClient, str | None], Screen[None]]
"""Makes the screen for a joined client's seat, given the join lines (for whoever hosts)."""


def _atlantis(client: OnlineClient, join_lines: str | None) -> Screen[None]:
    from atlantis_tui.online.screen import online_screen

    return online_screen(client, join_lines)


ONLINE_SCREENS: dict[str, OnlineScreen] = {"atlantis": _atlantis}
"""The screen of each game that can be played online, by its id (``GameType.id``)."""


async def open_online_game(
    app: App[None], address: str, code: str, join_lines: str | None = None
) -> None:
    """Join ``address`` with ``code`` (empty: watch) and show the game; raises ``JoinError``.

    ``join_lines``: for the player who hosts it here, the lines to pass on (shown again
    on request)."""
    client = OnlineClient(address, code)
    await client.join()
    assert client.game is not None
    make_screen = ONLINE_SCREENS.get(client.game.id)
    if make_screen is None:
        await client.close()
        message = _("this version cannot play {game} online")
        raise JoinError(message.format(game=client.game.display_name()), "game")
    screen = make_screen(client, join_lines)
    if isinstance(app, AtlantisActions):
        app.show_top(screen)
    else:
        app.push_screen(screen)
