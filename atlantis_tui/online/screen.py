"""The game screen for a seat of a hosted game (``atlantis join``), or for a watcher.

It is the usual game screen: the same board, panels, keys and choosers. What
differs: a command is sent to the host instead of played here, and the
screen changes when the host's update arrives; the other seats are played
elsewhere, so there is no curtain and no bot here; undo and hints are off.
"""

from __future__ import annotations

from textual import work

from atlantis_tui.online.client import JoinError, OnlineClient
from atlantis_tui.online.protocol import AnyServerMessage, Error, Presence, Refused, Update
from atlantis_tui.online.remote import RemoteSession
from atlantis_tui.screens.end import EndScreen
from atlantis_tui.screens.game import GameScreen
from atlantis_tui.widgets.event_log import EventLog
from core.commands import AnyCommand
from core.events import AnyEvent
from core.i18n import _
from core.replay import touched_spaces
from core.state import State


class OnlineGameScreen(GameScreen):
    """One seat (or a watcher) of a game hosted elsewhere."""

    def __init__(self, session: RemoteSession) -> None:
        super().__init__(session, bot_delay=0.0)
        self.remote = session
        self.client: OnlineClient = session.client
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

    # -- messages from the host ------------------------------------------------------
    @work(exclusive=True, group="online")
    async def listen(self) -> None:
        try:
            async for message in self.client.messages():
                self.received(message)
        except JoinError as error:
            self.notify(str(error), title=_("Disconnected"), severity="error", timeout=30)

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

    def _updated(self, update: Update) -> None:
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

    def _show_presence(self) -> None:
        away = [seat.name for seat in self.client.seats if not seat.present]
        names = ", ".join(seat.name for seat in self.client.seats)
        mine = self.remote.seat
        # The subtitle is a status bar of separate parts, each a whole phrase.
        parts = [names]
        if mine is None:
            parts.append(_("watching"))
        else:
            parts.append(_("you are {name}").format(name=self.client.seats[mine].name))
        if away:
            parts.append(_("waiting for {names}").format(names=", ".join(away)))
        self.sub_title = " · ".join(parts)

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

    def apply(self, command: AnyCommand) -> list[AnyEvent]:
        """Send the command; the host's update (or refusal) will show what came of it."""
        self._busy = True
        self.send_to_host(command)
        return []

    def _offer_stuck(self) -> None:
        if self._busy:
            return  # a purchase or bridge is on its way: the host's update will tell
        super()._offer_stuck()

    @work(group="send")
    async def send_to_host(self, command: AnyCommand) -> None:
        await self.client.act(command)

    # -- what is off online -------------------------------------------------------------
    def action_undo(self) -> None:
        self.notify(_("Undo is off in online games: a move once made stands."))

    def action_redo(self) -> None:
        self.action_undo()

    def action_hint(self) -> None:
        self.notify(_("Hints are off in online games."))

    def action_toggle_hands(self) -> None:
        self.notify(_("Online, only your own hand is shown."))


def _folded(events: list[AnyEvent]) -> State | None:
    """The state the log describes events from (filtered events fold well enough for words)."""
    from core.evolve import fold

    return fold(events) if events else None
