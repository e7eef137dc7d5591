"""How good a position or a move looks to a player: the bots' shared judgement.

A player's final score is his points (tiles plus cards, E3) less what his
pawns still on the path will owe for the final crossing (E2). Water ahead of
a pawn is therefore a debt: paying to cross it converts points into less debt,
and taking a tile that opens water behind other players' pawns raises their
debts. These functions put numbers on that, from public information and the
player's own hand only.
"""

from __future__ import annotations

from msgspec.structs import replace

from core.board import Board
from core.commands import Payment
from core.moves import MovePreview
from core.state import MAINLAND, PATH_LENGTH, State

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


def debt(state: State, player: int, board: Board) -> int:
    """E2: what the player's pawns not home would owe if the game ended now."""
    return sum(
        board.cost_between(position, MAINLAND)
        for position in state.pawns[player]
        if position != MAINLAND
    )


def progress(state: State, player: int) -> float:
    """Fraction of the path his pawns have covered, 0 to 3."""
    return sum(min(position, MAINLAND) for position in state.pawns[player]) / (PATH_LENGTH + 1)


def position_value(state: State, player: int, hand_size: int | None = None) -> float:
    """A player's expected standing: points, less expected debt, plus progress.

    ``hand_size`` replaces the hand when it is hidden from the judge.
    """
    board = Board.of(state)
    cards = state.hand_size(player) if hand_size is None else hand_size
    return (
        state.collected_value(player)
        + cards
        - DEBT_WEIGHT * debt(state, player, board)
        + PROGRESS_WEIGHT * progress(state, player)
        + HOME_BONUS * state.on_mainland(player)
    )


def payment_points(state: State, payment: Payment) -> int:
    return sum(state.tiles[tile].value for tile in payment.tiles) + len(payment.cards)


def move_gain(state: State, preview: MovePreview, payment: Payment) -> float:
    """What a move is worth to the active player, one ply deep.

    Counts the tile taken, the cards played and paid, the debt change of every
    player once the tile is gone (new water), the progress made, and the extra
    card a turn for a pawn reaching the Mainland.
    """
    seat = state.current
    board = Board.of(state)
    before = [debt(state, player, board) for player in range(state.player_count)]
    spaces = state.spaces
    if preview.tile_space is not None:
        space = preview.tile_space
        spaces = (*spaces[:space], spaces[space][:-1], *spaces[space + 1 :])
    pawns = list(state.pawns)
    moved = list(pawns[seat])
    moved[preview.pawn] = preview.destination
    pawns[seat] = tuple(moved)
    after_state = replace(state, spaces=spaces, pawns=tuple(pawns))
    after_board = Board(after_state)
    after = [debt(after_state, player, after_board) for player in range(state.player_count)]
    tile_value = state.tiles[preview.tile].value if preview.tile is not None else 0
    gain: float = tile_value - len(preview.cards) - payment_points(state, payment)
    gain -= DEBT_WEIGHT * (after[seat] - before[seat])
    others = [p for p in range(state.player_count) if p != seat]
    gain += OTHERS_DEBT_WEIGHT * sum(after[p] - before[p] for p in others) / len(others)
    gain += (
        PROGRESS_WEIGHT * (min(preview.destination, MAINLAND) - preview.start) / (PATH_LENGTH + 1)
    )
    if preview.destination == MAINLAND:
        gain += HOME_BONUS
    return gain
