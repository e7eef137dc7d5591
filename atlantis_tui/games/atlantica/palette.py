"""The Atlantica game screen's commands in the palette (Ctrl+P): its actions and tools."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any

from textual.app import SystemCommand
from textual.screen import Screen

from atlantis_tui.games.atlantica.game_screen import GameScreen
from atlantis_tui.screens.game.palette import own_commands, shared_commands
from core.atlantica.i18n import N_, _

LOCATIONS = (
    (N_("Submarine"), N_("Take treasures (T3)"), "location('submarine')"),
    (N_("Port"), N_("Charter a ship (T4)"), "location('port')"),
    (N_("Bistro"), N_("Hire divers or pay the round (T5)"), "location('bistro')"),
    (N_("Research centre"), N_("Take research cards (T6)"), "location('research')"),
)
BUILDER = (
    (N_("Another payment"), N_("The next way to pay the level"), "next_payment"),
    (N_("Pay with a pair"), N_("Two cards of one colour in one slot (T2.5)"), "pair"),
    (
        N_("Take the card under the arrows"),
        N_("Or leave it, for a level that chooses cards"),
        "toggle_pick",
    ),
    (N_("Confirm the action"), N_("Play the action the preview shows"), "confirm"),
    (N_("Start the action again"), N_("Clear the builder"), "clear"),
    (N_("End the turn"), N_("After one to three actions (T2.1)"), "end_turn"),
    (N_("Pass"), N_("Draw 5 divers instead of acting (T8)"), "pass_turn"),
)
"""The game's own entries, the locations then (after the levels) the builder's steps:
title, help, and the action each runs."""


def palette_commands(screen: Screen[Any]) -> Iterator[SystemCommand]:
    """Every command of an Atlantica game ``screen``; nothing for another screen."""
    if not isinstance(screen, GameScreen):
        return
    yield from own_commands(screen, LOCATIONS)
    for level in (1, 2, 3):
        yield SystemCommand(
            _("Level {n}").format(n=level),
            _("The chosen location at level {n}").format(n=level),
            partial(screen.action_level, level),
        )
    yield from own_commands(screen, BUILDER)
    yield from shared_commands(screen)
