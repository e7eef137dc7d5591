"""The screen of a seat (or a watcher) of a game hosted elsewhere, for any game.

Each game shows its hosted games on a screen of its own
(``GameUI.load_online_screen``, built with a ``RemoteSession`` and the join
lines); this module picks it from the game the host named.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

from atlantis_tui.online.client import OnlineClient
from atlantis_tui.online.remote import RemoteSession


def view_state(view: Any) -> Any:
    """The state a view shows, what the seat may not see blank in it: every game's
    view (``GameType.view_type``) holds it as ``state``."""
    return view.state


def online_screen(client: OnlineClient, join_lines: str | None = None) -> Screen[None] | None:
    """The screen for the seat (or watcher) ``client`` joined as, in the host's game;
    ``None`` when this app shows that game only at its own table."""
    from atlantis_tui.games import GAME_UIS

    game = client.game
    ui = GAME_UIS.get(game.id) if game is not None else None
    if ui is None or ui.load_online_screen is None:
        return None
    screen: Screen[None] = ui.load_online_screen()(RemoteSession(client, view_state), join_lines)
    return screen
