"""The ``random`` bot: a uniformly random legal move, and a random minimal payment.

It never buys cards or places a bridge; that keeps it the plain baseline the
benchmark and the strength table measure against.
"""

from __future__ import annotations

import random

from core.atlantis.commands import (
    NO_PAYMENT,
    AnyCommand,
    DeclareStuck,
    Move,
    PayFinalCrossing,
    Payment,
)
from core.atlantis.legal_commands import BotCommands
from core.atlantis.payments import choose_cards
from core.atlantis.view import PlayerView

NOTHING_TO_PAY = (NO_PAYMENT,)
"""``payments_for`` of a free move: drawing from it uses the generator as drawing
from that list does."""


class RandomBot:
    """Chooses from the legal commands alone (a ``CommandsBot``): bot games give it
    the seat's ``BotCommands`` and build no view."""

    name = "random"

    def decide(self, view: PlayerView, rng: random.Random) -> AnyCommand:
        return self.choose(BotCommands(view.state), rng)

    def choose(self, commands: BotCommands, rng: random.Random) -> AnyCommand:
        seat = commands.seat
        if commands.phase == "final_crossing":
            return PayFinalCrossing(seat, rng.choice(commands.final_payments()))
        moves = commands.moves()
        if not moves:
            return DeclareStuck(seat)
        pawn, cards, _, owed = rng.choice(moves)
        if owed <= 0:
            return Move(seat, pawn, cards, rng.choice(NOTHING_TO_PAY))
        # rng.choice(payments_for(state, cards, owed)), building only the payment drawn.
        plans, payable = commands.payment_plans(cards, owed)
        tiles, count = rng.choice(plans)
        return Move(seat, pawn, cards, Payment(tiles, choose_cards(payable, count)))
