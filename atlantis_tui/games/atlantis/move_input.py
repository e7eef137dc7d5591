"""Entering a move by keys or clicks, for the game and the tutorial alike.

A move is entered in steps: a pawn (``a``/``b``/``c`` or a click on it), one
of its destinations (``←``/``→``, a label key, or a click), other cards to the
same place (``↑``/``↓``), then Enter and, when water is crossed, the payment.
Purchases (``p``) and the bridge (``w``) open their choosers. Each step that
the rules refuse is answered by them (``core.atlantis.choosing``), never restated here.

A screen mixes ``MoveInput`` in and says where the move goes: ``input_turn``
(the position and the seat at the keyboard, or None when nobody may act now),
``send`` (a whole command), ``refuse`` (a refusal before there is one) and
``redraw``.
"""

from __future__ import annotations

from textual import on
from textual.binding import Binding
from textual.screen import Screen

from atlantis_tui.games.atlantis.choosers import bridge_chooser, gaps_for, purchase_chooser
from atlantis_tui.games.atlantis.path_view import PathMarks, PathView
from atlantis_tui.games.atlantis.payment import PaymentScreen
from atlantis_tui.games.atlantis.selection import LABELS, Selection, select_pawn
from atlantis_tui.screens.translated_keys import TranslatedKeys
from core.atlantis.choosing import Refused, why_no_bridge, why_no_purchase, why_pawn_cannot_move
from core.atlantis.commands import AnyCommand, BuyCards, Move, Payment, PlaceBridge
from core.atlantis.hands import hand_of
from core.atlantis.i18n import N_, _
from core.atlantis.moves import MovePreview, move_payments, payable_cards, purchase_options
from core.atlantis.state import MAINLAND, State

PAWN_KEYS = Binding.Group(N_("Pawn"), compact=True)

MOVE_BINDINGS = [
    Binding("a", "pawn(0)", N_("A"), group=PAWN_KEYS),
    Binding("b", "pawn(1)", N_("B"), group=PAWN_KEYS),
    Binding("c", "pawn(2)", N_("C"), group=PAWN_KEYS),
    Binding("left", "step(-1)", N_("Prev"), show=False),
    Binding("right", "step(1)", N_("Next"), show=False),
    Binding("up", "way(-1)", N_("Other cards"), show=False),
    Binding("down", "way(1)", N_("Other cards"), show=False),
    Binding("enter", "confirm", N_("Move")),
    # Short labels: every key shown in a footer must fit in 80 columns.
    Binding("p", "buy", N_("Buy")),
    Binding("w", "bridge", N_("Bridge")),
    *[Binding(key, f"label({i})", show=False) for i, key in enumerate(LABELS)],
]
"""The keys of ``MoveInput``, for a screen's ``BINDINGS``."""


class MoveInput(TranslatedKeys, Screen[None]):
    """The steps of a move, a purchase and a bridge, by keys and clicks."""

    selection: Selection | None = None

    # -- what the screen provides ----------------------------------------------------------
    def input_turn(self) -> tuple[State, int] | None:
        """The position and the seat whose move is being entered, or None if none now."""
        raise NotImplementedError

    def send(self, command: AnyCommand) -> None:
        """A whole command, to be judged and played."""
        raise NotImplementedError

    def refuse(self, refused: Refused) -> None:
        """A step the rules refuse before any command is complete."""
        raise NotImplementedError

    def redraw(self) -> None:
        raise NotImplementedError

    def draw_selection(
        self, state: State, seat: int, changed: frozenset[int]
    ) -> tuple[MovePreview | None, Payment | None]:
        """Show ``state`` on the path with the selection's marks (and the spaces the last
        action ``changed``); returns the highlighted move and its suggested payment."""
        selection = self.selection
        path = self.query_one(PathView)
        if path.state is not state:
            path.state = state
        path.marks = PathMarks.for_selection(seat, selection, changed)
        if selection is None:
            return None, None
        return selection.preview, selection.suggested_payment(state)

    # -- a pawn and its destinations ---------------------------------------------------------
    def action_pawn(self, pawn: int) -> None:
        turn = self.input_turn()
        if turn is None:
            return
        state, seat = turn
        refused = why_pawn_cannot_move(state, seat, pawn)
        if refused is not None:
            self.refuse(refused)
            return
        self.selection = select_pawn(state, pawn)
        self.redraw()

    def action_step(self, delta: int) -> None:
        if self.selection:
            self.selection.step(delta)
            self.redraw()

    def action_way(self, delta: int) -> None:
        if self.selection:
            self.selection.other_way(delta)
            self.redraw()

    def action_label(self, index: int) -> None:
        """A destination's label: highlight it, or move there when it already is."""
        if self.selection:
            if self.selection.choose(index):
                self.action_confirm()
            else:
                self.redraw()

    def action_deselect(self) -> None:
        self.selection = None
        self.redraw()

    @on(PathView.SpaceClicked)
    def _space_clicked(self, message: PathView.SpaceClicked) -> None:
        """Clicking a pawn of yours chooses it; clicking a labelled space goes there."""
        turn = self.input_turn()
        if turn is None:
            return
        state, seat = turn
        if self.selection is not None and message.space in self.selection.destinations:
            self.action_label(self.selection.destinations.index(message.space))
            return
        for pawn, position in enumerate(state.pawns[seat]):
            if position == message.space and position != MAINLAND:
                self.action_pawn(pawn)
                return

    # -- the move, and how it is paid for --------------------------------------------------
    def action_confirm(self) -> None:
        turn = self.input_turn()
        if turn is None or self.selection is None:
            return
        state, seat = turn
        preview = self.selection.preview
        if preview is None:
            return
        if preview.owed and preview.affordable:
            self.app.push_screen(
                PaymentScreen(
                    state,
                    seat,
                    preview.owed,
                    move_payments(state, preview),
                    payable_cards(state, seat, hand_of(preview.cards)),
                    _("Pay for the water (T5.4)"),
                ),
                lambda payment: self._move(seat, preview, payment) if payment else None,
            )
        else:
            # An unaffordable move is sent too: the rules' refusal (T4.5) says why.
            self._move(seat, preview, Payment())

    def _move(self, seat: int, preview: MovePreview, payment: Payment) -> None:
        self.send(Move(seat, preview.pawn, preview.cards, payment))

    # -- buying cards and the bridge -------------------------------------------------------
    def action_buy(self) -> None:
        turn = self.input_turn()
        if turn is None:
            return
        state, seat = turn
        refused = why_no_purchase(state, seat)
        if refused is not None:
            self.refuse(refused)
            return

        def chosen(tile: str | None) -> None:
            if tile is not None:
                self.send(BuyCards(seat, int(tile)))

        self.app.push_screen(purchase_chooser(state, purchase_options(state)), chosen)

    def action_bridge(self) -> None:
        turn = self.input_turn()
        if turn is None:
            return
        state, seat = turn
        refused = why_no_bridge(state, seat)
        if refused is not None:
            self.refuse(refused)
            return

        def chosen(space: str | None) -> None:
            if space is not None:
                self.send(PlaceBridge(seat, int(space)))

        self.app.push_screen(bridge_chooser(state, gaps_for(state)), chosen)
