"""``MomentView``: one moment of a game, for the replay screen and watchers.

A game's board view (the shell's ``GameUI.load_board_view``) derives from it:
the board column and the side column are the game's (``compose_board``,
``compose_side``), and so is drawing them (``draw``). What is the same in
every game is here: which hands a moment shows. With no seat (a finished
game, or the table agreed) every hand; else only a hand the view holds, its
seat's own (or none, for a watcher).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget


class MomentView(Widget):
    """The game's board and side panels at one moment, as one seat may see them."""

    DEFAULT_CSS = """
    MomentView { height: auto; }
    MomentView > Horizontal { height: auto; }
    MomentView #moment-board { width: auto; height: auto; padding: 0 1; }
    MomentView #moment-side { width: 1fr; height: auto; padding: 0 1; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.large = False
        """Whether the replay has room for the large board."""

    # -- what a game fills in ----------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        """The widgets of the board's column."""
        raise NotImplementedError

    def compose_side(self) -> ComposeResult:
        """The widgets of the side column."""
        raise NotImplementedError

    def public_table(self, state: Any) -> Any:
        """What everyone may see of hands and piles, when every hand is shown."""
        raise NotImplementedError

    def table_of(self, view: Any) -> Any:
        """What a seat's ``view`` shows of hands and piles."""
        raise NotImplementedError

    def draw(self, state: Any, table: Any, hands: Sequence[int | None], events: Any) -> None:
        """Draw ``state`` with ``table``, the hands of ``hands`` (None: hands are hidden),
        outlining or naming what ``events`` (the last action's) did."""
        raise NotImplementedError

    # -- the moment --------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal():
            with Vertical(id="moment-board"):
                yield from self.compose_board()
            with Vertical(id="moment-side"):
                yield from self.compose_side()

    def show_moment(
        self, state: Any, view: Any | None, seat: int | None, events: Sequence[object]
    ) -> None:
        """Show ``state`` as ``seat`` sees it (``view``, ``view_for(state, seat)``), with
        what ``events`` did; with no seat, everything, every hand included."""
        if view is None or seat is None:
            self.draw(state, self.public_table(state), range(state.player_count), events)
            return
        shown = view.state
        # Only a hand the view holds: its seat's own (a watcher holds none).
        hand: int | None = seat if 0 <= seat < shown.player_count else None
        self.draw(shown, self.table_of(view), [hand], events)
