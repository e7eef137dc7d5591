"""The Atlantis game screen for a seat of a hosted game (``atlantis join``), or a watcher.

It is the usual game screen, given a ``RemoteSession`` (a ``Session`` like
any): the same board, panels, keys and choosers. What differs: a command is
sent to the host instead of played here, and the screen changes when the
host's update arrives; the other seats are played elsewhere, so there is no
curtain and no bot here; undo and hints are off (their keys only say so, and
neither the footer nor the palette offers them). A watcher is offered no key
of a move. While the game waits for an absent player, the preview says for
whom. The player who hosts the game in this app can show the join lines again
(``j``, or Join lines in the palette).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding

from atlantis_tui import style as st
from atlantis_tui.games.atlantis.end_screen import EndScreen
from atlantis_tui.games.atlantis.game_screen import GameScreen
from atlantis_tui.games.atlantis.panels import PreviewPanel
from atlantis_tui.online.client import OnlineClient
from atlantis_tui.online.protocol import AnyServerMessage, Error, Presence, Refused, Update
from atlantis_tui.online.remote import RemoteSession
from atlantis_tui.online.remote import view_state as view_state
from atlantis_tui.online.seat_screen import OnlineSeat
from atlantis_tui.widgets.event_log import EventLog
from core.atlantis.commands import AnyCommand
from core.atlantis.events import AnyEvent
from core.atlantis.evolve import fold
from core.atlantis.replay import touched_spaces
from core.atlantis.state import State
from core.atlantis.view import PlayerView
from core.kernel.errors import IllegalMove
from core.kernel.i18n import N_, _

AtlantisRemote = RemoteSession[State, AnyEvent, AnyCommand, PlayerView]
"""A seat of an Atlantis game hosted elsewhere."""


class OnlineGameScreen(OnlineSeat, GameScreen):
    """One seat (or a watcher) of a game hosted elsewhere."""

    MOVE_ACTIONS = frozenset({"pawn", "step", "way", "label", "confirm", "buy", "bridge", "resign"})

    BINDINGS = [
        # These keys replace undo, redo and hint: they only say that those are off.
        Binding("u,ctrl+z,U,ctrl+y", "undo_is_off", show=False),
        Binding("h,H", "hint_is_off", show=False),
        Binding("j", "join_lines", N_("Join lines")),
    ]

    def __init__(self, session: AtlantisRemote, join_lines: str | None = None) -> None:
        """``session``: the seat's (``online.screen.online_screen`` makes it)."""
        super().__init__(session, bot_delay=0.0)
        self.remote = session
        self.client: OnlineClient = session.client
        self.join_lines = join_lines
        """The lines to pass on, for the player who hosts the game in this app."""
        self.show_all_hands = False
        self._ended = False
        self._log_state: State | None = None
        self._log_count = len(session.events)
        """How many events the log shows."""
        self._prompted_at = -1
        """The event count at which a decision was last asked for (final crossing, stuck)."""

    def on_mount(self) -> None:
        super().on_mount()
        self._show_presence()
        self.listen()

    def _rebuild_log(self) -> None:
        super()._rebuild_log()
        self._log_state = None

    def received(self, message: AnyServerMessage) -> None:
        """Show what the host sent: new events, who is away, or why a command was refused."""
        if isinstance(message, Update):
            self._updated(message)
        elif isinstance(message, Presence):
            self._show_presence()
            self.call_after_refresh(self.advance)
        elif isinstance(message, Refused):
            self._busy = False
            self._prompted_at = -1  # ask again: the refused choice is still to be made
            self.call_after_refresh(self.advance)
            self.last_rule = message.rule
            self.notify(
                message.reason + "\n" + _("(r: read the rule)"),
                title=_("Not allowed ({rule})").format(rule=message.rule),
                severity="error",
                timeout=10,
            )
        elif isinstance(message, Error):
            self._busy = False
            self._prompted_at = -1
            self.call_after_refresh(self.advance)
            self.notify(message.message, title=_("The host says"), severity="warning")

    def _updated(self, update: Update[Any, Any]) -> None:
        self._busy = False
        if update.start != self._log_count or self._log_state is None:
            # The first update, or one that does not follow what the log shows.
            self._rebuild_log()
            self._log_state = _folded(self.remote.events)
        elif update.events:
            log = self.query_one(EventLog)
            self._log_state = log.write_events(
                self._log_state, list(update.events), self._log_viewer()
            )
        self._log_count = len(self.remote.events)
        self._last_changed = touched_spaces(update.events)
        self.selection = None
        self.refresh_all()
        self.call_after_refresh(self.advance)

    def out_of_the_game(self) -> frozenset[int]:
        """Seats that resigned (E5): the game no longer waits for them."""
        return (
            frozenset(self.session.state.resigned) if self.client.view is not None else frozenset()
        )

    def refresh_all(self) -> None:
        super().refresh_all()
        waiting = self.waiting_text()
        if waiting is not None and self.selection is None:
            # In place of "Ann is playing.": the game waits for someone else.
            preview = self.query_one(PreviewPanel)
            if not preview.unchanged(waiting):
                preview.show_text(Text(waiting, style=st.DIM), fixed_height=True)

    # -- the flow of the game ----------------------------------------------------------
    def advance(self) -> None:
        """Prompt only when it is this seat's turn; otherwise wait for the host."""
        state = self.session.state
        if state.is_over:
            if not self._ended:
                self._ended = True
                self.app.push_screen(EndScreen(self.session))
            return
        self.viewer = self.remote.seat
        self.refresh_all()
        # Presence messages call this too: ask for a decision once per position.
        if self._human_to_act() is not None and self._prompted_at != len(self.session.events):
            self._prompted_at = len(self.session.events)
            self._prompt_if_needed()

    def _human_to_act(self) -> int | None:
        if self._busy or not self.client.my_turn:
            return None
        return self.remote.seat

    def apply(self, command: AnyCommand) -> IllegalMove | None:
        """Send the command; the host's update (or refusal) will show what came of it."""
        self._busy = True
        self.send_to_host(command)
        return None

    def _offer_stuck(self) -> None:
        if self._busy:
            return  # a purchase or bridge is on its way: the host's update will tell
        super()._offer_stuck()

    def action_toggle_hands(self) -> None:
        self.notify(_("Online, only your own hand is shown."))


def _folded(events: list[AnyEvent]) -> State | None:
    """The state the log describes events from (filtered events fold well enough for words)."""
    return fold(events) if events else None
