"""The hint, in two stages: first the gist, then the whole move.

The kernel's hint (``core.services.hints``, through each game's ``hints`` module)
is worked out in a worker thread for the position and the seat at the keyboard;
a second press while it is being worked out asks for the whole move at once.
A game words it (``show_hint``): in a panel, or in a notice.
"""

from __future__ import annotations

from typing import Any

from textual import work
from textual.screen import Screen

from atlantis_tui.screens.game.seats import Seats
from atlantis_tui.screens.translated_keys import TranslatedKeys
from core.kernel.i18n import _


class Hints(Seats, TranslatedKeys, Screen[None]):
    """``h``: the gist; ``h`` again: the whole move."""

    _hint: tuple[Any, Any] | None = None
    """The last hint and the position it was worked out for."""
    _hint_stage = 0
    """How much of the hint is shown: 0 none, 1 the gist, 2 the whole move."""
    _hint_asked: Any = None
    """The position a hint is being worked out for (a second press waits for it)."""

    # -- what a game provides ----------------------------------------------------------------
    def hint_seat(self) -> int | None:
        """The seat a hint may be given to now (None: no hint now)."""
        return self._human_to_act()

    def work_out_hint(self, state: Any, seat: int) -> Any:
        """The game's hint for ``seat`` in ``state`` (None: no hint under these rules).
        Called in a worker thread."""
        raise NotImplementedError

    def show_hint(self) -> None:
        """Show ``_hint`` at ``_hint_stage``."""
        raise NotImplementedError

    # -- the stages -----------------------------------------------------------------------------
    def current_hint(self) -> Any:
        """The hint for the position on screen, once worked out; else None."""
        if self._hint is not None and self._hint[0] is self.session.state:
            return self._hint[1]
        return None

    def action_hint(self) -> None:
        """First press: the gist of the expert's move; second: the whole move."""
        seat = self.hint_seat()
        if seat is None:
            return
        state = self.session.state
        if self.current_hint() is not None:
            self._hint_stage = 2
            self.show_hint()
            return
        if self._hint_asked is state:
            self._hint_stage = 2  # pressed again while thinking: the whole move, once ready
            return
        self._hint_stage = 1
        self._hint_asked = state
        self.app.clear_notifications()
        self.notify(_("Thinking…"), title=_("Hint"), timeout=2)
        self._hint_worker(state, seat)

    @work(thread=True, exclusive=True, group="hint")
    def _hint_worker(self, state: Any, seat: int) -> None:
        """The best move the review's search finds, from ``seat``'s own view, away from
        the screen (a fraction of a second)."""
        found = self.work_out_hint(state, seat)
        self.app.call_from_thread(self._hint_found, state, found)

    def _hint_found(self, state: Any, found: Any) -> None:
        self._hint_asked = None
        if self.session.state is not state:
            return  # the game moved on while the hint was worked out
        if found is None:
            self.notify(_("No hint under these rule options: the expert does not play them."))
            return
        self._hint = (state, found)
        self.show_hint()
