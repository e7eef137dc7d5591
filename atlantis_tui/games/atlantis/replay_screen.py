"""Atlantis's replay: the shell's replay screen with Atlantis's layout.

The path fills the top; beneath it, the players and every hand, the step and
the log. Each step underlines what changed: the pawn's route, the tile taken,
the water paid for; the step says what a move owed and what a final crossing
cost. Asked for the better move of a reviewed decision, the path, the players
and the hands show the moment after it instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.events import Resize
from textual.widgets import Header, Static

from atlantis_tui import style as st
from atlantis_tui.games.atlantis.forecast import crossing_lines
from atlantis_tui.games.atlantis.game_screen import NARROW, SHORT
from atlantis_tui.games.atlantis.item_styles import ITEM_STYLES
from atlantis_tui.games.atlantis.panels import PlayersPanel
from atlantis_tui.games.atlantis.path_view import PathMarks, PathView
from atlantis_tui.screens.replay import ReplayScreen
from atlantis_tui.widgets.footer import KeysFooter
from core.atlantis.events import FinalCrossingPaid, PawnMoved
from core.atlantis.items import ITEMS
from core.atlantis.replay import changes_of, touched_spaces
from core.atlantis.state import State
from core.kernel.i18n import _


class AtlantisReplayScreen(ReplayScreen):
    """A saved Atlantis game at any event; all hands shown."""

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="board"):
            yield PathView(self.replay.state, id="path")
        with Horizontal(id="lower"):
            with VerticalScroll(id="left"):
                yield PlayersPanel(id="players")
                yield Static(id="hands")
            yield from self.compose_review_side()
        yield KeysFooter()

    def on_resize(self, event: Resize) -> None:
        narrow = event.size.width < NARROW or event.size.height < SHORT
        if narrow != self.has_class("-narrow"):
            self.set_class(narrow, "-narrow")
            self.query_one(PathView).compact = narrow
            self.query_one(PlayersPanel).show(self.replay.state, ["human"] * 4, narrow)
            self.refresh_bindings()
            if self.review_visible:
                self.show()  # the step's gaps follow the size
        self.query_one(PathView).fit(event.size)

    def show_board(self, state: State, events: Sequence[Any], alternative: bool) -> None:
        """The path, the players and every hand at ``state``; the better move's route
        and spaces outlined as a move of the game's would be."""
        path = self.query_one(PathView)
        path.state = state
        if alternative:
            moved = [event for event in events if isinstance(event, PawnMoved)]
            route = moved[-1].landings if moved else ()
            path.marks = PathMarks(changed=touched_spaces(events), route=route, take=None)
        else:
            changes = changes_of(self.replay.events, self.replay.position)
            path.marks = PathMarks(changed=changes.spaces, route=changes.route, take=None)
        compact = self.has_class("-narrow")
        self.query_one(PlayersPanel).show(state, ["human"] * state.player_count, compact)
        hands = hidden_hands() if self.hide_hands else all_hands(state)
        if hands != self._hands_shown:  # most events change nobody's hand
            self._hands_shown = hands
            self.query_one("#hands", Static).update(hands, layout=False)

    def step_notes(self, before: Any, event: Any) -> list[Text]:
        """The water a move crossed, and what each pawn's final crossing cost."""
        notes: list[Text] = []
        if isinstance(event, PawnMoved) and event.owed:
            notes.append(Text(_("Water crossed: owes {n}").format(n=event.owed)))
        if isinstance(event, FinalCrossingPaid):
            notes.extend(crossing_lines(before, event.player))
        return notes


def hidden_hands() -> Text:
    """What the hands panel says while an unfinished hot-seat game's cards are hidden."""
    text = Text(_("Hands") + "\n", style="bold")
    text.append(_("Hidden: this hot-seat game is not finished. Press v to show them."), style="dim")
    return text


def all_hands(state: State) -> Text:
    """Every hand in one line per player (a replay hides nothing)."""
    text = Text(_("Hands") + "\n", style="bold")
    for seat in range(state.player_count):
        if seat:
            text.append("\n")
        text.append(f"{st.player_tag(seat)} ", style=st.player_style(seat))
        hand = state.hands[seat]
        if not sum(hand):
            text.append(_("no cards"), style="dim")
        for item in ITEMS:
            if hand[item]:
                text.append(f" {item.letter} ", style=ITEM_STYLES[item])
                text.append(f"×{hand[item]} ")
    return text
