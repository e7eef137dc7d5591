"""The end of an Atlantica game: each score taken apart per ladder (E4) and per
research card (E5), the treasures released (E3), how a tie was broken (E7), and
the winners."""

from __future__ import annotations

from rich import box
from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from atlantis_tui.games.atlantica import style as st
from atlantis_tui.games.atlantica.cards_text import card_chip, chips, treasure_chip
from atlantis_tui.games.atlantica.session_types import AtlanticaSession
from atlantis_tui.screens.end_screen import GameEndScreen, player_label
from atlantis_tui.screens.end_screen import outcome_text as shared_outcome
from core.atlantica.cards import TREASURE_TYPES, research_kind
from core.atlantica.events import PlayerScore
from core.atlantica.game_type import ATLANTICA
from core.atlantica.i18n import _, ngettext
from core.atlantica.state import State


def score_table(state: State) -> RichTable:
    """Every player's score per ladder (cards→points), research, total, the tie-break
    count; winners marked."""
    table = RichTable(
        title=_("Scores (E4–E7)"), box=box.SIMPLE_HEAD, padding=(0, 0), pad_edge=False
    )
    table.add_column(_("Player"), no_wrap=True, overflow="ellipsis", max_width=12)
    for kind in TREASURE_TYPES:
        table.add_column(treasure_chip(kind), justify="right", min_width=5, no_wrap=True)
    table.add_column(_("Res."), justify="right", min_width=5, no_wrap=True)
    table.add_column(_("Total"), justify="right", min_width=6, no_wrap=True)
    table.add_column(_("Kept"), justify="right", min_width=5, no_wrap=True)
    for seat, score in enumerate(state.scores):
        name = player_label(seat, state.players[seat], 9)
        total = Text(str(score.total), style="bold")
        if seat in state.winners:
            total = Text(f"◀{score.total}", style="bold reverse")
        per_type = {entry.type: entry for entry in score.treasures}
        cells: list[Text | str] = []
        for kind in TREASURE_TYPES:
            entry = per_type.get(kind)
            if entry is None or not entry.cards:
                cells.append(Text("·", style=st.DIM))
            else:
                cell = Text(f"{entry.cards}:", style=st.DIM)
                cell.append(str(entry.points), style=st.BOLD)
                cells.append(cell)
        table.add_row(
            name,
            *cells,
            str(score.research_points),
            total,
            str(score.tiebreak),
        )
    return table


def details_text(state: State) -> Text:
    """Per player: the treasures released (E3) and each research card with its points,
    the types the R6 and R11 cards named (E5)."""
    text = Text()
    for seat, score in enumerate(state.scores):
        if seat:
            text.append("\n")
        text.append_text(player_label(seat, state.players[seat], 12))
        text.append(": ")
        text.append_text(player_details(state, seat, score))
    return text


def player_details(state: State, seat: int, score: PlayerScore) -> Text:
    """``released ARC TER · R6 (GLD) 4, R1 2``."""
    text = Text()
    if score.released:
        text.append(_("released") + " ", style=st.RELEASE)
        text.append_text(chips(score.released))
    else:
        text.append(_("nothing released"), style=st.DIM)
    r6 = list(state.r6_types[seat]) if seat < len(state.r6_types) else []
    r11 = list(state.r11_types[seat]) if seat < len(state.r11_types) else []
    text.append(" · ")
    if not score.research:
        text.append(_("no research"), style=st.DIM)
    for index, entry in enumerate(score.research):
        if index:
            text.append(", ")
        text.append_text(card_chip(entry.card))
        kind = research_kind(entry.card)
        named = r6.pop(0) if kind == "R6" and r6 else r11.pop(0) if kind == "R11" and r11 else None
        if named:
            text.append(" (")
            text.append_text(treasure_chip(named))
            text.append(")")
        text.append(f" {entry.points}", style=st.BOLD)
    return text


def outcome_text(state: State) -> Text:
    """Who won, and how a tie was broken (E7)."""
    counted = (
        _("kept treasure cards")
        if state.options.tiebreak_count == "kept"
        else _("treasure cards collected")
    )

    def tie(names: str, score: int) -> str:
        if not state.tie_break:
            return _(
                "{names} tie with {score} and the same number of {counted}: they share "
                "the win (E7)."
            ).format(names=names, score=score, counted=counted)
        most = state.scores[state.winners[0]].tiebreak
        winners = ", ".join(state.players[seat] for seat in state.winners)
        return ngettext(
            "{names} tie with {score}; the tie is broken by {counted} (E7): {winner} has {n}.",
            "{names} tie with {score}; the tie is broken by {counted} (E7): {winner} has {n}.",
            most,
        ).format(names=names, score=score, counted=counted, winner=winners, n=most)

    totals = [score.total for score in state.scores]
    no_tie = _("No tie: the tie-break (E7) was not needed.")
    return shared_outcome(state.players, state.winners, totals, tie, no_tie)


def reason_text(state: State) -> str:
    """Why the game ended (E1.2, E2)."""
    if state.end_reason == "endless-passing":
        return _("A whole round passed without a card drawn (E2).")
    if state.hurricane_holder is not None:
        return _("The hurricane came ({name} drew it) and the last round is played (E1).").format(
            name=state.players[state.hurricane_holder]
        )
    return _("The hurricane came and the last round is played (E1).")


class EndScreen(GameEndScreen):
    """Who won first, then each score per ladder and research card, and what each
    player released: dense, to fit 80×24."""

    DENSE = True
    GAME = ATLANTICA
    session: AtlanticaSession

    def reason(self) -> str:
        return reason_text(self.session.state)

    def report(self) -> ComposeResult:
        state: State = self.session.state
        yield Static(outcome_text(state), id="atl-outcome")
        yield Static(score_table(state), id="atl-scores")
        yield Static(details_text(state), id="atl-details")

    def legend(self) -> str:
        return _(
            "4:15 under a type: 4 cards counted on its ladder, worth 15 points "
            "(E4). Res.: research points (E5). Kept: the treasure cards that "
            "break a tie (E7). ◀ the winner."
        )
