"""How good a position or a move looks to a player: the bots' shared judgement.

A player's final score is his points (tiles plus cards, E3) less what his
pawns still on the path will owe for the final crossing (E2). Water ahead of
a pawn is therefore a debt: paying to cross it converts points into less debt,
and taking a tile that opens water behind other players' pawns raises their
debts. These functions put numbers on that, from public information and the
player's own hand only.

``MoveJudge`` scores many moves of one position: what the moves share (the
debts, the change of debt around each space a tile may be taken from, the
points a payment can be made of) is worked out once, and the best payment's
worth is found directly rather than by listing payments.
"""

from __future__ import annotations

from core.atlantis.board import Board, Gap, land_beside, tile_columns
from core.atlantis.commands import Payment
from core.atlantis.hands import hand_of
from core.atlantis.moves import MovePreview, final_debt, payable_cards
from core.atlantis.payments import payment_value
from core.atlantis.state import ATLANTIS, MAINLAND, PATH_LENGTH, State

DEBT_WEIGHT = 0.8
"""Part of the water ahead a pawn is expected to pay in the end (bridges and the
finisher's escape make it less than all of it)."""
OTHERS_DEBT_WEIGHT = 0.5
PROGRESS_WEIGHT = 3.0
"""Points for taking a pawn the whole length of the path: reaching the Mainland
first ends the game (E1) and each pawn home draws one more card a turn (T8)."""
HOME_BONUS = 1.5


def points(state: State, player: int) -> int:
    """E3 without the final crossing: tiles held plus one per card."""
    return state.collected_value(player) + state.hand_size(player)


def progress(state: State, player: int) -> float:
    """Fraction of the path his pawns have covered, 0 to 3."""
    return sum(min(position, MAINLAND) for position in state.pawns[player]) / (PATH_LENGTH + 1)


def position_value(state: State, player: int, hand_size: int | None = None) -> float:
    """A player's expected standing: points, less expected debt, plus progress.

    ``hand_size`` replaces the hand when it is hidden from the judge.
    """
    cards = state.hand_size(player) if hand_size is None else hand_size
    return (
        state.collected_value(player)
        + cards
        - DEBT_WEIGHT * final_debt(state, player)
        + PROGRESS_WEIGHT * progress(state, player)
        + HOME_BONUS * state.on_mainland(player)
    )


GapChange = tuple[list[Gap], list[Gap]]
"""The gaps beside a space before and after its top tile is taken."""


def gaps_around(state: State, board: Board, space: int) -> GapChange:
    """The gaps next to ``space`` now, and once its top tile is taken (T6, T7.2).

    Only those can change: the space's value changes, or it turns to water and
    joins the water either side into one gap (or leaves it off the path when
    it now touches either end).
    """
    before = [gap for gap in board.gaps if gap.last == space - 1 or gap.first == space + 1]
    stack = state.spaces[space]
    values = board.values
    if len(stack) > 1:
        value = tile_columns(state.tiles)[1][stack[-2]]
        after = []
        for gap in before:
            left = value if gap.first - 1 == space else values[gap.first - 1]
            right = value if gap.last + 1 == space else values[gap.last + 1]
            after.append(gap._replace(price=min(left, right)))
        return before, after
    left, right = land_beside(board.items, space)
    if left == ATLANTIS or right == MAINLAND:
        return before, []
    bridged = any(left < bridge < right for bridge in board.bridge_spaces)
    return before, [Gap(left + 1, right - 1, min(values[left], values[right]), bridged)]


def debt_change(change: GapChange, position: int) -> int:
    """How much more a pawn on ``position`` owes (E2) once the tile is taken.

    A pawn never stands inside the changed stretch (a tile is taken from a
    free space, and water holds no pawn), so a gap counts when it lies ahead.
    """
    return _change_at(_steps(change), position)


Steps = list[tuple[int, int]]
"""(first space of a gap, change of debt for a pawn behind it), for ``_change_at``."""


def _steps(change: GapChange) -> Steps:
    before, after = change
    return [(gap.first, gap.cost) for gap in after] + [(gap.first, -gap.cost) for gap in before]


def _change_at(steps: Steps, position: int) -> int:
    total = 0
    for first, cost in steps:
        if first > position:
            total += cost
    return total


def debt_after_taking(state: State, space: int | None) -> tuple[int, ...]:
    """Per player, how much more all his pawns owe once the top tile of ``space`` is taken."""
    if space is None:
        return (0,) * state.player_count
    change = gaps_around(state, Board.of(state), space)
    return tuple(
        sum(debt_change(change, p) for p in positions if p != MAINLAND) for positions in state.pawns
    )


