"""One moment of an ArkantiS game, for the replay screen and watchers: the board
and the players as one seat may see them, with what the last action changed.

``ArkantisBoardView`` is built as any widget (the shell's ``GameUI``
``load_board_view``); ``show_moment(state, view, seat, events)`` shows the
moment: ``view`` is ``view_for(state, seat)``, or ``None`` with ``seat`` ``None``
when everything is shown (a finished game); ``events`` are the last action's
events, whose lifted or moved squares and modified sets are outlined.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget

from atlantis_tui.games.arkantis.board import BoardMarks, BoardWidget
from atlantis_tui.games.arkantis.cards_text import piles_text
from atlantis_tui.games.arkantis.moments import action_marks
from atlantis_tui.games.arkantis.panels import HandPanel, PilesPanel, PlayersPanel
from atlantis_tui.games.arkantis.session_types import table_of_view
from atlantis_tui.games.arkantis.texts import hand_text, players_text
from atlantis_tui.session_protocol import WATCHER
from core.arkantis.state import State
from core.arkantis.view import PlayerView, view_for


class ArkantisBoardView(Widget):
    """The board, the players, the piles and (when the seat holds one) its hand."""

    DEFAULT_CSS = """
    ArkantisBoardView { height: auto; }
    ArkantisBoardView > Horizontal { height: auto; }
    ArkantisBoardView #moment-board { width: auto; height: auto; padding: 0 1; }
    ArkantisBoardView #moment-side { width: 1fr; height: auto; padding: 0 1; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.large = False

    def compose(self) -> ComposeResult:
        with Horizontal():
            with Vertical(id="moment-board"):
                yield BoardWidget()
            with Vertical(id="moment-side"):
                yield PlayersPanel()
                yield PilesPanel()
                yield HandPanel()

    def show_moment(
        self, state: State, view: PlayerView | None, seat: int | None, events: Sequence[object]
    ) -> None:
        """Show ``state`` as ``seat`` sees it (``view``), outlining what ``events`` changed;
        with no seat, everything, every hand included."""
        changed, sets = action_marks(events)
        board = self.query_one(BoardWidget)
        board.large = self.large
        board.tokens = state.tokens
        board.marks = BoardMarks(changed=changed, sets=sets)
        if view is None or seat is None:
            table = table_of_view(view_for(state, WATCHER))  # the public counts
            shown = state
            hand_seat: int | None = None
        else:
            table = table_of_view(view)
            shown = view.state
            # Only a hand the view holds: its seat's own, or every hand with open hands.
            hand_seat = seat if 0 <= seat < shown.player_count else None
        kinds = ["human"] * shown.player_count
        self.query_one(PlayersPanel).show(players_text(shown, table, kinds, compact=True))
        self.query_one(PilesPanel).show(piles_text(shown, table))
        if view is None or seat is None:
            # Every hand may be seen (a finished game, or the table agreed): all of them.
            hands = [hand_text(shown, each, 50, compact=True) for each in range(shown.player_count)]
            self.query_one(HandPanel).show(Text("\n").join(hands))
        else:
            self.query_one(HandPanel).show(hand_text(shown, hand_seat, 50, compact=True))
