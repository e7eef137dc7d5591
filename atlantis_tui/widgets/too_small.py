"""A notice shown in place of any screen when the terminal is too small for it.

Below ``MIN_WIDTH``×``MIN_HEIGHT`` the board, the panels and the hand no longer
fit, and a half-drawn game would mislead. The app's breakpoints give every
screen the class ``-too-narrow`` or ``-too-short``; the stylesheet then hides
the screen's widgets and shows this notice. A screen gets its notice when it is
shown, or the terminal shrinks, while the terminal is too small, so no screen
has to remember to yield one; the game comes back by itself when the terminal
grows.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import App
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from core.kernel.i18n import _

MIN_WIDTH = 80
MIN_HEIGHT = 24

# Textual's breakpoints: the class of the first threshold the size reaches and last.
HORIZONTAL_BREAKPOINTS = [(0, "-too-narrow"), (MIN_WIDTH, "-wide-enough")]
VERTICAL_BREAKPOINTS = [(0, "-too-short"), (MIN_HEIGHT, "-tall-enough")]


class TooSmall(Static):
    """Says how big the terminal must be; swallows keys so nothing is played blind."""

    can_focus = True

    def __init__(self) -> None:
        super().__init__(id="too-small")
        self.focused_before: Widget | None = None

    def render(self) -> str:
        width, height = self.app.size
        return _(
            "This terminal is {w}×{h}.\n\n"
            "Make it at least {min_w}×{min_h}: smaller, the screen does not fit.\n\n"
            "Nothing is lost: everything comes back as it was when the terminal is big "
            "enough. Ctrl+Q quits (everything is saved)."
        ).format(w=width, h=height, min_w=MIN_WIDTH, min_h=MIN_HEIGHT)

    def on_key(self, event: events.Key) -> None:
        # A key pressed while the game is hidden must not make a move nobody can see.
        if event.key != "ctrl+q":
            event.stop()
            event.prevent_default()


def is_too_small(app: App[Any]) -> bool:
    width, height = app.size
    return width < MIN_WIDTH or height < MIN_HEIGHT


def add_notice(screen: Screen[object]) -> None:
    """Give ``screen`` its notice (hidden by the stylesheet while the size is fine)."""
    if not screen.query(TooSmall):
        screen.mount(TooSmall())


def follow_size(app: App[Any]) -> None:
    """Focus the notice while the terminal is too small, so keys go nowhere."""
    screen = app.screen
    notices = screen.query(TooSmall)
    if not notices:
        return
    notice = notices.first()
    if is_too_small(app):
        if app.focused is not notice:
            notice.focused_before = app.focused
            notice.focus()
        notice.refresh()
    elif app.focused is notice:
        before = notice.focused_before
        if before is not None and before.is_attached:
            before.focus()
        else:
            screen.focus_next()
