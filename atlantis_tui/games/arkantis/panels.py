"""The text panels beside the board: players, piles, the hand, the preview (the
shell's ``Panel``, one class per role)."""

from __future__ import annotations

from atlantis_tui.screens.game.panel import Panel

__all__ = ["HandPanel", "Panel", "PilesPanel", "PlayersPanel", "PreviewPanel"]


class PlayersPanel(Panel):
    """Every player: pions, laid cards, hand sizes, moves, passes, score now."""


class PilesPanel(Panel):
    """The four piles (S4): sizes and the face-up top cards."""


class HandPanel(Panel):
    """The hand of the seat at the keyboard, and nobody else's."""


class PreviewPanel(Panel):
    """The chosen action's preview, the last action, or what to do."""
