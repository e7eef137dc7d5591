"""A small chart of each player's expected lead across a reviewed game.

Across: the game's events, squeezed into the chart's width. Up and down: the
lead each player expected at its own decisions (the review's
``played_value``: points ahead of the best opponent, from its own view), each
drawn with the player's symbol in the player's colour, so a colour is never
needed to tell them apart. A line marks zero, a bar the replay's position.
Forced decisions (one choice) are not drawn: they were not judged. Clicking a
column asks the replay to go to the nearest judged decision there.

It is drawn with Rich text, one cell per character: a few rows are enough to
see who was ahead and where a lead dropped.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from atlantis_tui import style as st
from core.kernel.i18n import _
from core.services.review import FORCED, Review, ReviewedDecision

POSITION = Style(bold=True)
"""The bar at the replay's position (a shape, not only a colour)."""


class ReviewChart(Widget):
    """Each player's expected lead at its judged decisions, across the game."""

    DEFAULT_CSS = """
    ReviewChart {
        height: 7;
        border: round $primary 50%;
        border-title-color: $text-muted;
        padding: 0 1;
    }
    """

    position: reactive[int] = reactive(0)
    """The event the replay shows (its column gets the bar)."""

    class Jump(Message):
        """The chart was clicked: go to event ``event`` (a judged decision's first)."""

        def __init__(self, event: int) -> None:
            super().__init__()
            self.event = event

    def __init__(
        self, *, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.review: Review | None = None
        self.event_count = 1
        self.names: tuple[str, ...] = ()
        self.meaning = ""
        self.progress: tuple[int, int] | None = None
        """While a review is made: decisions judged, and how many there are."""

    def show_review(
        self, review: Review | None, event_count: int, names: Sequence[str], meaning: str
    ) -> None:
        """Draw ``review`` of a game of ``event_count`` events between ``names``;
        ``meaning``: what its values are, in the reader's language."""
        self.review = review
        self.event_count = max(1, event_count)
        self.names = tuple(names)
        self.meaning = meaning
        self.progress = None
        self.retitle()
        self.refresh()

    def show_progress(self, done: int, total: int) -> None:
        """While the review is being made: how far it is."""
        self.progress = (done, total)
        self.refresh()

    def retitle(self) -> None:
        """The title and the legend (one symbol per player), in the reader's language."""
        self.border_title = _("Expected lead")
        legend = Text()
        seats = sorted({d.seat for d in self.review.decisions}) if self.review else []
        for seat in seats:
            if legend:
                legend.append(" ")
            name = self.names[seat] if seat < len(self.names) else str(seat + 1)
            legend.append(f"{st.player_tag(seat)} {name}", style=st.player_style(seat))
        self.border_subtitle = legend if legend else None
        if self.review is not None:
            tip = _("Each player's expected lead at their own decisions: {meaning}")
            self.tooltip = tip.format(meaning=self.meaning)

    # -- geometry -------------------------------------------------------------------------
    def _plotted(self) -> list[ReviewedDecision]:
        if self.review is None:
            return []
        return [d for d in self.review.decisions if d.grade != FORCED]

    def _scale(self) -> int:
        """The lead at the top row (and its opposite at the bottom): a whole number."""
        top = max((abs(d.played_value) for d in self._plotted()), default=0.0)
        return max(1, math.ceil(top))

    def _gutter(self) -> int:
        """The columns of the labels at the left, and a space."""
        scale = self._scale()
        return len(f"+{scale}") + 1

    def column_of(self, event: int, width: int) -> int:
        """The column (0 = the first beside the labels) where event ``event`` is drawn."""
        return min(width - 1, event * width // self.event_count)

    def nearest_decision(self, column: int, width: int) -> ReviewedDecision | None:
        """The judged decision drawn nearest column ``column``; the earliest on a tie."""
        plotted = self._plotted()
        if not plotted or width <= 0:
            return None
        return min(plotted, key=lambda d: (abs(self.column_of(d.event, width) - column), d.event))

    # -- drawing ----------------------------------------------------------------------------
    def render(self) -> Text:
        width, height = self.content_size
        if self.progress is not None and self.review is None:
            return self._progress_text(width)
        if self.review is None or width <= 0 or height <= 0:
            return Text()
        scale = self._scale()
        gutter = self._gutter()
        plot = max(1, width - gutter)
        zero = round((height - 1) / 2)
        cells: list[list[tuple[str, Style | None]]] = [
            [("─" if row == zero else " ", st.DIM) for _column in range(plot)]
            for row in range(height)
        ]
        at = self.column_of(self.position, plot)
        for row in range(height):
            cells[row][at] = ("┼" if row == zero else "│", POSITION)
        for decision in self._plotted():
            row = round((scale - decision.played_value) / (2 * scale) * (height - 1))
            row = max(0, min(height - 1, row))
            column = self.column_of(decision.event, plot)
            cells[row][column] = (st.player_tag(decision.seat), st.player_style(decision.seat))
        labels = {0: f"+{scale}", zero: "0", height - 1: f"-{scale}"}
        text = Text(no_wrap=True, overflow="crop")
        for row, line in enumerate(cells):
            if row:
                text.append("\n")
            text.append(labels.get(row, "").rjust(gutter - 1) + " ", style=st.DIM)
            for char, style in line:
                text.append(char, style=style)
        return text

    def _progress_text(self, width: int) -> Text:
        done, total = self.progress or (0, 0)
        text = Text(
            _("Reviewing the game: {done} of {total} decisions").format(done=done, total=total)
        )
        bar = max(0, width - 2)
        if bar and total:
            filled = bar * done // total
            text.append("\n▕" + "█" * filled + "░" * (bar - filled) + "▏", style=st.DIM)
        return text

    # -- choosing ------------------------------------------------------------------------
    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or self.review is None:
            return
        plot = max(1, self.content_size.width - self._gutter())
        column = max(0, min(plot - 1, offset.x - self._gutter()))
        decision = self.nearest_decision(column, plot)
        if decision is not None:
            self.post_message(self.Jump(decision.event))
