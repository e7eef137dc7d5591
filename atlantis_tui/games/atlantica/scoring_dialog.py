"""The scoring choices of one player when ``final_choices = ask`` (E3, E5).

A player with more treasure cards than crates releases exactly the excess (E3);
cards of one type are alike, so the dialog asks how many of each type to
release. Each ``R6`` card names a type (E5.2), each ``R11`` card a type the
player keeps a real card of (E5.3), or none when he keeps no treasure. The
score these choices give is shown as they change, beside the best one (``b``
takes the best choices). ``↑ ↓`` choose a row, ``← →`` (or a click on ``−`` /
``+``) change it, ``Enter`` confirms.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from atlantis_tui.games.atlantica import style as st
from atlantis_tui.games.atlantica.cards_text import card_chip, treasure_chip
from atlantis_tui.games.atlantica.keys import GameKeys
from atlantis_tui.games.atlantica.panels import Panel
from atlantis_tui.games.atlantica.texts import crates_of
from atlantis_tui.widgets.footer import KeysFooter
from core.atlantica.cards import TREASURE_TYPES, TreasureType, research_kind, treasure_type
from core.atlantica.commands import ChooseScoring
from core.atlantica.i18n import N_, _, ngettext
from core.atlantica.names import type_name
from core.atlantica.scoring import best_choices, score_for
from core.atlantica.state import State


@dataclass
class Row:
    """One line of the dialog: a type to release cards of, or an R6 / R11 card."""

    kind: str
    """``release``, ``R6`` or ``R11``."""
    card: str
    """The treasure type (release) or the research card."""
    index: int = 0
    """The position of the card among the player's cards of its kind."""


