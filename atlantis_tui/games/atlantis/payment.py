"""Choosing how to pay for water (T5.4) or the final crossing (E2).

At the final crossing the dialog first says which pawns cross which water.
The least-overpaying payments are listed first and the best is highlighted,
so Enter accepts the suggestion. ``Choose myself`` opens a checklist of every
tile and card that may pay, with a running total.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, OptionList, SelectionList, Static
from textual.widgets.option_list import Option
from textual.widgets.selection_list import Selection

from atlantis_tui.games.atlantis.forecast import crossing_summary
from atlantis_tui.games.atlantis.panels import payment_text, tile_label
from atlantis_tui.screens.translated_keys import TranslatedKeys
from atlantis_tui.widgets.footer import KeysFooter
from core.atlantis.commands import Payment
from core.atlantis.describe import item_name
from core.atlantis.i18n import N_, _, ngettext
from core.atlantis.items import ITEMS
from core.atlantis.payments import payment_value
from core.atlantis.state import Hand, State

CUSTOM = "custom"


def total_text(paid: int, owed: int) -> str:
    """``4 points for a debt of 3 (overpays 1)``: the running total of a payment."""
    sentence = ngettext(
        "{paid} point for a debt of {owed}", "{paid} points for a debt of {owed}", paid
    ).format(paid=paid, owed=owed)
    if paid > owed:
        return sentence + _(" (overpays {n})").format(n=paid - owed)
    if paid < owed:
        return sentence + _(" ({n} short)").format(n=owed - paid)
    return sentence + _(" (exact)")


class PaymentScreen(TranslatedKeys, ModalScreen[Payment | None]):
    """Dismisses with a payment covering ``owed``, or None (when cancellable)."""

    BINDINGS = [Binding("escape", "cancel", N_("Back"))]

    def __init__(
        self,
        state: State,
        seat: int,
        owed: int,
        options: list[Payment],
        cards: Hand,
        title: str,
        cancellable: bool = True,
    ) -> None:
        super().__init__()
        self.state = state
        self.seat = seat
        self.owed = owed
        self.options = options
        self.cards = cards
        self.title_text = title
        self.cancellable = cancellable

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            how = _("Tiles count their value, cards 1 each; no change is given.")
            if self.state.phase == "final_crossing":
                # Which pawns cross which water: the sum owed is never a bare number.
                yield Static(crossing_summary(self.state, self.seat), id="crossing")
                exact = [p for p in self.options if payment_value(self.state, p) == self.owed]
                if len(exact) > 1:
                    # Only the score is left to play for, and it counts tiles and cards
                    # alike: the exact payments, which look so much alike, are equal.
                    how += " " + _("Any payment of exactly {n} leaves the same score (E3).").format(
                        n=self.owed
                    )
            else:
                how = _("You owe {n}.").format(n=self.owed) + " " + how
            yield Label(how, classes="dialog-text")
            suggestions = [
                Option(payment_text(self.state, payment, self.owed), id=str(index))
                for index, payment in enumerate(self.options)
            ]
            suggestions.append(Option(_("Choose myself…"), id=CUSTOM))
            yield OptionList(*suggestions, id="suggestions")
            selections: list[Selection[str]] = []
            for tile in self.state.collected[self.seat]:
                prompt = Text()
                prompt.append_text(tile_label(self.state, tile))
                selections.append(Selection(prompt, f"t{tile}"))
            for item in ITEMS:
                for copy in range(self.cards[item]):
                    selections.append(
                        Selection(Text(_("card: ") + item_name(item)), f"c{item}.{copy}")
                    )
            yield SelectionList[str](*selections, id="custom")
            yield Label("", id="total")
            yield Button(_("Pay"), id="pay", variant="primary", disabled=True, compact=True)
        # The dialog's own keys (Esc goes back), not those of the screen beneath.
        yield KeysFooter()

    def on_mount(self) -> None:
        # Notices about the position (a hint, a refusal) would cover the dialog's list.
        self.app.clear_notifications()
        self.query_one("#custom").display = False
        self.query_one("#pay").display = False
        suggestions = self.query_one("#suggestions", OptionList)
        suggestions.highlighted = 0
        suggestions.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id == CUSTOM:
            self.query_one("#suggestions").display = False
            self.query_one("#custom").display = True
            self.query_one("#pay").display = True
            self.query_one("#custom").focus()
            self._update_total()
        elif event.option.id is not None:
            self.dismiss(self.options[int(event.option.id)])

    def _custom_payment(self) -> Payment:
        chosen = self.query_one("#custom", SelectionList).selected
        tiles = tuple(int(value[1:]) for value in chosen if value.startswith("t"))
        cards = tuple(
            sorted(int(value[1:].split(".")[0]) for value in chosen if value.startswith("c"))
        )
        return Payment(tiles, cards)

    def _update_total(self) -> None:
        payment = self._custom_payment()
        paid = sum(self.state.tiles[t].value for t in payment.tiles) + len(payment.cards)
        self.query_one("#total", Label).update(total_text(paid, self.owed))
        self.query_one("#pay", Button).disabled = paid < self.owed

    def on_selection_list_selected_changed(self) -> None:
        self._update_total()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "pay":
            self.dismiss(self._custom_payment())

    def action_cancel(self) -> None:
        if self.query_one("#custom").display and self.options:
            self.query_one("#custom").display = False
            self.query_one("#pay").display = False
            self.query_one("#suggestions").display = True
            self.query_one("#suggestions").focus()
        elif self.cancellable:
            self.dismiss(None)
