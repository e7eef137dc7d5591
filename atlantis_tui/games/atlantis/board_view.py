"""One moment of an Atlantis game, for the shell's screens that show any game's
(``GameUI.load_board_view``): the path, with what the last action changed
outlined, above the players' panel."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.app import ComposeResult
from textual.containers import Vertical

from atlantis_tui.games.atlantis.panels import PlayersPanel
from atlantis_tui.games.atlantis.path_view import PathMarks, PathView
from core.atlantis.replay import changes_of
from core.atlantis.state import State
from core.atlantis.view import PlayerView


class AtlantisBoardView(Vertical):
    """The path and the players, as one seat (or everyone) may see them."""

    DEFAULT_CSS = """
    AtlantisBoardView { height: auto; }
    AtlantisBoardView PathView { height: auto; }
    """

    def compose(self) -> ComposeResult:
        yield PathView(None, id="moment-path")
        yield PlayersPanel(id="moment-players")

    def show_moment(
        self,
        state: State,
        view: PlayerView | None,
        seat: int | None,
        events: Sequence[Any],
    ) -> None:
        """``state`` as ``seat`` may see it (``None``: everything; ``view`` is then
        ``None``), the route and the tile of the last action (``events``) outlined."""
        shown = view.state if view is not None else state
        changes = changes_of(list(events), len(events) - 1) if events else None
        path = self.query_one(PathView)
        path.state = shown
        if changes is not None:
            path.marks = PathMarks(changed=changes.spaces, route=changes.route, take=None)
        kinds = ["human"] * shown.player_count
        self.query_one(PlayersPanel).show(shown, kinds)
