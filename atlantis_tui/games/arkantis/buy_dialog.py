"""Buying cards (T6): a dialog listing the four piles with their price, size and
visible top card. It stays open after a purchase, since any number may follow
one another (T6.1); a refusal is shown in it with its rule id."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from atlantis_tui.games.arkantis import style as st
from atlantis_tui.games.arkantis.cards_text import Table, card_label, pile_name
from atlantis_tui.games.arkantis.keys import GameKeys
from atlantis_tui.games.arkantis.texts import refusal_text
from atlantis_tui.widgets.footer import KeysFooter
from core.arkantis.cards import PRICES
from core.arkantis.commands import Pile
from core.arkantis.i18n import N_, _, ngettext
from core.arkantis.state import PILES, State
from core.kernel.errors import IllegalMove

Buyer = Callable[[str, Pile], IllegalMove | None]
"""Buys the top card of a colour's pile; gives the refusal, or ``None`` when bought."""


def pile_option(state: State, table: Table, index: int) -> Text:
    """One pile: its colour and side, price, size, and its top card if face up."""
    colour, pile = PILES[index]
    text = Text()
    text.append(f" {st.CARD_LETTERS[colour]} ", style=st.CARD_STYLES[colour])
    text.append(" " + pile_name(colour, pile))
    price = PRICES[colour]
    text.append(" · " + ngettext("{n} pion", "{n} pions", price).format(n=price), style="bold")
    size = table.pile_sizes[index]
    text.append(" · " + ngettext("{n} card", "{n} cards", size).format(n=size), style=st.DIM)
    if pile == "up":
        top = table.top_up.get(colour, "")
        text.append("\n    " + _("top: "))
        if top:
            text.append_text(card_label(state, top))
        else:
            text.append(_("empty (T6.3)"), style=st.DIM)
    else:
        text.append("\n    " + _("top card hidden"), style=st.DIM)
    return text


class BuyScreen(GameKeys, ModalScreen[None]):
    """The four piles to buy from; Enter buys, Esc closes."""

    BINDINGS = [Binding("escape", "close", N_("Done"))]

    DEFAULT_CSS = """
    BuyScreen { align: center middle; }
    BuyScreen #buy-dialog {
        width: 72; max-width: 95%; height: auto; max-height: 95%;
        padding: 0 1; border: thick $primary 60%; background: $surface;
    }
    BuyScreen #buy-title { text-style: bold; color: $accent; }
    BuyScreen #buy-piles { height: auto; max-height: 70vh; margin: 1 0 0 0; }
    BuyScreen #buy-status { height: auto; }
    """

    def __init__(self, seat: int, current: Callable[[], tuple[State, Table]], buy: Buyer) -> None:
        super().__init__()
        self.seat = seat
        self.current = current
        self.buy = buy
        self.status = Text()

    def compose(self) -> ComposeResult:
        with Vertical(id="buy-dialog"):
            yield Label(_("Buy a card (T6)"), id="buy-title")
            yield Static(self._pions_text(), id="buy-pions")
            yield OptionList(*self._options(), id="buy-piles")
            yield Static(self.status, id="buy-status")
        yield KeysFooter()

    def _pions_text(self) -> Text:
        state, _table = self.current()
        pions = state.pions[self.seat]
        return Text(
            _("{name} has {pions}. Orange cards cost 2, emerald cards 1 (T6.1).").format(
                name=state.players[self.seat],
                pions=ngettext("{n} pion", "{n} pions", pions).format(n=pions),
            )
        )

    def _options(self) -> list[Option]:
        state, table = self.current()
        return [Option(pile_option(state, table, i), id=str(i)) for i in range(len(PILES))]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        index = int(event.option.id or 0)
        colour, pile = PILES[index]
        refusal = self.buy(colour, pile)
        if refusal is not None:
            self.status = refusal_text(refusal.rule, refusal.reason)
        else:
            state, _table = self.current()
            bought = state.hands[self.seat][-1] if state.hands[self.seat] else ""
            self.status = Text(_("Bought: "), style="bold")
            if bought:
                self.status.append_text(card_label(state, bought))
        self._refresh(index)

    def _refresh(self, highlighted: int) -> None:
        piles = self.query_one(OptionList)
        piles.clear_options()
        piles.add_options(self._options())
        piles.highlighted = highlighted
        self.query_one("#buy-pions", Static).update(self._pions_text())
        self.query_one("#buy-status", Static).update(self.status)

    def action_close(self) -> None:
        self.dismiss(None)
