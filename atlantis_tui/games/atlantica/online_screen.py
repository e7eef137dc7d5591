"""The Atlantica game screen for a seat of a hosted game (``atlantis join``), or a watcher.

It is the usual game screen, given a ``RemoteSession`` (a ``Session`` like any):
the same board, players, hand, action builder, preview and scoring dialog. What
differs: a command is sent to the host instead of played here, and the screen
changes when the host's update arrives (or shows the host's refusal, with its
rule id); the other seats are played elsewhere, so there is no curtain and no
bot here; undo is off (its keys only say so, and neither the footer nor the
palette offers it), and so are hints (the expert would think from a view whose
hidden cards are blanks). With ``final_choices = ask`` each seat chooses its own
releases in its own dialog, when the host says the game waits for it (E3, E5).
A watcher is offered no key of a move and sees no hand. While the game waits for
an absent player, the preview says for whom. The player who hosts the game in
this app can show the join lines again (``J``: ``j`` pays with a pair here, or
Join lines in the palette).

Every count of cards in hand and hired, the piles' sizes and the ship piles' tops
are read from the view the host sent (``table_for``): a hand this seat may not see
is blank cards here, whose ids only the host knows (L4).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding

from atlantis_tui.games.atlantica import style as st
from atlantis_tui.games.atlantica.builder import Draft
from atlantis_tui.games.atlantica.end_screen import EndScreen
from atlantis_tui.games.atlantica.game_screen import TURN_ACTIONS, GameScreen
from atlantis_tui.online.client import OnlineClient
from atlantis_tui.online.protocol import AnyServerMessage, Error, Presence, Refused, Update
from atlantis_tui.online.remote import RemoteSession
from atlantis_tui.online.seat_screen import OnlineSeat
from atlantis_tui.session_protocol import WATCHER
from core.atlantica.commands import AnyCommand
from core.atlantica.events import AnyEvent
from core.atlantica.i18n import N_, _
from core.atlantica.state import State
from core.atlantica.view import PlayerView
from core.kernel.errors import IllegalMove

AtlanticaRemote = RemoteSession[State, AnyEvent, AnyCommand, PlayerView]
"""A seat of an Atlantica game hosted elsewhere."""


class OnlineGameScreen(OnlineSeat, GameScreen):
    """One seat (or a watcher) of an Atlantica game hosted elsewhere."""

    MOVE_ACTIONS = TURN_ACTIONS | {"clear"}

    BINDINGS = [
        # These keys replace undo, redo and hint: they only say that those are off.
        Binding("u,ctrl+z,U,ctrl+y", "undo_is_off", show=False),
        Binding("h,H", "hint_is_off", show=False),
        # Not j, as in the other games: j pays with a pair here (T2.5).
        Binding("J", "join_lines", N_("Join lines")),
    ]

    def __init__(self, session: AtlanticaRemote, join_lines: str | None = None) -> None:
        """``session``: the seat's (``online.screen.online_screen`` makes it)."""
        super().__init__(session, bot_delay=0.0)
        self.remote = session
        self.client: OnlineClient = session.client
        self.join_lines = join_lines
        """The lines to pass on, for the player who hosts the game in this app."""
        self.viewer = session.seat
        self._ended = False

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
            # A refused choice at scoring may be made again: the dialog opens again.
            self._choosing_shown = None
            self.show_refusal(IllegalMove(message.rule, message.reason))
            self.call_after_refresh(self.advance)
        elif isinstance(message, Error):
            self._busy = False
            self._choosing_shown = None
            self.notify(message.message, title=_("The host says"), severity="warning")
            self.refresh_all()
            self.call_after_refresh(self.advance)

    def _updated(self, update: Update[Any, Any]) -> None:
        self._busy = False
        if update.events:
            # A new position: what was chosen for the old one is done with.
            self.refusal = None
            self.draft = Draft()
        self.refresh_all()
        self.call_after_refresh(self.advance)

    def _preview_panel_text(self, your_turn: bool) -> Text:
        text = super()._preview_panel_text(your_turn)
        waiting = self.waiting_text()
        if waiting is None or self.current_command() is not None:
            return text
        # Above the usual lines: the game waits for someone else, not for this seat.
        shown = Text(waiting, style=st.DIM)
        shown.append("\n\n")
        shown.append_text(text)
        return shown

    # -- the flow of the game ----------------------------------------------------------
    def advance(self) -> None:
        """Show the position; the scoring dialog when the host waits for this seat's
        choices; the end screen once, when the game is over. The host plays the bots
        and says whose turn it is: nothing else is asked for here."""
        if self.state.is_over:
            self.refresh_bindings()
            self.refresh_all()
            if not self._ended:
                self._ended = True
                self.app.push_screen(EndScreen(self.session))
            return
        self.viewer = self.remote.seat
        self.refresh_all()
        self._open_scoring()

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
