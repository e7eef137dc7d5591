"""Atlantis's tutorial: the shell's lessons, questions and feedback
(``atlantis_tui.screens.tutorial``) on Atlantis's own widgets.

The learner plays with the game's own keys (``a``/``b``/``c``, arrows or
digits, Enter, ``p``, ``w``, and ``x`` to declare that no pawn can move), on
the path, the players' panel, the hand and the move preview. While a question
waits, no move is previewed, refused or played, no chooser opens, and the
players' panel leaves out what each would owe, so nothing on screen gives its
answer. Every command is judged by ``core.atlantis.tutor.check``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Header

from atlantis_tui import style as st
from atlantis_tui.games.atlantis.move_input import MOVE_BINDINGS, MoveInput
from atlantis_tui.games.atlantis.panels import (
    HandPanel,
    PlayersPanel,
    PreviewPanel,
    hand_text,
    player_card,
    standing_phrase,
)
from atlantis_tui.games.atlantis.path_view import PathView
from atlantis_tui.games.atlantis.selection import Selection
from atlantis_tui.screens.simple import HELP_TEXT
from atlantis_tui.screens.tutorial import TutorialShell
from atlantis_tui.screens.tutorial_questions import LessonList
from atlantis_tui.widgets.footer import KeysFooter
from core.atlantis.choosing import Refused
from core.atlantis.commands import AnyCommand, DeclareStuck
from core.atlantis.events import AnyEvent
from core.atlantis.game_type import ATLANTIS
from core.atlantis.i18n import N_, _
from core.atlantis.lessons import LESSONS
from core.atlantis.replay import touched_spaces
from core.atlantis.state import State
from core.atlantis.tutor import LEARNER, TUTOR, happened


class LearnerHand(HandPanel):
    """The learner's hand, titled "Your hand" (the game's panel names its owner)."""

    def show(self, state: State, seat: int | None, compact: bool = False) -> None:
        if seat is None or self.unchanged(id(state), seat, compact):
            return
        shown = hand_text(state, seat, 2)
        if isinstance(shown, Group):
            title = Text(_("Your hand"), style=st.player_style(seat))
            title.append(f"  ({state.hand_size(seat)})", style=st.DIM)
            shown = Group(title, *shown.renderables[1:])
        self.update(shown)


class TablePlayers(PlayersPanel):
    """The players as the game shows them; while a question is asked, without what each
    would owe if the game ended now, since a question may ask just that."""

    def show(
        self, state: State, kinds: list[str], compact: bool = False, debts: bool = True
    ) -> None:
        if self.unchanged(id(state), compact, debts):
            return
        text = Text()
        for seat in range(state.player_count):
            if seat:
                text.append("\n")
            card = player_card(state, seat, kinds[seat], False)
            if not debts:
                card = without_line(card, standing_phrase(state, seat).plain)
            text.append_text(card)
        self.show_text(text)


def without_line(text: Text, line: str) -> Text:
    """``text`` without its lines that read ``line`` (leading spaces aside)."""
    kept = [part for part in text.split("\n", allow_blank=True) if part.plain.strip() != line]
    return Text("\n").join(kept)


class TutorialScreen(TutorialShell, MoveInput):
    """Atlantis's lessons on its path, players' panel, hand and move preview."""

    GAME = ATLANTIS.id
    LESSONS = LESSONS
    HELP_TEXT = HELP_TEXT
    TUTOR = TUTOR
    HEADING = N_("Atlantis — tutorial")
    TITLES = {"tut-side": N_("Lessons"), "tut-right": N_("The table")}
    NARROW = 100
    SHORT = 0
    """Below this width the lesson list gives its room to the lesson itself."""

    DEFAULT_CSS = """
    TutorialScreen #tut-board {
        height: auto;
        max-height: 40%;
        border: round $primary 50%;
    }
    TutorialScreen #tut-lower {
        height: 1fr;
    }
    TutorialScreen #tut-side {
        width: 28;
        border: round $primary 50%;
    }
    TutorialScreen #tut-right {
        width: 42;
        border: round $primary 50%;
        padding: 0 1;
    }
    TutorialScreen #tut-right > * {
        margin-bottom: 1;
    }
    TutorialScreen.-narrow #tut-side {
        display: none;
    }
    TutorialScreen.-narrow #tut-right {
        width: 1fr;
    }
    """

    BINDINGS = [
        # The lessons that need p or w say so; hiding them keeps the footer within 80 columns.
        *[replace(b, show=False) if b.key in ("p", "w") else b for b in MOVE_BINDINGS],
        # The lesson on being stuck (T9) names x; the game offers it by itself.
        Binding("x", "stuck", N_("Cannot move"), show=False),
    ]

    def __init__(self, start: int | str | None = None, progress_path: Path | None = None) -> None:
        super().__init__(start, progress_path)
        self.selection: Selection | None = None

    # -- building ------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="tut-board"):
            yield PathView(self.state, id="tut-path")
        with Horizontal(id="tut-lower"):
            with Vertical(id="tut-side"):
                yield LessonList(id="tut-lessons")
            yield from self.compose_lesson()
            with VerticalScroll(id="tut-right", classes="tut-panel"):
                yield TablePlayers(id="tut-players")
                yield LearnerHand(id="tut-hand")
                yield PreviewPanel(id="tut-preview")
        yield KeysFooter()

    # -- judging and telling -------------------------------------------------------------
    def happened(self, before: State, events: Sequence[AnyEvent]) -> list[tuple[str, str]]:
        return happened(before, events)

    def reset_input(self) -> None:
        self.selection = None

    def clear_input(self) -> bool:
        if self.selection is None:
            return False
        self.selection = None
        self.refresh_board()
        return True

    # -- drawing ---------------------------------------------------------------------------
    def refresh_board(self) -> None:
        state = self.state
        changed = touched_spaces(self.verdict.events) if self.done and self.verdict else frozenset()
        preview, payment = self.draw_selection(state, LEARNER, changed)
        asking = self.quiz is not None
        self.query_one(TablePlayers).show(state, ["human"] * state.player_count, debts=not asking)
        self.query_one(LearnerHand).show(state, LEARNER)
        preview_panel = self.query_one(PreviewPanel)
        preview_panel.show(state, preview, payment)
        # No move to preview while a question waits, nor once the task is done.
        preview_panel.display = self.acting
        self.call_after_refresh(self.relayout)

    # -- entering a move (MoveInput) ----------------------------------------------------
    def input_turn(self) -> tuple[State, int] | None:
        return (self.state, LEARNER) if self.can_act() else None

    def send(self, command: AnyCommand) -> None:
        self.submit(command)

    def refuse(self, refused: Refused) -> None:
        self.submit(refused.command)  # the lesson's own feedback on that refusal

    def redraw(self) -> None:
        self.refresh_board()

    def action_stuck(self) -> None:
        """x: declare that no pawn can move (T9); the rules judge whether that is so."""
        turn = self.input_turn()
        if turn is not None:
            self.submit(DeclareStuck(turn[1]))
