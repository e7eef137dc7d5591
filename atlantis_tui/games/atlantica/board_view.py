"""One moment of an Atlantica game, for the replay screen and watchers: the board,
the players and (when the seat holds one) its hand, as one seat may see them.

``AtlanticaBoardView`` is built as any widget (the shell's ``GameUI``
``load_board_view``); ``show_moment(state, view, seat, events)`` shows the
moment: ``view`` is ``view_for(state, seat)``, or ``None`` with ``seat`` ``None``
when everything is shown (a finished game); ``events`` are the last action's
events, whose cards are named under the board.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget

from atlantis_tui.games.atlantica.board import BoardMarks, board_text
from atlantis_tui.games.atlantica.moments import last_action_text
from atlantis_tui.games.atlantica.panels import BoardPanel, HandPanel, PlayersPanel
from atlantis_tui.games.atlantica.session_types import table_of_state, table_of_view
from atlantis_tui.games.atlantica.texts import hand_text, players_text
from core.atlantica.state import State
from core.atlantica.view import PlayerView


class AtlanticaBoardView(Widget):
    """The board, the players and (when the seat holds one) its hand."""

    DEFAULT_CSS = """
    AtlanticaBoardView { height: auto; }
    AtlanticaBoardView > Horizontal { height: auto; }
    AtlanticaBoardView #moment-board { width: 64; height: auto; padding: 0 1; }
    AtlanticaBoardView #moment-side { width: 1fr; height: auto; padding: 0 1; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.large = False

    def compose(self) -> ComposeResult:
        with Horizontal():
            with Vertical(id="moment-board"):
                yield BoardPanel()
                yield HandPanel()
            with Vertical(id="moment-side"):
                yield PlayersPanel()

    def show_moment(
        self, state: State, view: PlayerView | None, seat: int | None, events: Sequence[object]
    ) -> None:
        """Show ``state`` as ``seat`` sees it (``view``), naming what ``events`` did; with
        no seat, everything, every hand included."""
        if view is None or seat is None:
            table = table_of_state(state)
            shown = state
            hand_seat: int | None = None
        else:
            table = table_of_view(view)
            shown = view.state
            # Only a hand the view holds: its seat's own.
            hand_seat = seat if 0 <= seat < shown.player_count else None
        small = not self.large
        width = 60 if self.large else 44
        self.query_one(BoardPanel).show(board_text(shown, table, BoardMarks(), width, small))
        kinds = ["human"] * shown.player_count
        self.query_one(PlayersPanel).show(players_text(shown, table, kinds, compact=small))
        if view is None or seat is None:
            # Every hand may be seen (a finished game, or the table agreed): all of them.
            hands = [
                hand_text(shown, each, table, compact=True) for each in range(shown.player_count)
            ]
            hand = Text("\n").join(hands)
        else:
            hand = hand_text(shown, hand_seat, table, compact=True)
        last = last_action_text(shown, events)
        if last.plain:
            hand.append("\n")
            hand.append_text(last)
        self.query_one(HandPanel).show(hand)
