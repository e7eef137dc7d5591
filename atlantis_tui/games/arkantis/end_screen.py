"""The end of an ArkantiS game: each score taken apart (E2), how a tie was broken
(E3), and the winners."""

from __future__ import annotations

from rich.table import Table as RichTable
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import HorizontalGroup, VerticalGroup, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Static

from atlantis_tui import style as shell_style
from atlantis_tui.games.arkantis.cards_text import kind_name, kinds_by_id
from atlantis_tui.games.arkantis.keys import GameKeys
from atlantis_tui.games.arkantis.session_types import ArkantisSession
from atlantis_tui.screens.end_of_game import EndOfGameActions, button_rows
from core.arkantis.cards import kind_of
from core.arkantis.game_type import ARKANTIS
from core.arkantis.i18n import N_, _, ngettext
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
        name = Text(
            f"{shell_style.player_tag(seat)} {state.players[seat]}",
            style=shell_style.player_style(seat),
        )
        if seat in state.winners:
            name.append("  " + _("winner"), style="bold reverse")
        table.add_row(
            name,
            laid_text(state, score.laid),
            f"+{score.laid_value}",
            f"+{score.pions}",
            f"−{score.in_hand}" if score.in_hand else "0",
            Text(str(score.total), style="bold"),
        )
    return table


def outcome_text(state: State) -> Text:
    """Who won, and how a tie was broken (E3)."""
    names = [state.players[seat] for seat in state.winners]
    text = Text()
    if not state.scores or not names:
        return text
    best = max(score.total for score in state.scores)
    tied = [seat for seat, score in enumerate(state.scores) if score.total == best]
    if len(names) == 1:
        text.append(_("{name} wins.").format(name=names[0]), style="bold")
    else:
        text.append(_("{names} share the win.").format(names=", ".join(names)), style="bold")
    if len(tied) > 1:
        tied_names = ", ".join(state.players[seat] for seat in tied)
        text.append("\n")
        if state.tie_break:
            laid = len(state.scores[state.winners[0]].laid)
            text.append(
                ngettext(
                    "{names} tie with {score}; the tie is broken by laid cards (E3): "
                    "{winner} laid {n} card.",
                    "{names} tie with {score}; the tie is broken by laid cards (E3): "
                    "{winner} laid {n} cards.",
                    laid,
                ).format(names=tied_names, score=best, winner=", ".join(names), n=laid)
            )
        else:
            text.append(
                _(
                    "{names} tie with {score}; nothing separates them: they share the win (E3)."
                ).format(names=tied_names, score=best)
            )
    return text


class EndScreen(GameKeys, EndOfGameActions, Screen[None]):
    """Shown when the game ends; offers a new game, the replay, its review or the start
    menu."""

    DEFAULT_CSS = """
    EndScreen #ark-end { padding: 1 2; }
    EndScreen #ark-end-buttons { height: auto; margin-top: 1; }
    EndScreen #ark-end-buttons Button { margin-right: 2; }
    EndScreen .dialog-title { text-style: bold; color: $accent; margin-bottom: 1; }
    """

    game_id = ARKANTIS.id

    BINDINGS = [
        Binding("n", "new_game", N_("New game")),
        Binding("r", "replay", N_("Replay")),
        # Not in the footer: it has no room left at 80 columns in every language; the
        # button shows it.
        Binding("w", "review", N_("Review this game"), show=False),
        Binding("m", "menu", N_("Menu")),
        Binding("escape", "back", N_("See the board")),
    ]

    def __init__(self, session: ArkantisSession) -> None:
        super().__init__()
        self.session = session

    def on_mount(self) -> None:
        self.title = ARKANTIS.display_name()
        self.sub_title = _("The end")

    def compose(self) -> ComposeResult:
        state: State = self.session.state
        yield Header()
        with VerticalScroll(id="ark-end"):
            reason = (
                _("No token is left on the board (E1.2).")
                if state.end_reason == "board-empty"
                else _("Every player has passed (E1.1).")
            )
            yield Static(
                Text(_("The game is over. {reason}").format(reason=reason), style="bold"),
                classes="dialog-title",
            )
            yield Static(score_table(state), id="ark-scores")
            yield Static(outcome_text(state), id="ark-outcome")
            yield Static(
                Text(
                    _("Score = laid cards' values + pions − 1 per card in hand (E2)."),
                    style="dim",
                )
            )
            buttons = [
                Button(_("New game"), id="new", variant="primary"),
                Button(_("Replay"), id="replay"),
                *([Button(_("Review this game"), id="review")] if self.reviewable else []),
                Button(_("Start menu"), id="menu"),
                Button(_("See the board"), id="back"),
            ]
            with VerticalGroup(id="ark-end-buttons"):
                for row in button_rows(buttons):
                    with HorizontalGroup():
                        yield from row
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.press(event.button.id)