class ScoringScreen(GameKeys, ModalScreen[ChooseScoring | None]):
    """Asks ``seat`` for its releases and the types of its R6 and R11 cards."""

    DEFAULT_CSS = """
    ScoringScreen { align: center middle; }
    ScoringScreen > Vertical {
        width: 76; max-width: 100%; height: auto; max-height: 100%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    ScoringScreen VerticalScroll { height: auto; max-height: 18; }
    ScoringScreen .dialog-title { text-style: bold; color: $accent; }
    """

    BINDINGS = [
        Binding("up", "row(-1)", N_("Previous"), show=False),
        Binding("down", "row(1)", N_("Next"), show=False),
        Binding("left,minus", "change(-1)", N_("Less / previous type")),
        Binding("right,plus", "change(1)", N_("More / next type")),
        Binding("b", "best", N_("Best choices")),
        Binding("enter", "confirm", N_("Confirm")),
    ]

    def __init__(self, state: State, seat: int) -> None:
        super().__init__()
        self.state = state
        self.seat = seat
        self.row = 0
        treasures = state.treasures[seat]
        self.held: Counter[str] = Counter(treasure_type(card) for card in treasures)
        self.excess = max(0, len(treasures) - crates_of(state, seat))
        research = state.research[seat]
        self.r6_cards = [card for card in research if research_kind(card) == "R6"]
        self.r11_cards = [card for card in research if research_kind(card) == "R11"]
        self.rows: list[Row] = []
        if self.excess:
            self.rows += [Row("release", kind) for kind in TREASURE_TYPES if self.held[kind]]
        self.rows += [Row("R6", card, index) for index, card in enumerate(self.r6_cards)]
        self.rows += [Row("R11", card, index) for index, card in enumerate(self.r11_cards)]
        self._best()

    def _best(self) -> None:
        best = best_choices(self.state, self.seat)
        released = Counter(treasure_type(card) for card in best.releases)
        self.release: dict[str, int] = {kind: released[kind] for kind in TREASURE_TYPES}
        self.r6: list[TreasureType] = list(best.r6_types) or ["ARC"] * len(self.r6_cards)
        self.r11: list[TreasureType] = list(best.r11_types) or [
            self._kept_types()[0] if self._kept_types() else "ARC"
        ] * len(self.r11_cards)

    def _kept_types(self) -> list[TreasureType]:
        """The types of which the player keeps a real card (E5.3)."""
        return [kind for kind in TREASURE_TYPES if self.held[kind] > self.release.get(kind, 0)]

    def releases(self) -> tuple[str, ...]:
        """The cards released: of each type, as many as chosen, the last held first."""
        chosen: list[str] = []
        for kind in TREASURE_TYPES:
            count = self.release.get(kind, 0)
            if count:
                cards = [c for c in self.state.treasures[self.seat] if treasure_type(c) == kind]
                chosen += cards[-count:]
        return tuple(chosen)

    def command(self) -> ChooseScoring:
        # E5.3: with no treasure kept, a wild treasure names no type.
        wild = tuple(self.r11) if self._kept_types() else ()
        return ChooseScoring(self.seat, self.releases(), tuple(self.r6), wild)

    # -- drawing ------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(
                _("{name}: your scoring choices (E3, E5)").format(
                    name=self.state.players[self.seat]
                ),
                classes="dialog-title",
            )
            with VerticalScroll():
                yield Panel(id="atl-scoring-body")
            yield Static(id="atl-scoring-total")
        yield KeysFooter()

    def on_mount(self) -> None:
        for scroll in self.query(VerticalScroll):
            scroll.can_focus = False
        self.refresh_body()

    def refresh_body(self) -> None:
        self.query_one("#atl-scoring-body", Panel).show(self.body_text())
        self.query_one("#atl-scoring-total", Static).update(self.total_text())

    def body_text(self) -> Text:
        text = Text()
        released = sum(self.release.values())
        if self.excess:
            text.append(
                ngettext(
                    "{t} treasures, {c} crates: release exactly {n} card (E3), {done} chosen.",
                    "{t} treasures, {c} crates: release exactly {n} cards (E3), {done} chosen.",
                    self.excess,
                ).format(
                    t=len(self.state.treasures[self.seat]),
                    c=crates_of(self.state, self.seat),
                    n=self.excess,
                    done=released,
                ),
                style=st.RELEASE if released != self.excess else st.FITS,
            )
        else:
            text.append(
                _("Your crates hold every treasure: nothing to release (E3)."), style=st.DIM
            )
        if not self.rows:
            text.append("\n" + _("Nothing to choose. Enter: confirm."), style=st.DIM)
        for number, row in enumerate(self.rows):
            line = Text("\n")
            line.append("▶ " if number == self.row else "  ", style=st.BOLD)
            less = Text(" − ", style=st.KEY + Style(meta={"@click": f"screen.click({number}, -1)"}))
            more = Text(" + ", style=st.KEY + Style(meta={"@click": f"screen.click({number}, 1)"}))
            if row.kind == "release":
                kind = row.card
                line.append_text(treasure_chip(kind))
                line.append(f" ×{self.held[kind]}  " + _("release") + " ")
                line.append_text(less)
                line.append(f" {self.release.get(kind, 0)} ", style=st.BOLD)
                line.append_text(more)
                line.append("  " + type_name(kind), style=st.DIM)
            elif row.kind == "R11" and not self._kept_types():
                line.append_text(card_chip(row.card))
                line.append("  " + _("no type: no treasure kept (E5.3)"), style=st.DIM)
            else:
                chosen = (self.r6 if row.kind == "R6" else self.r11)[row.index]
                line.append_text(card_chip(row.card))
                line.append(
                    "  "
                    + (_("1 point per card of") if row.kind == "R6" else _("wild card of"))
                    + " "
                )
                line.append_text(less)
                line.append(" ")
                line.append_text(treasure_chip(chosen))
                line.append(" ")
                line.append_text(more)
                line.append("  " + type_name(chosen), style=st.DIM)
            text.append_text(line)
        return text

    def total_text(self) -> Text:
        chosen = score_for(self.state, self.seat, self.releases(), tuple(self.r6), tuple(self.r11))
        best = best_choices(self.state, self.seat)
        top = score_for(self.state, self.seat, best.releases, best.r6_types, best.r11_types)
        text = Text(_("Score with these choices:") + " ")
        text.append(str(chosen.total), style=st.BOLD)
        text.append("  (" + _("best: {n}").format(n=top.total) + ")", style=st.DIM)
        text.append("\n" + _("↑ ↓ a row · ← → change · b: the best · Enter: confirm"), style=st.DIM)
        return text

    # -- changing ------------------------------------------------------------------------
    def action_row(self, step: int) -> None:
        if self.rows:
            self.row = (self.row + step) % len(self.rows)
            self.refresh_body()

    def action_click(self, number: int, step: int) -> None:
        self.row = number
        self.action_change(step)

    def action_change(self, step: int) -> None:
        if not self.rows:
            return
        row = self.rows[self.row]
        if row.kind == "release":
            kind = row.card
            count = self.release.get(kind, 0) + step
            others = sum(self.release.values()) - self.release.get(kind, 0)
            if 0 <= count <= self.held[kind] and others + count <= self.excess:
                self.release[kind] = count
        else:
            choices = list(TREASURE_TYPES) if row.kind == "R6" else self._kept_types()
            current = (self.r6 if row.kind == "R6" else self.r11)[row.index]
            if not choices:
                return
            position = choices.index(current) if current in choices else -1
            chosen = choices[(position + step) % len(choices)]
            (self.r6 if row.kind == "R6" else self.r11)[row.index] = chosen
        self.refresh_body()

    def action_best(self) -> None:
        self._best()
        self.refresh_body()

    def action_confirm(self) -> None:
        if sum(self.release.values()) != self.excess:
            self.notify(
                ngettext(
                    "Release exactly {n} card (E3).", "Release exactly {n} cards (E3).", self.excess
                ).format(n=self.excess),
                severity="warning",
            )
            return
        kept = self._kept_types()
        if kept and any(kind not in kept for kind in self.r11):
            self.notify(
                _("A wild treasure needs a kept card of its type (E5.3)."), severity="warning"
            )
            return
        self.dismiss(self.command())
