"""The text panels of the game screen: the board, the players, the hand and the
action builder, the preview (the shell's ``Panel``, one class per role)."""

from __future__ import annotations

from atlantis_tui.screens.game.panel import Panel

__all__ = ["BoardPanel", "HandPanel", "Panel", "PlayersPanel", "PreviewPanel"]


class BoardPanel(Panel):
    """The four locations, their levels and displays, the piles and the hurricane."""


class PlayersPanel(Panel):
    """Every player: score now, hand and hired counts, treasures, ships, research."""


class HandPanel(Panel):
    """The hand of the seat at the keyboard (and nobody else's), and the action builder."""


class PreviewPanel(Panel):
    """The chosen action's preview, a refusal, a hint, or what to do."""
