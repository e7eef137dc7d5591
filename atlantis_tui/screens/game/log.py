"""The game's log: written as the game goes, on small screens shown with its key
in place of the preview, filtered by player and searched (``log_search``)."""

from __future__ import annotations

from typing import Any

from atlantis_tui.screens.game.seats import Seats
from atlantis_tui.screens.log_search import LogFilterMixin
from atlantis_tui.widgets.event_log import EventLog
from core.kernel.events import EventsUndone, undone_positions
from core.kernel.replay import states_after


class GameLog(Seats, LogFilterMixin):
    """The screen's one ``EventLog``, kept up to date by ``refresh_log``.

    Wide, the log is always shown; narrow (the ``-narrow`` class), ``l`` shows it in
    place of the preview (the ``-log`` class, which each game's CSS follows).
    """

    _logged = 0
    """How many of the session's events the log shows."""
    _log_state: Any = None
    """The state after those events."""

    def _log_player_names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.session.seats)

    def refresh_log(self) -> None:
        """Append the events played since the log was last written; after an undo (or
        from scratch), write it again with the undone events struck through."""
        events = self.session.events
        if len(events) == self._logged:
            return
        log = self.query_one(EventLog)
        new = events[self._logged :]
        if self._logged == 0 or any(isinstance(event, EventsUndone) for event in new):
            log.show_events(
                events,
                states_after(self.GAME, events),
                self._log_viewer(),
                undone_positions(events),
            )
        else:
            log.write_events(self._log_state, new, self._log_viewer())
        self._logged = len(events)
        self._log_state = self.session.state

    def rewrite_log(self) -> None:
        """The whole log again (a new language)."""
        self._logged = 0
        self.refresh_log()

    def action_toggle_log(self) -> None:
        """On small screens the log takes the place of the preview, and back."""
        self.toggle_class("-log")
