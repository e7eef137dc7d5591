"""What the last action did, read from events: where it was played, what it paid, what
it took (T2.3–T6), for the replay's view."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from atlantis_tui import style as shell_style
from atlantis_tui.games.atlantica import style as st
from atlantis_tui.games.atlantica.cards_text import chips, location_name
from atlantis_tui.games.atlantica.texts import paid_text
from core.atlantica.events import (
    DiverCardsPlayed,
    DiversHired,
    ResearchTaken,
    ShipChartered,
    TreasureTaken,
    TurnPassed,
)
from core.atlantica.i18n import _, ngettext
from core.atlantica.locations import rule_id
from core.atlantica.state import State
from core.kernel.events import events_in_force


def last_action_text(state: State, events: Sequence[object]) -> Text:
    """``Last: ● Ann, Port T4.2: W + Y Y (pair) → B4``; empty when ``events`` hold no
    action or pass."""
    in_force = events_in_force(list(events))
    taken: list[str] = []
    hired = 0
    for event in reversed(in_force):
        if isinstance(event, TreasureTaken | ResearchTaken):
            taken[:0] = list(event.cards)
        elif isinstance(event, ShipChartered):
            taken.insert(0, event.card)
        elif isinstance(event, DiversHired):
            hired = event.count
        elif isinstance(event, DiverCardsPlayed):
            text = _who(state, event.player)
            text.append(f"{location_name(event.location)} {rule_id(event.location, event.level)}: ")
            text.append_text(paid_text(event.cards, event.pair_slot))
            text.append(" → ")
            if hired:
                text.append(ngettext("{n} diver hired", "{n} divers hired", hired).format(n=hired))
            else:
                text.append_text(chips(taken))
            return text
        elif isinstance(event, TurnPassed):
            text = _who(state, event.player)
            text.append(_("passed and drew {n}").format(n=event.count))
            return text
    return Text()


def _who(state: State, seat: int) -> Text:
    text = Text(_("Last:") + " ", style=st.DIM)
    if 0 <= seat < state.player_count:
        text.append(
            f"{shell_style.player_tag(seat)} {state.players[seat]}",
            style=shell_style.player_style(seat),
        )
        text.append(", ")
    return text
