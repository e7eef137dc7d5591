"""The ``random`` bot: a uniformly random legal move, and a random minimal payment.

It never buys cards or places a bridge; that keeps it the plain baseline the
benchmark and the strength table measure against.
"""

from __future__ import annotations

import random

from core.atlantis.commands import AnyCommand, DeclareStuck, Move, PayFinalCrossing
from core.atlantis.moves import final_payments, move_list, payments_for
from core.atlantis.view import PlayerView


class RandomBot:
    name = "random"

    def decide(self, view: PlayerView, rng: random.Random) -> AnyCommand:
        state, seat = view.state, view.seat
        if state.phase == "final_crossing":
            return PayFinalCrossing(seat, rng.choice(final_payments(state, seat)))
        moves = move_list(state)
        if not moves:
            return DeclareStuck(seat)
        pawn, cards, _, owed = rng.choice(moves)
        payment = rng.choice(payments_for(state, cards, owed))
        return Move(seat, pawn, cards, payment)
