"""``Panel``: a text panel of a game screen that redraws only when its text changed.

A game's board, players, hand and preview are ``Panel``s (or subclasses of it,
one per role, so that a screen can query each by type).
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from core.kernel.i18n import language


class Panel(Static):
    """A ``Static`` that skips the update when its inputs are the same as last time.

    A link in its text (a clickable card or level) keeps the text's own colours,
    underlined under the pointer: Textual would paint every link in one colour.
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._shown: object = None

    @property
    def link_style(self) -> Style:
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
