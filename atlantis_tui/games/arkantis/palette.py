"""The ArkantiS game screen's commands in the palette (Ctrl+P): its actions and tools."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any

from textual.app import SystemCommand
from textual.screen import Screen

from atlantis_tui.games.arkantis.game_screen import GameScreen
from atlantis_tui.screens.game.palette import shared_commands
from core.arkantis.i18n import _


def palette_commands(screen: Screen[Any]) -> Iterator[SystemCommand]:
    """Every command of an ArkantiS game ``screen``; nothing for another screen."""
    if not isinstance(screen, GameScreen):
        return
    yield SystemCommand(
        _("Remove one token"),
        _("Choose one token to lift, free (T3.1)"),
        partial(screen.action_mode, "one"),
    )
    yield SystemCommand(
        _("Remove two tokens"),
        _("Choose two tokens to lift, for 2 pions (T3.2)"),
        partial(screen.action_mode, "two"),
    )
    yield SystemCommand(
        _("Move a token"),
        _("Choose a token, then an empty square, for 3 pions (T3.3)"),
        partial(screen.action_mode, "move"),
    )
    yield SystemCommand(
        _("Confirm the action"), _("Play the action the preview shows"), screen.action_confirm
    )
    yield SystemCommand(_("Clear the squares"), _("Unchoose every square"), screen.action_clear)
    yield SystemCommand(_("Buy cards"), _("Orange 2 pions, emerald 1 (T6)"), screen.action_buy)
    yield SystemCommand(_("Pass"), _("Take no further turn: final (T5)"), screen.action_pass_turn)
    yield SystemCommand(_("End the turn"), _("After the action (T2.4)"), screen.action_end_turn)
    yield from shared_commands(screen)
