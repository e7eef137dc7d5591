"""What the engine reads from the board's sums agrees with walking over its gaps.

``final_debt`` prices each pawn's way home from ``Board.sums`` instead of walking
every gap (``cost_between``); here both are asked on boards with and without
bridges, for pawns anywhere on the path, water included.
"""

from __future__ import annotations

import random

from msgspec.structs import replace

from core.atlantis.board import Board
from core.atlantis.moves import final_debt
from core.atlantis.state import MAINLAND
from tests.core.test_speedups import _turns


def test_final_debts_are_the_gaps_walked_from_each_pawn() -> None:
    rng = random.Random(3)
    checked = bridged = 0
    for seed in range(14):
        for state, _command, _events in _turns(seed):
            board = Board(state)
            bridged += any(gap.bridged for gap in board.gaps)
            for player in range(state.player_count):
                pawns = list(state.pawns)
                pawns[player] = tuple(rng.choice((MAINLAND, *range(MAINLAND))) for _ in range(3))
                moved = replace(state, pawns=tuple(pawns))
                walked = sum(
                    Board(moved).cost_between(position, MAINLAND)
                    for position in pawns[player]
                    if position != MAINLAND
                )
                assert final_debt(moved, player) == walked
                assert final_debt(state, player, board) == sum(
                    board.cost_between(position, MAINLAND)
                    for position in state.pawns[player]
                    if position != MAINLAND
                )
                checked += 1
    assert checked > 2000, checked
    assert bridged > 50, bridged
