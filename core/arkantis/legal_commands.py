"""Every command the seat to act may give: the move generator the kernel and bots read.

Before the action (T2.1, T2.2): the purchases it can afford, every removal of
one token, every removal of two (when it has 2 pions), every move (3 pions and
a move left, T3.4), and passing. After it (T2.4): purchases and ending the
turn. Squares are listed in reading order, pairs once each.

``legal_commands`` builds that list. ``CommandTable`` is the same list without
building it: its length is counted and its *n*-th command made when asked for.
The opening board has 861 removals of two tokens and 294 moves, of which a
random player wants one, so the random bot picks an index in the table
(``random.choice`` asks a sequence for its length, then one item: the same
draw, the same command, as from the list).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from math import isqrt
from typing import overload

from core.arkantis.board import reds
from core.arkantis.cards import PRICES
from core.arkantis.commands import AnyCommand, Buy, EndTurn, Move, Pass, Remove
from core.arkantis.decide import MOVE_PRICE, REMOVE_TWO_PRICE, piles_within
from core.arkantis.squares import ALL, NAMES, ONE, SQUARES, TWO, names, nth_square
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
    tokens = names(state.tokens)
    found: list[AnyCommand] = [Remove(seat, (square,)) for square in tokens]
    if state.pions[seat] >= REMOVE_TWO_PRICE:
        found += [
            Remove(seat, (first, second))
            for index, first in enumerate(tokens)
            for second in tokens[index + 1 :]
        ]
    return found


def moves_allowed(state: State, seat: int) -> bool:
    """T3.3, T3.4: whether ``seat`` can pay for a move and has one left."""
    return state.pions[seat] >= MOVE_PRICE and state.options.moves_allowed(state.moves_used[seat])


def moves(state: State, seat: int) -> list[AnyCommand]:
    """T3.3, T3.4: every move, when affordable and a move is left."""
    if not moves_allowed(state, seat):
        return []
    empty = names(reds(state.tokens))
    return [Move(seat, origin, target) for origin in names(state.tokens) for target in empty]


def legal_commands(state: State) -> list[AnyCommand]:
    """The commands ``decide`` accepts from the seat to act."""
    if state.phase == "over":
        return []
    seat = state.current
    commands = purchases(state, seat)
    if state.phase == "after":
        return [*commands, EndTurn(seat)]
    return [*commands, *removals(state, seat), *moves(state, seat), Pass(seat)]


def pair_at(count: int, index: int) -> tuple[int, int]:
    """The ``index``-th of the pairs of indices below ``count``, in the order removals
    list them ((0, 1), (0, 2) … (1, 2) …), worked out without listing them: the first
    index is the row of the triangle the pair falls in, found by a square root."""
    first = count - 2 - (isqrt(4 * count * (count - 1) - 8 * index - 7) - 1) // 2
    second = (
        index + first + 1 - count * (count - 1) // 2 + (count - first) * (count - first - 1) // 2
    )
    return first, second


_OVER, _AFTER, _ACTION = 0, 1, 2
"""The table's shapes: nothing, purchases then ending the turn, the whole list."""


class CommandTable(Sequence[AnyCommand]):
    """``legal_commands(state)`` as a sequence whose commands are made when asked for.

    The sections follow the list's order: purchases, then either ending the
    turn (after the action) or the single removals, the pairs, the moves and
    passing. Only the counts are worked out up front. ``options`` are the
    state's rule options (the random bot checks it may play them).
    """

    __slots__ = (
        "_buys",
        "_empty",
        "_moves",
        "_pairs",
        "_seat",
        "_shape",
        "_singles",
        "_size",
        "_tokens",
        "options",
    )

    def __init__(self, state: State) -> None:
        seat = state.current
        self.options = state.options
        self._seat = seat
        tokens = self._tokens = state.tokens
        self._singles = self._pairs = self._moves = self._empty = 0
        self._buys: tuple[int, ...] = ()
        phase = state.phase
        if phase == "over":
            self._shape, self._size = _OVER, 0
            return
        pions = state.pions[seat]
        piles = state.piles
        within = piles_within(pions)
        # Piles are seldom empty: the affordable ones are then those the pions pay for.
        buys = self._buys = within if all(piles) else tuple(i for i in within if piles[i])
        if phase == "after":
            self._shape, self._size = _AFTER, len(buys) + 1
            return
        self._shape = _ACTION
        count = self._singles = tokens.bit_count()
        size = len(buys) + count + 1
        if pions >= REMOVE_TWO_PRICE:
            self._pairs = count * (count - 1) // 2
            size += self._pairs
        if pions >= MOVE_PRICE and state.options.moves_allowed(state.moves_used[seat]):
            self._empty = SQUARES - count
            self._moves = count * self._empty
            size += self._moves
        self._size = size

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> AnyCommand: ...

    @overload
    def __getitem__(self, index: slice) -> list[AnyCommand]: ...

    def __getitem__(self, index: int | slice) -> AnyCommand | list[AnyCommand]:
        if isinstance(index, slice):
            return [self._command(i) for i in range(*index.indices(self._size))]
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError("command index out of range")
        return self._command(index)

    def __iter__(self) -> Iterator[AnyCommand]:
        return (self._command(i) for i in range(self._size))

    def _command(self, index: int) -> AnyCommand:
        """The command at ``index`` (within range), section by section."""
        seat, buys = self._seat, self._buys
        if index < len(buys):
            colour, pile = PILES[buys[index]]
            return Buy(seat, colour, pile)
        if self._shape == _AFTER:
            return EndTurn(seat)
        index -= len(buys)
        tokens = self._tokens
        if index < self._singles:
            return Remove(seat, ONE[nth_square(tokens, index)])
        index -= self._singles
        if index < self._pairs:
            first, second = pair_at(self._singles, index)
            return Remove(seat, TWO[nth_square(tokens, first)][nth_square(tokens, second)])
        index -= self._pairs
        if index < self._moves:
            origin, target = divmod(index, self._empty)
            return Move(
                seat, NAMES[nth_square(tokens, origin)], NAMES[nth_square(ALL & ~tokens, target)]
            )
        return Pass(seat)
