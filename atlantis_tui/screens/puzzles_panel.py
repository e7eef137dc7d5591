"""The puzzle's panel, above the game's board: which puzzle, the ratings, the task and
the verdict.

It takes the header's place on a puzzle screen and says, in a few lines: the
set and how much of it is solved, the puzzle's rating and the player's; then
what to do (find the best move for the mover), the answer played and how to
submit it or take it back, or the verdict: right, or what the answer loses in
points, the better move (``a`` shows it) and the rules that matter.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.widgets import Static

from atlantis_tui import style as st
from core.kernel.i18n import _

if TYPE_CHECKING:
    from atlantis_tui.screens.puzzles import PuzzleRun
    from atlantis_tui.screens.puzzles_session import PuzzleSession


@dataclass(frozen=True)
class Shown:
    """Where the puzzle stands, as the panel says it."""

    answer: str | None = None
    """The answer played, in words (``None``: none yet)."""
    judging: bool = False
    verdict: Any = None
    """The judge's verdict: ``correct``, ``loss_in_points``, ``better_command``, ``rule_ids``."""
    better: str | None = None
    """The better move, in words, after a wrong answer."""
    better_command: Any = None
    """The better move, in the game's command type."""
    change: int | None = None
    """What the attempt did to the player's rating (``None``: not rated)."""
    hinted: bool = False
    showing_better: bool = False
    """Whether the board shows the better move instead of the answer."""

    def toggled(self) -> Shown:
        return replace(self, showing_better=not self.showing_better)


class PuzzlePanel(Static):
    """A few lines at the top of a puzzle screen."""

    DEFAULT_CSS = """
    PuzzlePanel {
        dock: top;
        height: auto;
        max-height: 6;
        padding: 0 1;
        background: $panel;
    }
    """

    def show(self, run: PuzzleRun, puzzle: Any, session: PuzzleSession, shown: Shown) -> None:
        self.update(panel_text(run, puzzle, session, shown))


def panel_text(run: PuzzleRun, puzzle: Any, session: PuzzleSession, shown: Shown) -> Text:
    """The panel's lines (see the module)."""
    solved, total = run.progress()
    text = Text()
    # Spaces end a span rather than begin one: an SVG reader may drop leading ones.
    text.append(run.heading() + "  ", style="bold")
    text.append(
        _("{solved} of {total} solved").format(solved=solved, total=total)
        + " · "
        + _("rating: puzzle {rating}, you {player}").format(
            rating=run.puzzle_rating(puzzle), player=run.player_rating()
        )
        + _rating_change(shown),
        style=st.DIM,
    )
    text.append("\n")
    name = session.seats[session.seat].name
    verdict = shown.verdict
    if verdict is None:
        _task(text, name, shown)
    elif verdict.correct:
        _right(text, shown)
    else:
        _wrong(text, shown)
    return text


def _task(text: Text, name: str, shown: Shown) -> None:
    if shown.answer is None:
        text.append(
            _("Find the best move for {name}. You see what {name} saw then.").format(name=name),
            style="bold",
        )
        return
    text.append(_("Your answer: {move}").format(move=shown.answer), style="bold")
    text.append("\n")
    if shown.judging:
        text.append(_("Judging your answer…"), style=st.DIM)
    else:
        text.append(_("Enter: submit it · u: take it back"), style=st.DIM)


def _right(text: Text, shown: Shown) -> None:
    if shown.hinted:
        text.append("✓ " + _("Right, with a hint: it counts as missed."), style="bold green")
    else:
        text.append("✓ " + _("Right: that is the best move."), style="bold green")
    text.append("\n")
    text.append(_("n: next puzzle"), style=st.DIM)


def _wrong(text: Text, shown: Shown) -> None:
    verdict = shown.verdict
    loss = verdict.loss_in_points
    text.append(
        "✗ "
        + (
            _("Not the best move: it loses {loss} points.").format(loss=f"{loss:.1f}")
            if loss is not None
            else _("Not the best move.")
        ),
        style="bold red",
    )
    rules = tuple(verdict.rule_ids)
    if rules:
        text.append(" " + _("Rules: {rules}").format(rules=", ".join(rules)), style="bold")
    text.append("\n")
    if shown.better is not None and shown.showing_better:
        text.append(_("The board shows the better move, not yours:"), style="reverse")
        text.append(" " + shown.better + "\n")
    elif shown.better is not None:
        text.append(_("Better: {move}").format(move=shown.better) + "\n")
    keys = _("a: back to your move") if shown.showing_better else _("a: the better move, shown")
    text.append(keys + " · " + _("n: next puzzle (this one comes back later)"), style=st.DIM)


def _rating_change(shown: Shown) -> str:
    """`` (-12)`` after the player's rating once an attempt changed it, else nothing."""
    if shown.change is None:
        return ""
    return f" ({shown.change:+d})"
