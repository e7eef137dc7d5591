"""The Atlantica game screen's commands in the palette (Ctrl+P): its actions and tools."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any

from textual.app import SystemCommand
from textual.screen import Screen

from atlantis_tui.games.atlantica.game_screen import GameScreen
from atlantis_tui.screens.game.palette import shared_commands
from core.atlantica.i18n import _


def palette_commands(screen: Screen[Any]) -> Iterator[SystemCommand]:
    """Every command of an Atlantica game ``screen``; nothing for another screen."""
    if not isinstance(screen, GameScreen):
        return
    yield SystemCommand(
        _("Submarine"), _("Take treasures (T3)"), partial(screen.action_location, "submarine")
    )
    yield SystemCommand(
        _("Port"), _("Charter a ship (T4)"), partial(screen.action_location, "port")
    )
    yield SystemCommand(
        _("Bistro"),
        _("Hire divers or pay the round (T5)"),
        partial(screen.action_location, "bistro"),
    )
    yield SystemCommand(
        _("Research centre"),
        _("Take research cards (T6)"),
        partial(screen.action_location, "research"),
    )
    for level in (1, 2, 3):
        yield SystemCommand(
            _("Level {n}").format(n=level),
            _("The chosen location at level {n}").format(n=level),
            partial(screen.action_level, level),
        )
    yield SystemCommand(
        _("Another payment"), _("The next way to pay the level"), screen.action_next_payment
    )
    yield SystemCommand(
        _("Pay with a pair"), _("Two cards of one colour in one slot (T2.5)"), screen.action_pair
    )
    yield SystemCommand(
        _("Take the card under the arrows"),
        _("Or leave it, for a level that chooses cards"),
        screen.action_toggle_pick,
    )
    yield SystemCommand(
        _("Confirm the action"), _("Play the action the preview shows"), screen.action_confirm
    )
    yield SystemCommand(_("Start the action again"), _("Clear the builder"), screen.action_clear)
    yield SystemCommand(
        _("End the turn"), _("After one to three actions (T2.1)"), screen.action_end_turn
    )
    yield SystemCommand(
        _("Pass"), _("Draw 5 divers instead of acting (T8)"), screen.action_pass_turn
    )
    yield from shared_commands(screen)
