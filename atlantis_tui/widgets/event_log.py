"""The game's log: one sentence per event, each in its player's colour.

The log shown during play goes through ``event_for``, so another player's
drawn cards are never printed; a finished game or open hands show all.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import RichLog

from atlantis_tui import style as st
from core.describe import describe
from core.events import AnyEvent, GameStarted, TurnEnded
from core.evolve import evolve, initial_state
from core.state import State
from core.view import event_for


def _player_of(event: AnyEvent) -> int | None:
    player = getattr(event, "player", None)
    return player if isinstance(player, int) else None


class EventLog(RichLog):
    """Scrollable sentences; appends as events happen."""

    DEFAULT_CSS = """
    EventLog {
        border: round $primary 50%;
        border-title-color: $text-muted;
    }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, **kwargs)  # type: ignore[arg-type]
        self.border_title = "Log"

    def write_events(
        self, state_before: State, events: Sequence[AnyEvent], viewer: int | None
    ) -> State:
        """Append ``events`` (applied to ``state_before``); returns the state after."""
        state = state_before
        open_hands = state.options.open_hands
        for event in events:
            shown = event_for(event, viewer, open_hands)
            sentence = describe(state, shown)
            player = _player_of(event)
            style = st.player_style(player, bold=False) if player is not None else st.DIM
            if isinstance(event, TurnEnded):
                line = Text("── " + sentence, style=st.player_style(event.next_player))
            else:
                line = Text(sentence, style=style)
            self.write(line)
            state = initial_state(event) if isinstance(event, GameStarted) else evolve(state, event)
        return state
