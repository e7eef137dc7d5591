"""The ArkantiS game screen's commands in the palette (Ctrl+P): its actions and tools."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from textual.app import SystemCommand
from textual.screen import Screen

from atlantis_tui.games.arkantis.game_screen import GameScreen
from atlantis_tui.screens.game.palette import own_commands, shared_commands
from core.arkantis.i18n import N_

ENTRIES = (
    (N_("Remove one token"), N_("Choose one token to lift, free (T3.1)"), "mode('one')"),
    (N_("Remove two tokens"), N_("Choose two tokens to lift, for 2 pions (T3.2)"), "mode('two')"),
    (
        N_("Move a token"),
        N_("Choose a token, then an empty square, for 3 pions (T3.3)"),
        "mode('move')",
    ),
    (N_("Confirm the action"), N_("Play the action the preview shows"), "confirm"),
    (N_("Clear the squares"), N_("Unchoose every square"), "clear"),
    (N_("Buy cards"), N_("Orange 2 pions, emerald 1 (T6)"), "buy"),
    (N_("Pass"), N_("Take no further turn: final (T5)"), "pass_turn"),
    (N_("End the turn"), N_("After the action (T2.4)"), "end_turn"),
)
"""The game's own entries: title, help, and the action each runs."""


def palette_commands(screen: Screen[Any]) -> Iterator[SystemCommand]:
    """Every command of an ArkantiS game ``screen``; nothing for another screen."""
    if isinstance(screen, GameScreen):
        yield from own_commands(screen, ENTRIES)
        yield from shared_commands(screen)
