"""The small-screen rule every game screen follows.

Below ``NARROW`` columns or ``SHORT`` lines a screen is *narrow*: it carries
the ``-narrow`` class, draws its board small, gives each player one line, and
hides the log behind its key (``l``), which shows it in place of the preview.
"""

from __future__ import annotations

from textual.events import Resize
from textual.screen import Screen

NARROW = 110
SHORT = 36


def is_narrow(width: int, height: int, narrow: int = NARROW, short: int = SHORT) -> bool:
    """Whether a screen of ``width`` × ``height`` is drawn small."""
    return width < narrow or height < short


def follow_size(
    screen: Screen[None], event: Resize, narrow: int = NARROW, short: int = SHORT
) -> bool:
    """Set ``screen``'s ``-narrow`` class from its new size; whether it changed."""
    small = is_narrow(event.size.width, event.size.height, narrow, short)
    if small == screen.has_class("-narrow"):
        return False
    screen.set_class(small, "-narrow")
    return True
