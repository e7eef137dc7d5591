"""Every command the seat to act may give: the move generator the kernel sees.

The bots keep their own, faster ways to choose (``move_list`` and friends);
this is the complete list the conformance kit and any generic search read.
Payments are capped as ``moves.payments_for`` caps them, so that a position
with many ways to pay does not list thousands of near-identical commands.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import overload

from core.atlantis.commands import (
    AnyCommand,
    BuyCards,
    DeclareStuck,
    Move,
    PayFinalCrossing,
    Payment,
    PlaceBridge,
    Resign,
)
from core.atlantis.moves import (
    LegalMove,
    bridge_options,
    final_payments,
    move_list,
    payment_plans_for,
    payments_for,
    purchase_options,
)
from core.atlantis.payments import Plan
from core.atlantis.state import Hand, State


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


class BotCommands(Sequence[AnyCommand]):
    """``legal_commands(state)`` as a bot that chooses from them is given them
    (``GameType.play.bot_commands``): the list is made only if it is read.

    The random bot reads the parts it draws from instead (the seat, the phase,
    ``moves``, the payments of a move or of the final crossing), each as the
    move generator works it out: all of it is what the seat to act sees in its
    own view (its hand, its tiles, the top tiles, the pawns).
    """

    __slots__ = ("_listed", "_state")

    def __init__(self, state: State) -> None:
        self._state = state
        self._listed: list[AnyCommand] | None = None

    def _all(self) -> list[AnyCommand]:
        if self._listed is None:
            self._listed = legal_commands(self._state)
        return self._listed

    def __len__(self) -> int:
        return len(self._all())

    @overload
    def __getitem__(self, index: int) -> AnyCommand: ...

    @overload
    def __getitem__(self, index: slice) -> list[AnyCommand]: ...

    def __getitem__(self, index: int | slice) -> AnyCommand | list[AnyCommand]:
        return self._all()[index]

    @property
    def seat(self) -> int:
        """The seat to act (``-1`` when nobody is)."""
        seat = self._state.to_act
        return -1 if seat is None else seat

    @property
    def phase(self) -> str:
        return self._state.phase

    def moves(self) -> list[LegalMove]:
        """``move_list``: the affordable moves, as plain tuples (not to be changed)."""
        return move_list(self._state)

    def final_payments(self) -> list[Payment]:
        """``final_payments`` of the seat to act (E2)."""
        return final_payments(self._state, self.seat)

    def payment_plans(self, cards: tuple[int, ...], owed: int) -> tuple[list[Plan], Hand]:
        """``payment_plans_for`` a move playing ``cards`` that costs ``owed``."""
        return payment_plans_for(self._state, cards, owed)
