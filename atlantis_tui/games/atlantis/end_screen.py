"""The end of the game: the final crossings player by player, scores, winners.

Each crossing is taken apart: every pawn still on the path, the water between
it and the Mainland and its price, then what the player paid (E2).
"""

from __future__ import annotations

from typing import NamedTuple

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from atlantis_tui import style as st
from atlantis_tui.games.atlantis.forecast import crossing_lines
from atlantis_tui.games.atlantis.shown_state import AtlantisSession, counted_state
from atlantis_tui.screens.end_screen import GameEndScreen, winner_label
from atlantis_tui.session_protocol import own_view
from core.atlantis.describe import describe
from core.atlantis.events import FinalCrossingPaid, FinalCrossingStarted, GameEnded
from core.atlantis.evolve import events_in_force, evolve, fold
from core.atlantis.game_type import ATLANTIS
from core.atlantis.i18n import _


class ReportLine(NamedTuple):
    """A sentence of the final crossings, or (``pawn``) one pawn's share under it."""

    text: Text
    pawn: bool = False


def final_report(session: AtlantisSession) -> tuple[list[ReportLine], Table]:
    """Sentences for E1–E2 as they happened, and the score table (E3).

    Only the events in force count: a final crossing that was undone and paid again
    is told once, as it was paid in the end.
    """
    events = events_in_force(session.events)
    start = next(
        (i for i, e in enumerate(events) if isinstance(e, FinalCrossingStarted)), len(events)
    )
    state = fold(events[:start]) if start > 0 else session.state
    lines: list[ReportLine] = []
    for event in events[start:]:
        player = getattr(event, "player", None)
        style = st.player_style(player, bold=False) if isinstance(player, int) else "bold"
        if isinstance(event, FinalCrossingStarted | FinalCrossingPaid):
            lines.append(ReportLine(Text(describe(state, event), style=style)))
            if isinstance(event, FinalCrossingPaid):
                # Which pawns crossed which water: how the sum paid came about.
                for pawn_line in crossing_lines(state, event.player):
                    lines.append(ReportLine(pawn_line, pawn=True))
        state = evolve(state, event)
    # The score table counts every hand; a remote seat knows only their sizes.
    final = counted_state(session.state, own_view(session))
    table = Table(title=_("Scores (E3)"), expand=False)
    for column in (_("Player"), _("Tiles"), _("Cards"), _("Unpaid"), _("Score")):
        table.add_column(column, justify="left" if column == _("Player") else "right")
    ended = events[-1] if events and isinstance(events[-1], GameEnded) else None
    winners = ended.winners if ended else ()
    for seat in range(final.player_count):
        name = winner_label(seat, final.players[seat], seat in winners)
        if seat in final.resigned:
            name.append(_("  resigned (E5)"), style=st.DIM)
        unpaid = final.unpaid[seat] if final.unpaid else 0
        table.add_row(
            name,
            str(final.collected_value(seat)),
            str(final.hand_size(seat)),
            str(-unpaid) if unpaid else "0",
            str(final.scores[seat]) if final.scores else "-",
        )
    captions = []
    if final.resigned and not any(isinstance(e, FinalCrossingStarted) for e in events):
        captions.append(
            _(
                "All but one resigned (E5): each score is what the player held less the "
                "least he could have paid for his pawns to cross then (E2)."
            )
        )
    if len(winners) > 1 and final.scores:
        captions.append(
            _("{names} tie with {score}: they share the win (E3 breaks no tie).").format(
                names=", ".join(final.players[seat] for seat in winners),
                score=final.scores[winners[0]],
            )
        )
    if captions:
        table.caption = "\n".join(captions)
    return lines, table


class EndScreen(GameEndScreen):
    """The scores first, where a small terminal shows them without scrolling; then how
    each final crossing came about, every pawn's share under its player's."""

    GAME = ATLANTIS
    session: AtlantisSession

    def report(self) -> ComposeResult:
        lines, table = final_report(self.session)
        yield Static(table, id="scores")
        for line in lines:
            # A pawn's line sits under its player's sentence, wrapped lines too.
            yield Static(line.text, classes="pawn-crossing" if line.pawn else "")
