"""What the engine reads from values worked out once agrees with working them out again.

- ``final_debt`` prices each pawn's way home from ``Board.sums`` instead of walking
  every gap (``cost_between``); here both are asked on boards with and without
  bridges, for pawns anywhere on the path, water included;
- ``decide`` finds the tile a move takes among the pawns' spaces the move generator
  left with the state (``OCCUPIED_KEY``); a state that never listed its moves
  gives the same events.
"""

from __future__ import annotations

import random

from msgspec.structs import replace

from core.atlantis.board import Board
from core.atlantis.commands import Move
from core.atlantis.decide import decide
from core.atlantis.events import AnyEvent, PawnMoved, TileTaken
from core.atlantis.moves import OCCUPIED_KEY, final_debt, move_list
from core.atlantis.state import MAINLAND, State
from core.atlantis.view import TURN_KEY
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


def _tile_space(state: State, pawn: int, events: list[AnyEvent]) -> int | None:
    """T6, read from the rule: looking back from the stop, the first space holding a
    tile and no pawn once the pawn has moved."""
    moved = events[0]
    assert isinstance(moved, PawnMoved)
    pawns = [list(positions) for positions in state.pawns]
    pawns[state.current][pawn] = moved.landings[-1]
    standing = {position for positions in pawns for position in positions}
    for space in range(min(moved.landings[-1], MAINLAND) - 1, 0, -1):
        if state.spaces[space] and space not in standing:
            return space
    return None


def test_a_move_takes_the_same_tile_whether_or_not_the_moves_were_listed() -> None:
    checked = 0
    for seed in range(12):
        for state, command, events in _turns(seed):
            if not isinstance(command, Move):
                continue
            assert _tile_space(state, command.pawn, events) == next(
                (event.space for event in events if isinstance(event, TileTaken)), None
            )
            listed = replace(state)
            move_list(listed)
            assert OCCUPIED_KEY in listed.__dict__[TURN_KEY]
            fresh = replace(state)
            assert decide(listed, command, trusted=True) == events
            assert decide(listed, command) == events
            assert decide(fresh, command, trusted=True) == events
            assert TURN_KEY not in fresh.__dict__
            checked += 1
    assert checked > 500, checked
