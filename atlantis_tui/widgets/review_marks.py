"""How a game's review is marked: a symbol per grade, in a colour of its own.

The symbols are the ones chess readers know: ``?!`` an inaccuracy, ``?`` a
mistake, ``??`` a blunder. Each is drawn as a small badge (dark text on its
grade's colour), so that it reads on every player's colour of the log and on
light themes alike; the symbol carries the grade, the colour only repeats it.
Good and forced decisions are not marked.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from core.kernel.i18n import N_, _
from core.services.review import BLUNDER, FORCED, GOOD, INACCURACY, MISTAKE, Review

GRADE_SYMBOLS = {INACCURACY: "?!", MISTAKE: "?", BLUNDER: "??"}
"""The symbol after a decision's log line; good and forced decisions have none."""

GRADE_STYLES = {
    INACCURACY: Style(color="black", bgcolor="yellow3", bold=True),
    MISTAKE: Style(color="black", bgcolor="dark_orange", bold=True),
    BLUNDER: Style(color="white", bgcolor="red3", bold=True),
}

GRADE_NAMES = {
    GOOD: N_("Good move"),
    INACCURACY: N_("Inaccuracy"),
    MISTAKE: N_("Mistake"),
    BLUNDER: N_("Blunder"),
    FORCED: N_("Only move"),
}


def grade_name(grade: str) -> str:
    """A grade as the reader says it: ``Mistake``."""
    name = GRADE_NAMES.get(grade)
    return _(name) if name is not None else grade


def grade_mark(grade: str) -> Text | None:
    """The badge of a grade (`` ?? ``), or ``None`` for a decision not marked."""
    symbol = GRADE_SYMBOLS.get(grade)
    if symbol is None:
        return None
    return Text(f" {symbol} ", style=GRADE_STYLES[grade])


def is_marked(grade: str) -> bool:
    """Whether a decision of this grade is marked (and is one ``n`` goes to)."""
    return grade in GRADE_SYMBOLS


def log_marks(review: Review) -> dict[int, Text]:
    """The badge of each marked decision, at the log line of its first event."""
    marks: dict[int, Text] = {}
    for decision in review.decisions:
        mark = grade_mark(decision.grade)
        if mark is not None:
            marks[decision.event] = mark
    return marks
