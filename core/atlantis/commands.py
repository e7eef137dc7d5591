"""Commands: what a player asks for. ``decide`` accepts or refuses them.

Cards are given as items (one entry per card, in the order played or paid);
tiles as tile ids. ``seat`` is who asks, so a command from the wrong seat is
refused rather than silently applied to the active player.
"""

from __future__ import annotations

import msgspec


class Payment(msgspec.Struct, frozen=True):
    """Tiles (ids) and cards (items) handed over for crossings (T5.4, E2)."""

    tiles: tuple[int, ...] = ()
    cards: tuple[int, ...] = ()

    def is_empty(self) -> bool:
        return not self.tiles and not self.cards


NO_PAYMENT = Payment()


class Command(msgspec.Struct, frozen=True, tag_field="type"):
    """Base class of every command."""

    seat: int


class BuyCards(Command, frozen=True, tag="buy-cards"):
    """T1: return collected tile ``tile`` to the box for ⌊value/2⌋ cards."""

    tile: int


class PlaceBridge(Command, frozen=True, tag="place-bridge"):
    """T2: put the bridge on the gap that contains water space ``space``."""

    space: int


class Move(Command, frozen=True, tag="move"):
    """T3–T6: move pawn ``pawn`` (0–2 for A–C) with ``cards`` and pay ``payment``."""

    pawn: int
    cards: tuple[int, ...]
    payment: Payment = NO_PAYMENT


class DeclareStuck(Command, frozen=True, tag="declare-stuck"):
    """T9: no pawn can move; show the hand and draw 2."""


class PayFinalCrossing(Command, frozen=True, tag="pay-final-crossing"):
    """E2: pay for this player's remaining pawns to reach the Mainland."""

    payment: Payment = NO_PAYMENT


class Resign(Command, frozen=True, tag="resign"):
    """E5: the player leaves the game, on his turn."""


AnyCommand = BuyCards | PlaceBridge | Move | DeclareStuck | PayFinalCrossing | Resign
