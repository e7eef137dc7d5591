"""The Atlantis game screen for a seat of a hosted game (``atlantis join``), or a watcher.

The usual game screen (path, panels, keys, choosers) on a ``RemoteSession``,
with what every online seat does alike (``atlantis_tui.online.seat_screen``).
Atlantis's own: its log is written as
the host's updates arrive, a refusal names the rule ``r`` opens, the game no
longer waits for a player who resigned (E5), and the preview says for whom it
waits.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from atlantis_tui import style as st
from atlantis_tui.games.atlantis.game_screen import GameScreen
from atlantis_tui.games.atlantis.panels import PreviewPanel
from atlantis_tui.online.protocol import Update
from atlantis_tui.online.remote import RemoteSession
from atlantis_tui.online.remote import view_state as view_state
from atlantis_tui.online.seat_screen import ONLINE_BINDINGS, OnlineSeat
from atlantis_tui.widgets.event_log import EventLog
from core.atlantis.commands import AnyCommand
from core.atlantis.events import AnyEvent
from core.atlantis.evolve import fold
from core.atlantis.i18n import _
from core.atlantis.replay import touched_spaces
from core.atlantis.state import State
from core.atlantis.view import PlayerView
from core.kernel.errors import IllegalMove

AtlantisRemote = RemoteSession[State, AnyEvent, AnyCommand, PlayerView]
"""A seat of an Atlantis game hosted elsewhere."""


class OnlineGameScreen(OnlineSeat, GameScreen):
    """One seat (or a watcher) of a game hosted elsewhere."""

    MOVE_ACTIONS = frozenset({"step", "way", "label", "resign"})

    BINDINGS = ONLINE_BINDINGS

    def __init__(self, session: AtlantisRemote, join_lines: str | None = None) -> None:
        super().__init__(session, join_lines)
        self._log_state: State | None = None
        self._log_count = len(session.events)
        """How many events the log shows."""

    def _rebuild_log(self) -> None:
        super()._rebuild_log()
        self._log_state = None

    def updated(self, update: Update[Any, Any]) -> None:
        """The new events go to the end of the log; the changed spaces are outlined."""
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

    def host_declined(self, why: IllegalMove | str) -> None:
        if not isinstance(why, IllegalMove):
            super().host_declined(why)
            return
        self.last_rule = why.rule  # what r opens
        self.notify(
            why.reason + "\n" + _("(r: read the rule)"),
            title=_("Not allowed ({rule})").format(rule=why.rule),
            severity="error",
            timeout=10,
        )

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

    def _offer_stuck(self) -> None:
        if self._busy:
            return  # a purchase or bridge is on its way: the host's update will tell
        super()._offer_stuck()


def _folded(events: list[AnyEvent]) -> State | None:
    """The state the log describes events from (filtered events fold well enough for words)."""
    return fold(events) if events else None
