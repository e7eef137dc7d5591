"""The Atlantis game screen's commands in the palette (Ctrl+P): its moves and tools."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any

from textual.app import SystemCommand
from textual.screen import Screen

from atlantis_tui.games.atlantis.game_screen import GameScreen
from atlantis_tui.screens.game.palette import shared_commands
from core.atlantis.i18n import _
from core.atlantis.state import PAWN_LETTERS


def palette_commands(screen: Screen[Any]) -> Iterator[SystemCommand]:
    """Every command of an Atlantis game ``screen``; nothing for another screen."""
    if not isinstance(screen, GameScreen):
        return
    for pawn, letter in enumerate(PAWN_LETTERS):
        yield SystemCommand(
            _("Choose pawn {p}").format(p=letter),
            _("Show pawn {p}'s destinations").format(p=letter),
            partial(screen.action_pawn, pawn),
        )
    yield SystemCommand(
        _("Make the move"), _("Move to the highlighted destination"), screen.action_confirm
    )
    yield SystemCommand(_("Buy cards"), _("Return a tile for cards (T1)"), screen.action_buy)
    yield SystemCommand(_("Place bridge"), _("Bridge a gap (T2)"), screen.action_bridge)
    yield SystemCommand(
        _("Resign"), _("Leave the game; the others play on (E5)"), screen.action_resign
    )
    yield from shared_commands(screen)
