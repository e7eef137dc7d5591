"""Commands (RULES.md L3): what a player asks for. ``decide`` accepts or refuses them.

``seat`` is who asks, so a command from the wrong seat is refused rather than
applied to the active player.
"""

from __future__ import annotations

import msgspec

from core.atlantica.cards import Pick, TreasureType
from core.atlantica.locations import Location


class Command(msgspec.Struct, frozen=True, tag_field="type"):
    """Base class of every command."""

    seat: int


class PerformAction(Command, frozen=True, tag="perform-action"):
    """T2.3: use ``location`` at ``level``, paying with ``cards`` from the hand.

    ``cards`` are in slot order, one per slot, except that the slot numbered
    ``pair_slot`` (0-based) is filled by two cards of one colour, which stand
    side by side at that place (T2.5): for T4.2 paid ``W`` + pair ``Y Y``,
    ``cards = ("W3", "Y1", "Y7")`` and ``pair_slot = 1``.

    ``picks`` are the cards chosen where the level lets the player choose:
    treasure spaces for T3.2 and T3.3, research spaces for T6.2 and T6.3, and
    the two cards of T5.3 (from two locations). Levels with no choice (T3.1,
    T4.x, T5.1, T5.2, T6.1) take no picks.
    """

    location: Location
    level: int
    cards: tuple[str, ...]
    pair_slot: int | None = None
    picks: tuple[Pick, ...] = ()


class EndTurn(Command, frozen=True, tag="end-turn"):
    """T2.7, T9: end the turn after at least one action."""


class Pass(Command, frozen=True, tag="pass"):
    """T8: catch your breath: draw five divers instead of acting; the turn ends."""


class ChooseScoring(Command, frozen=True, tag="choose-scoring"):
    """E3, E5 (``final_choices = ask``): the treasures ``seat`` releases, and the
    type each of his ``R6`` and ``R11`` cards names, in the order of his cards of
    that kind as ``State.research`` holds them."""

    releases: tuple[str, ...] = ()
    r6_types: tuple[TreasureType, ...] = ()
    r11_types: tuple[TreasureType, ...] = ()


AnyCommand = PerformAction | EndTurn | Pass | ChooseScoring