class MoveJudge:
    """``move_gain`` for many moves of the active player in one position."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.seat = state.current
        self.board = Board.of(state)
        self._changes: dict[int, tuple[Steps, list[int]]] = {}
        self._occupied = {space for positions in state.pawns for space in positions}
        self._tiles: dict[tuple[int, int], int | None] = {}
        self._ahead: dict[int, int] = {}
        reachable = 1  # bit s set: some of the player's tiles add up to s points
        values = state.tiles
        for tile in state.collected[self.seat]:
            reachable |= reachable << values[tile].value
        self._reachable = reachable

    def best_payment_points(self, cards: tuple[int, ...], owed: int) -> int:
        """What the first of ``payments_for`` is worth, without listing payments (T5.4).

        It overpays least: cards cover any shortfall up to their number, so the
        least overpay is 0 when some tiles add up to between ``owed`` less the
        cards and ``owed``, else the smallest tile total above ``owed`` less it.
        """
        if owed <= 0:
            return 0
        state = self.state
        if state.options.bought_cards_can_pay:
            card_count = sum(state.hands[self.seat]) - len(cards)
        else:
            card_count = sum(payable_cards(state, self.seat, hand_of(cards)))
        lowest = max(0, owed - card_count)
        reachable = self._reachable
        if (reachable >> lowest) & ((1 << (owed - lowest + 1)) - 1):
            return owed
        above = reachable >> (owed + 1)
        return owed + (above & -above).bit_length()

    def _cost_ahead(self, position: int) -> int:
        cost = self._ahead.get(position)
        if cost is None:
            cost = self._ahead[position] = self.board.cost_between(position, MAINLAND)
        return cost

    def _others_change(self, space: int) -> tuple[Steps, list[int]]:
        """The debt steps around ``space`` and every player's debt change, the mover's
        pawns included (his moved pawn is corrected for in ``gain``)."""
        found = self._changes.get(space)
        if found is None:
            steps = _steps(gaps_around(self.state, self.board, space))
            debts = [
                sum([_change_at(steps, p) for p in positions if p != MAINLAND]) if steps else 0
                for positions in self.state.pawns
            ]
            found = self._changes[space] = (steps, debts)
        return found

    def tile_space(self, pawn: int, destination: int) -> int | None:
        """T6: where the tile comes from (``tile_taken_by``), once per pawn and destination."""
        key = (pawn, destination)
        tiles = self._tiles
        if key not in tiles:
            others = self._occupied - {self.state.pawns[self.seat][pawn]}
            tiles[key] = self.board.tile_to_take(destination, others)
        return tiles[key]

    def gain(
        self, pawn: int, cards: tuple[int, ...], destination: int, paid: int | None = None
    ) -> float:
        """``move_gain`` of moving ``pawn`` with ``cards`` to ``destination``.

        ``paid`` is what the payment is worth; by default the best payment's.
        """
        state, seat = self.state, self.seat
        start = state.pawns[seat][pawn]
        if paid is None:
            paid = self.best_payment_points(cards, self.board.cost_between(start, destination))
        space = self.tile_space(pawn, destination)
        mine = self._cost_ahead(destination) - self._cost_ahead(start)
        if space is None:
            tile_value = 0
            theirs = 0
        else:
            tile_value = state.tiles[state.spaces[space][-1]].value
            steps, debts = self._others_change(space)
            mine += debts[seat]
            theirs = sum(debts) - debts[seat]
            if steps:
                # The moved pawn counts from its destination, not from the space it left.
                mine += _change_at(steps, destination) - _change_at(steps, start)
        # The same operations, in the same order, as ever: equal moves tie exactly.
        gain: float = tile_value - len(cards) - paid
        gain -= DEBT_WEIGHT * mine
        gain += OTHERS_DEBT_WEIGHT * theirs / (state.player_count - 1)
        gain += PROGRESS_WEIGHT * (min(destination, MAINLAND) - start) / (PATH_LENGTH + 1)
        if destination == MAINLAND:
            gain += HOME_BONUS
        return gain


def move_gain(state: State, preview: MovePreview, payment: Payment) -> float:
    """What a move is worth to the active player, one ply deep.

    Counts the tile taken, the cards played and paid, the debt change of every
    player once the tile is gone (new water), the progress made, and the extra
    card a turn for a pawn reaching the Mainland.
    """
    return MoveJudge(state).gain(
        preview.pawn, preview.cards, preview.destination, payment_value(state, payment)
    )
