"""The ArkantiS game screen's commands in the palette (Ctrl+P): its actions and tools."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any

from textual.app import SystemCommand
from textual.screen import Screen

from atlantis_tui.games.arkantis.game_screen import GameScreen
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
    yield SystemCommand(_("Undo"), _("Take back your last turn"), screen.action_undo)
    yield SystemCommand(_("Redo"), _("Play again what was undone"), screen.action_redo)
    yield SystemCommand(
        _("Show or hide all hands"), _("For teaching and open play"), screen.action_toggle_hands
    )
    yield SystemCommand(
        _("Hint"), _("What the expert would do (again: the whole move)"), screen.action_hint
    )
    yield SystemCommand(
        _("Read the rule"), _("The rule of the preview or the last refusal"), screen.action_why
    )
    yield SystemCommand(
        _("Filter the log"), _("One player's lines, then all"), screen.action_log_player
    )
    yield SystemCommand(
        _("Search the log"), _("Only lines with some words"), screen.action_log_search
    )
    yield SystemCommand(_("Help"), _("The keys and how to read the board"), screen.action_help)
