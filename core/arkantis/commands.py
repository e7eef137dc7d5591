"""Commands (RULES.md L2): what a player asks for. ``decide`` accepts or refuses them.

Squares are named as players name them (``C4``). ``seat`` is who asks, so a
command from the wrong seat is refused rather than applied to the active player
(and, with ``buy_timing = any_time``, says who buys out of turn).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from core.arkantis.cards import Colour

Pile = Literal["down", "up"]
"""A colour's face-down or face-up pile (S4)."""


class Command(msgspec.Struct, frozen=True, tag_field="type"):
    """Base class of every command."""

    seat: int


class Buy(Command, frozen=True, tag="buy"):
    """T6: buy the top card of ``colour``'s ``pile``."""

    colour: Colour
    pile: Pile


class Remove(Command, frozen=True, tag="remove"):
    """T3.1 (one square, free) or T3.2 (two squares, 2 pions): lift these tokens."""

    squares: tuple[str, ...]


class Move(Command, frozen=True, tag="move"):
    """T3.3: move the token on ``origin`` to the empty square ``target`` (3 pions)."""

    origin: str
    target: str


class Pass(Command, frozen=True, tag="pass"):
    """T5: take no action, now and for the rest of the game."""


class EndTurn(Command, frozen=True, tag="end-turn"):
    """T2.4: end the turn after the action (and any purchases)."""


AnyCommand = Buy | Remove | Move | Pass | EndTurn
