"""The keys that move through a chosen pawn's destinations, for the game and the tutorial."""

from __future__ import annotations

from atlantis_tui.selection import Selection


class MoveKeysMixin:
    """``←``/``→`` destinations, ``↑``/``↓`` other cards, digits to jump (twice to move).

    The screen provides ``selection``, ``redraw()`` and ``action_confirm()``.
    """

    selection: Selection | None

    def redraw(self) -> None:
        raise NotImplementedError

    def action_confirm(self) -> None:
        raise NotImplementedError

    def action_step(self, delta: int) -> None:
        if self.selection:
            self.selection.step(delta)
            self.redraw()

    def action_way(self, delta: int) -> None:
        if self.selection:
            self.selection.other_way(delta)
            self.redraw()

    def action_label(self, index: int) -> None:
        if self.selection:
            if self.selection.choose(index):
                self.action_confirm()
            else:
                self.redraw()
