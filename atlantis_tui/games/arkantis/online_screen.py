"""The ArkantiS game screen for a seat of a hosted game (``atlantis join``), or a watcher.

It is the usual game screen, given a ``RemoteSession``: the same board, panels,
keys, buy dialog and preview, with what every online seat does alike
(``atlantis_tui.online.seat_screen``); hints are off since the expert would
think from a view whose hidden cards are blanks. ArkantiS's own: the buy dialog
sends each purchase to the host and says what came of it, and the preview says
for whom the game waits.

Every count of cards in hand, and the piles, are read from the view the host
sent (``table_for``): a hand this seat may not see is blank cards here, whose
colours only the host knows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.widgets import OptionList

from atlantis_tui.games.arkantis import style as st
from atlantis_tui.games.arkantis.buy_dialog import BuyScreen
from atlantis_tui.games.arkantis.cards_text import Table, card_label
from atlantis_tui.games.arkantis.game_screen import GameScreen
from atlantis_tui.games.arkantis.texts import refusal_text
from atlantis_tui.online.protocol import Update
from atlantis_tui.online.remote import RemoteSession
from atlantis_tui.online.seat_screen import ONLINE_BINDINGS, OnlineSeat
from core.arkantis.commands import AnyCommand, Buy
from core.arkantis.events import AnyEvent
from core.arkantis.i18n import _
from core.arkantis.state import PILES, State
from core.arkantis.view import PlayerView
from core.kernel.errors import IllegalMove

ArkantisRemote = RemoteSession[State, AnyEvent, AnyCommand, PlayerView]
"""A seat of an ArkantiS game hosted elsewhere."""


class OnlineBuyScreen(BuyScreen):
    """The buy dialog of a seat online: a purchase goes to the host, and the dialog
    says what came of it when the host answers (``bought`` or ``refused``)."""

    def __init__(
        self, seat: int, current: Callable[[], tuple[State, Table]], send: Callable[[Buy], object]
    ) -> None:
        super().__init__(seat, current, self._unused)
        self.send = send
        self.pending: int | None = None
        """The pile whose purchase the host has not answered yet."""

    @staticmethod
    def _unused(_colour: str, _pile: Any) -> IllegalMove | None:
        return None  # online, ``on_option_list_option_selected`` sends instead

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if self.pending is not None:
            return  # one purchase at a time: the host answers each before the next
        index = int(event.option.id or 0)
        colour, pile = PILES[index]
        self.pending = index
        self.status = Text(_("Buying…"), style=st.DIM)
        self._refresh(index)
        self.send(Buy(self.seat, colour, pile))

    def bought(self) -> None:
        """The host's update arrived: the card bought is the last of the hand (T6)."""
        index, self.pending = self.pending, None
        state, _table = self.current()
        hand = state.hands[self.seat]
        if index is not None:
            self.status = Text(_("Bought: "), style="bold")
            if hand and hand[-1]:
                self.status.append_text(card_label(state, hand[-1]))
        self._refresh(index if index is not None else self._highlighted())

    def declined(self, why: IllegalMove | str) -> None:
        """The host did not make the purchase: the rules refused it (the reason, with
        its rule id), or the host would not act on it (the game waits, …)."""
        index, self.pending = self.pending, None
        if isinstance(why, IllegalMove):
            self.status = refusal_text(why.rule, why.reason)
        else:
            self.status = Text(why)
        self._refresh(index if index is not None else self._highlighted())

    def _highlighted(self) -> int:
        return self.query_one(OptionList).highlighted or 0


class OnlineGameScreen(OnlineSeat, GameScreen):
    """One seat (or a watcher) of an ArkantiS game hosted elsewhere."""

    MOVE_ACTIONS = frozenset({"mode", "clear"})

    BINDINGS = ONLINE_BINDINGS

    def __init__(self, session: ArkantisRemote, join_lines: str | None = None) -> None:
        super().__init__(session, join_lines)
        self._buying: OnlineBuyScreen | None = None

    def _pending_purchase(self) -> OnlineBuyScreen | None:
        """The buy dialog, while the host has a purchase of it to answer."""
        buying = self._buying
        return buying if buying is not None and buying.pending is not None else None

    def updated(self, update: Update[Any, Any]) -> None:
        buying = self._pending_purchase()
        if buying is not None and update.events:
            buying.bought()
        super().updated(update)

    def host_declined(self, why: IllegalMove | str) -> None:
        buying = self._pending_purchase()
        if buying is not None:
            buying.declined(why)
        super().host_declined(why)

    def _preview_panel_text(self, previewed: Any, your_turn: bool) -> Text:
        text = super()._preview_panel_text(previewed, your_turn)
        # Above the usual lines: the game waits for someone else, not for this seat.
        return text if previewed is not None else self.with_waiting(text)

    def action_buy(self) -> None:
        """The buy dialog (T6); each purchase goes to the host."""
        seat = self._human_to_act()
        if seat is None:
            return

        def closed(_result: None) -> None:
            self._buying = None
            self.refresh_all()

        self._buying = OnlineBuyScreen(seat, lambda: (self.state, self.table()), self.send_to_host)
        self.app.push_screen(self._buying, closed)
