"""The Atlantis game screen's commands in the palette (Ctrl+P): its moves and tools."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any

from textual.app import SystemCommand
from textual.screen import Screen

from atlantis_tui.games.atlantis.game_screen import GameScreen
from core.atlantis.i18n import _
from core.atlantis.state import PAWN_LETTERS


def palette_commands(screen: Screen[Any]) -> Iterator[SystemCommand]:
    """Every command of an Atlantis game ``screen``; nothing for another screen."""
    if not isinstance(screen, GameScreen):
        return
    if screen.session.state.is_over:
        yield SystemCommand(
            _("Scores"),
            _("Back to the end of the game: scores, replay, review"),
            screen.action_scores,
        )
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
        _("Hint"), _("What the strongest bot would do (twice: why)"), screen.action_hint
    )
    yield SystemCommand(
        _("Why?"),
        _("The rule behind the chosen log line or the last refusal"),
        screen.action_why,
    )
    yield SystemCommand(_("Undo"), _("Take back your last turn"), screen.action_undo)
    yield SystemCommand(
        _("Resign"), _("Leave the game; the others play on (E5)"), screen.action_resign
    )
    yield SystemCommand(_("Redo"), _("Play again what was undone"), screen.action_redo)
    yield SystemCommand(
        _("Filter the log"), _("One player's lines, or all"), screen.action_log_player
    )
    yield SystemCommand(_("Search the log"), _("Lines with some words"), screen.action_log_search)
    yield SystemCommand(
        _("Show or hide all hands"),
        _("For teaching and open play"),
        screen.action_toggle_hands,
    )
