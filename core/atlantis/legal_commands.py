"""Every command the seat to act may give: the move generator the kernel sees.

The bots keep their own, faster ways to choose (``move_list`` and friends);
this is the complete list the conformance kit and any generic search read.
Payments are capped as ``moves.payments_for`` caps them, so that a position
with many ways to pay does not list thousands of near-identical commands.
"""

from __future__ import annotations

from core.atlantis.commands import (
    AnyCommand,
    BuyCards,
    DeclareStuck,
    Move,
    PayFinalCrossing,
    PlaceBridge,
    Resign,
)
from core.atlantis.moves import (
    bridge_options,
    final_payments,
    move_list,
    payments_for,
    purchase_options,
)
from core.atlantis.state import State


def legal_commands(state: State) -> list[AnyCommand]:
    """The commands ``decide`` accepts from the seat to act, resigning included (E5)."""
    seat = state.to_act
    if seat is None:
        return []
    if state.phase == "final_crossing":
        return [PayFinalCrossing(seat, payment) for payment in final_payments(state, seat)]
    commands: list[AnyCommand] = [BuyCards(seat, tile) for tile in purchase_options(state)]
    commands += [PlaceBridge(seat, gap.first) for gap in bridge_options(state)]
    moves = move_list(state)
    for pawn, cards, _landings, owed in moves:
        commands += [Move(seat, pawn, cards, pay) for pay in payments_for(state, cards, owed)]
    if not moves:
        commands.append(DeclareStuck(seat))
    commands.append(Resign(seat))
    return commands
