"""The text panels of the game screen: the board, the players, the hand and the
action builder, the preview.

Each redraws only when what it shows changed (``Panel.unchanged``).
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from core.kernel.i18n import language


class Panel(Static):
    """A ``Static`` that skips the update when its inputs are the same as last time."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._shown: object = None

    @property
    def link_style(self) -> Style:
        # A clickable card or level keeps its own colours (Textual would paint every
        # link in one colour, hiding a diver's letter on its colour).
        return Style()

    @property
    def link_style_hover(self) -> Style:
        return Style(underline=True)

    def unchanged(self, *inputs: object) -> bool:
        """Whether ``inputs`` (and the language) are those of the text shown."""
        inputs = (*inputs, language())
        if self._shown == inputs:
            return True
        self._shown = inputs
        return False

    def show(self, text: Text) -> None:
        """Show ``text``, unless it is the text shown already."""
        if not self.unchanged(text.plain, tuple(text.spans)):
            self.update(text)


class BoardPanel(Panel):
    """The four locations, their levels and displays, the piles and the hurricane."""


class PlayersPanel(Panel):
    """Every player: score now, hand and hired counts, treasures, ships, research."""


class HandPanel(Panel):
    """The hand of the seat at the keyboard (and nobody else's), and the action builder."""


class PreviewPanel(Panel):
    """The chosen action's preview, a refusal, a hint, or what to do."""
