"""The ArkantiS game screen for a seat of a hosted game (``atlantis join``), or a watcher.

It is the usual game screen, given a ``RemoteSession`` (a ``Session`` like any):
the same board, panels, keys, buy dialog and preview. What differs: a command
is sent to the host instead of played here, and the screen changes when the
host's update arrives (or shows the host's refusal, with its rule id); the
other seats are played elsewhere, so there is no curtain and no bot here; undo
is off (its keys only say so, and neither the footer nor the palette offers
it), and so are hints (the expert would think from a view whose hidden cards are
blanks). A watcher is offered no key of a move and sees no hand. While the game
waits for an absent player, the preview says for whom. The player who hosts
the game in this app can show the join lines again (``j``, or Join lines in
the palette).

Every count of cards in hand, and the piles, are read from the view the host
sent (``table_for``): a hand this seat may not see is blank cards here, whose
colours only the host knows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.widgets import OptionList

from atlantis_tui.games.arkantis import style as st
from atlantis_tui.games.arkantis.buy_dialog import BuyScreen
from atlantis_tui.games.arkantis.cards_text import Table, card_label
from atlantis_tui.games.arkantis.choice import Choice
from atlantis_tui.games.arkantis.end_screen import EndScreen
from atlantis_tui.games.arkantis.game_screen import TURN_ACTIONS, GameScreen
from atlantis_tui.games.arkantis.texts import refusal_text
from atlantis_tui.online.client import OnlineClient
from atlantis_tui.online.protocol import AnyServerMessage, Error, Presence, Refused, Update
from atlantis_tui.online.remote import RemoteSession
from atlantis_tui.online.seat_screen import OnlineSeat
from atlantis_tui.session_protocol import WATCHER
from core.arkantis.commands import AnyCommand, Buy
from core.arkantis.events import AnyEvent
from core.arkantis.i18n import N_, _
from core.arkantis.state import PILES, State
from core.arkantis.view import PlayerView
from core.kernel.errors import IllegalMove

ArkantisRemote = RemoteSession[State, AnyEvent, AnyCommand, PlayerView]
"""A seat of an ArkantiS game hosted elsewhere."""


class OnlineBuyScreen(BuyScreen):
    """The buy dialog of a seat online: a purchase goes to the host, and the dialog
    says what came of it when the host answers (``bought`` or ``refused``)."""

    def __init__(
        self, seat: int, current: Callable[[], tuple[State, Table]], send: Callable[[Buy], None]
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

    def refused(self, rule: str, reason: str) -> None:
        """The host refused the purchase: the reason, with its rule id."""
        index, self.pending = self.pending, None
        self.status = refusal_text(rule, reason)
        self._refresh(index if index is not None else self._highlighted())

    def failed(self, message: str) -> None:
        """The host would not act on the purchase (the game waits, …): what it said."""
        index, self.pending = self.pending, None
        self.status = Text(message)
        self._refresh(index if index is not None else self._highlighted())

    def _highlighted(self) -> int:
        return self.query_one(OptionList).highlighted or 0


class OnlineGameScreen(OnlineSeat, GameScreen):
    """One seat (or a watcher) of an ArkantiS game hosted elsewhere."""

    MOVE_ACTIONS = TURN_ACTIONS | {"mode", "clear"}

    BINDINGS = [
        # These keys replace undo, redo and hint: they only say that those are off.
        Binding("u,ctrl+z,U,ctrl+y", "undo_is_off", show=False),
        Binding("h,H", "hint_is_off", show=False),
        Binding("j", "join_lines", N_("Join lines")),
    ]

    def __init__(self, session: ArkantisRemote, join_lines: str | None = None) -> None:
        """``session``: the seat's (``online.screen.online_screen`` makes it)."""
        super().__init__(session, bot_delay=0.0)
        self.remote = session
        self.client: OnlineClient = session.client
        self.join_lines = join_lines
        """The lines to pass on, for the player who hosts the game in this app."""
        self.viewer = session.seat
        self._ended = False
        self._buying: OnlineBuyScreen | None = None

    def on_mount(self) -> None:
        super().on_mount()
        self._show_presence()
        self.listen()

    def received(self, message: AnyServerMessage) -> None:
        """Show what the host sent: new events, who is away, or why a command was refused."""
        if isinstance(message, Update):
            self._updated(message)
        elif isinstance(message, Presence):
            self._show_presence()
            self.refresh_all()
        elif isinstance(message, Refused):
            self._busy = False
            if self._buying is not None and self._buying.pending is not None:
                self._buying.refused(message.rule, message.reason)
            self.show_refusal(IllegalMove(message.rule, message.reason))
        elif isinstance(message, Error):
            self._busy = False
            if self._buying is not None and self._buying.pending is not None:
                self._buying.failed(message.message)
            self.notify(message.message, title=_("The host says"), severity="warning")
            self.refresh_all()

    def _updated(self, update: Update[Any, Any]) -> None:
        self._busy = False
        if update.events:
            # A new position: what was chosen for the old one is done with.
            self.refusal = None
            self.choice = Choice(self.choice.mode)
        if self._buying is not None and self._buying.pending is not None and update.events:
            self._buying.bought()
        self.refresh_all()
        self.call_after_refresh(self.advance)

    def _preview_panel_text(self, previewed: Any, your_turn: bool) -> Text:
        text = super()._preview_panel_text(previewed, your_turn)
        waiting = self.waiting_text()
        if waiting is None or previewed is not None:
            return text
        # Above the usual lines: the game waits for someone else, not for this seat.
        shown = Text(waiting, style=st.DIM)
        shown.append("\n\n")
        shown.append_text(text)
        return shown

    # -- the flow of the game ----------------------------------------------------------
    def advance(self) -> None:
        """Show the position; the end screen once, when the game is over. The host
        plays the bots and says whose turn it is: nothing is asked for here."""
        if self.state.is_over:
            self.refresh_bindings()
            self.refresh_all()
            if not self._ended:
                self._ended = True
                self.app.push_screen(EndScreen(self.session))
            return
        self.viewer = self.remote.seat
        self.refresh_all()

    def _human_to_act(self) -> int | None:
        if self._busy or not self.client.my_turn:
            return None
        return self.remote.seat

    def apply(self, command: AnyCommand) -> IllegalMove | None:
        """Send the command; the host's update (or refusal) will show what came of it."""
        self._busy = True
        self.refusal = None
        self.send_to_host(command)
        self.refresh_all()
        return None

    def action_buy(self) -> None:
        """The buy dialog (T6); each purchase goes to the host."""
        seat = self._human_to_act()
        if seat is None:
            return

        def current() -> tuple[State, Table]:
            return self.state, self.table()

        def closed(_result: None) -> None:
            self._buying = None
            self.refresh_all()

        def send(command: Buy) -> None:
            self.send_to_host(command)

        self._buying = OnlineBuyScreen(seat, current, send)
        self.app.push_screen(self._buying, closed)

    def _log_viewer(self) -> int | None:
        """The log is written for this seat (a watcher: for nobody's hand), from the events
        as the host sent them."""
        if self.state.options.open_hands:
            return None
        return WATCHER if self.remote.seat is None else self.remote.seat

    def action_toggle_hands(self) -> None:
        if self.show_all_hands:
            return  # every hand is open (a rule option): the host sends them all
        self.notify(_("Online, only your own hand is shown."))
