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

from atlantis_tui.games.arkantis.board import BoardMarks, BoardWidget
from atlantis_tui.games.arkantis.cards_text import Table, piles_text
from atlantis_tui.games.arkantis.moments import action_marks
from atlantis_tui.games.arkantis.panels import HandPanel, PilesPanel, PlayersPanel
from atlantis_tui.games.arkantis.session_types import table_of_view
from atlantis_tui.games.arkantis.texts import hand_text, players_text
from atlantis_tui.screens.game.moment import MomentView
from atlantis_tui.session_protocol import WATCHER
from core.arkantis.state import State
from core.arkantis.view import PlayerView, view_for


class ArkantisBoardView(MomentView):
    """The board, the players, the piles and (when the seat holds one) its hand."""

    def compose_board(self) -> ComposeResult:
        yield BoardWidget()

    def compose_side(self) -> ComposeResult:
        yield PlayersPanel()
        yield PilesPanel()
        yield HandPanel()

    def public_table(self, state: State) -> Table:
        return table_of_view(view_for(state, WATCHER))  # the public counts

    def table_of(self, view: PlayerView) -> Table:
        return table_of_view(view)

    def draw(self, state: State, table: Table, hands: Sequence[int | None], events: object) -> None:
        """The board with what ``events`` lifted or moved and the sets they modified."""
        changed, sets = action_marks(events)  # type: ignore[arg-type]
        board = self.query_one(BoardWidget)
        board.large = self.large
        board.tokens = state.tokens
        board.marks = BoardMarks(changed=changed, sets=sets)
        kinds = ["human"] * state.player_count
        self.query_one(PlayersPanel).show(players_text(state, table, kinds, compact=True))
        self.query_one(PilesPanel).show(piles_text(state, table))
        shown = [hand_text(state, seat, 50, compact=True) for seat in hands]
        self.query_one(HandPanel).show(Text("\n").join(shown))
