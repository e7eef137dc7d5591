"""Every command the seat to act may give: the move generator the kernel and bots read.

Before the action (T2.1, T2.2): the purchases it can afford, every removal of
one token, every removal of two (when it has 2 pions), every move (3 pions and
a move left, T3.4), and passing. After it (T2.4): purchases and ending the
turn. Squares are listed in reading order, pairs once each.
"""

from __future__ import annotations

from core.arkantis.board import reds
from core.arkantis.cards import PRICES
from core.arkantis.commands import AnyCommand, Buy, EndTurn, Move, Pass, Remove
from core.arkantis.decide import MOVE_PRICE, REMOVE_TWO_PRICE
from core.arkantis.squares import members, name
from core.arkantis.state import PILES, State


def purchases(state: State, seat: int) -> list[AnyCommand]:
    """T6: a purchase from every pile that has a card the seat can afford."""
    pions = state.pions[seat]
    return [
        Buy(seat, colour, pile)
        for index, (colour, pile) in enumerate(PILES)
        if state.piles[index] and PRICES[colour] <= pions
    ]


def removals(state: State, seat: int) -> list[AnyCommand]:
    """T3.1, T3.2: every removal of one token, then of two if affordable."""
    tokens = [name(sq) for sq in members(state.tokens)]
    found: list[AnyCommand] = [Remove(seat, (square,)) for square in tokens]
    if state.pions[seat] >= REMOVE_TWO_PRICE:
        found += [
            Remove(seat, (first, second))
            for index, first in enumerate(tokens)
            for second in tokens[index + 1 :]
        ]
    return found


def moves(state: State, seat: int) -> list[AnyCommand]:
    """T3.3, T3.4: every move, when affordable and a move is left."""
    if state.pions[seat] < MOVE_PRICE or not state.options.moves_allowed(state.moves_used[seat]):
        return []
    empty = [name(sq) for sq in members(reds(state.tokens))]
    return [
        Move(seat, name(origin), target) for origin in members(state.tokens) for target in empty
    ]


def legal_commands(state: State) -> list[AnyCommand]:
    """The commands ``decide`` accepts from the seat to act."""
    if state.phase == "over":
        return []
    seat = state.current
    commands = purchases(state, seat)
    if state.phase == "after":
        return [*commands, EndTurn(seat)]
    return [*commands, *removals(state, seat), *moves(state, seat), Pass(seat)]
