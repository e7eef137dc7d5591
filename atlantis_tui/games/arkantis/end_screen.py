"""The end of an ArkantiS game: each score taken apart (E2), how a tie was broken
(E3), and the winners."""

from __future__ import annotations

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from atlantis_tui.games.arkantis.cards_text import kind_name, kinds_by_id
from atlantis_tui.games.arkantis.session_types import ArkantisSession
from atlantis_tui.screens.end_screen import GameEndScreen, winner_label
from atlantis_tui.screens.end_screen import outcome_text as shared_outcome
from core.arkantis.cards import kind_of
from core.arkantis.game_type import ARKANTIS
from core.arkantis.i18n import _, ngettext
from core.arkantis.state import State


def laid_text(state: State, cards: tuple[str, ...]) -> Text:
    """Each laid card and its value: ``W5 stands 8, T4 mallet 6``."""
    kinds = kinds_by_id(state)
    text = Text()
    for index, card in enumerate(cards):
        if index:
            text.append(", ")
        kind = kinds.get(kind_of(card))
        if kind is None:
            text.append(card)
            continue
        text.append(f"{kind.id} {kind_name(kind)} ")
        text.append(str(kind.value), style="bold")
    if not cards:
        text.append(_("none"), style="dim")
    return text


def score_table(state: State) -> RichTable:
    """Every player's score taken apart (E2), winners marked."""
    table = RichTable(title=_("Scores (E2)"), expand=False)
    table.add_column(_("Player"))
    table.add_column(_("Laid cards"))
    table.add_column(_("Cards"), justify="right")
    table.add_column(_("Pions"), justify="right")
    table.add_column(_("In hand"), justify="right")
    table.add_column(_("Total"), justify="right")
    for seat, score in enumerate(state.scores):
        table.add_row(
            winner_label(seat, state.players[seat], seat in state.winners),
            laid_text(state, score.laid),
            f"+{score.laid_value}",
            f"+{score.pions}",
            f"−{score.in_hand}" if score.in_hand else "0",
            Text(str(score.total), style="bold"),
        )
    return table


def outcome_text(state: State) -> Text:
    """Who won, and how a tie was broken (E3)."""

    def tie(names: str, score: int) -> str:
        if not state.tie_break:
            return _(
                "{names} tie with {score}; nothing separates them: they share the win (E3)."
            ).format(names=names, score=score)
        laid = len(state.scores[state.winners[0]].laid)
        return ngettext(
            "{names} tie with {score}; the tie is broken by laid cards (E3): "
            "{winner} laid {n} card.",
            "{names} tie with {score}; the tie is broken by laid cards (E3): "
            "{winner} laid {n} cards.",
            laid,
        ).format(names=names, score=score, winner=state.players[state.winners[0]], n=laid)

    totals = [score.total for score in state.scores]
    return shared_outcome(state.players, state.winners, totals, tie)


class EndScreen(GameEndScreen):
    """Each score taken apart, then who won and how a tie was broken."""

    GAME = ARKANTIS
    session: ArkantisSession

    def reason(self) -> str:
        if self.session.state.end_reason == "board-empty":
            return _("No token is left on the board (E1.2).")
        return _("Every player has passed (E1.1).")

    def report(self) -> ComposeResult:
        yield Static(score_table(self.session.state), id="ark-scores")
        yield Static(outcome_text(self.session.state), id="ark-outcome")

    def legend(self) -> str:
        return _("Score = laid cards' values + pions − 1 per card in hand (E2).")
