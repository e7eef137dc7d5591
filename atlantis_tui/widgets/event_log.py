"""The game's log: one sentence per event, each in its player's colour.

It is an ``OptionList``, so sentences wrap to the width, long games scroll
cheaply, and a line can be highlighted and chosen (replays jump to it). The
log shown during play goes through ``event_for``, so another player's drawn
cards are never printed; a finished game or open hands show all.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from atlantis_tui import style as st
from core.describe import describe
from core.events import AnyEvent, GameStarted, TurnEnded
from core.evolve import evolve, initial_state
from core.state import State
from core.view import event_for


def _player_of(event: AnyEvent) -> int | None:
    player = getattr(event, "player", None)
    return player if isinstance(player, int) else None


def event_line(state: State, event: AnyEvent, viewer: int | None) -> Text:
    """The log line for ``event`` as ``viewer`` may read it (state: just before it)."""
    shown = event_for(event, viewer, state.options.open_hands if state else False)
    sentence = describe(state, shown)
    if isinstance(event, TurnEnded):
        return Text("── " + sentence, style=st.player_style(event.next_player))
    player = _player_of(event)
    style = st.player_style(player, bold=False) if player is not None else st.DIM
    return Text(sentence, style=style)


class EventLog(OptionList):
    """Scrollable sentences; appends as events happen. Option ids are event indexes."""

    DEFAULT_CSS = """
    EventLog {
        border: round $primary 50%;
        border-title-color: $text-muted;
        padding: 0 1;
    }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.border_title = "Log"
        self._count = 0

    def write_events(
        self, state_before: State, events: Sequence[AnyEvent], viewer: int | None
    ) -> State:
        """Append ``events`` (applied to ``state_before``); returns the state after."""
        state = state_before
        options = []
        for event in events:
            if isinstance(event, GameStarted):
                state = initial_state(event)
            options.append(Option(event_line(state, event, viewer), id=str(self._count)))
            self._count += 1
            if not isinstance(event, GameStarted):
                state = evolve(state, event)
        self.add_options(options)
        self.scroll_end(animate=False)
        return state
