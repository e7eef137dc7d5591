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

from atlantis_tui.games.atlantica.board import BoardMarks, board_text
from atlantis_tui.games.atlantica.moments import last_action_text
from atlantis_tui.games.atlantica.panels import BoardPanel, HandPanel, PlayersPanel
from atlantis_tui.games.atlantica.session_types import Table, table_of_state, table_of_view
from atlantis_tui.games.atlantica.texts import hand_text, players_text
from atlantis_tui.screens.game.moment import MomentView
from core.atlantica.state import State
from core.atlantica.view import PlayerView


class AtlanticaBoardView(MomentView):
    """The board, the players and (when the seat holds one) its hand."""

    DEFAULT_CSS = """
    AtlanticaBoardView #moment-board { width: 64; }
    """

    def compose_board(self) -> ComposeResult:
        yield BoardPanel()
        yield HandPanel()

    def compose_side(self) -> ComposeResult:
        yield PlayersPanel()

    def public_table(self, state: State) -> Table:
        return table_of_state(state)

    def table_of(self, view: PlayerView) -> Table:
        return table_of_view(view)

    def draw(self, state: State, table: Table, hands: Sequence[int | None], events: object) -> None:
        """The board, then the hands with what ``events`` did named under them."""
        small = not self.large
        width = 60 if self.large else 44
        self.query_one(BoardPanel).show(board_text(state, table, BoardMarks(), width, small))
        kinds = ["human"] * state.player_count
        self.query_one(PlayersPanel).show(players_text(state, table, kinds, compact=small))
        hand = Text("\n").join(hand_text(state, seat, table, compact=True) for seat in hands)
        last = last_action_text(state, events)  # type: ignore[arg-type]
        if last.plain:
            hand.append("\n")
            hand.append_text(last)
        self.query_one(HandPanel).show(hand)
