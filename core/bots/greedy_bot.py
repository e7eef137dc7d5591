"""The ``greedy`` bot: the move with the best immediate gain (one ply).

It scores each legal move with ``move_gain`` (tile taken, points paid, debts
changed by new water, progress, a pawn home), pays the least-overpaying way,
places its bridge when that saves at least ``BRIDGE_MARGIN`` points on the
move it is about to make, and buys cards only when it holds none and cannot
move (a purchase always costs points, and T9 already gives two cards).
"""

from __future__ import annotations

import random

from core.board import Board
from core.bots.base import register
from core.bots.evaluation import OTHERS_DEBT_WEIGHT, move_gain
from core.commands import AnyCommand, BuyCards, DeclareStuck, Move, PayFinalCrossing, PlaceBridge
from core.moves import MovePreview, final_payments, legal_moves, move_payments, pawn_moves
from core.state import State
from core.view import PlayerView

BRIDGE_MARGIN = 3.0


def best_move(state: State, rng: random.Random) -> tuple[MovePreview, float] | None:
    """The legal move with the highest one-ply gain (ties broken at random)."""
    best: list[MovePreview] = []
    best_gain = float("-inf")
    for preview in legal_moves(state):
        payments = move_payments(state, preview, limit=1)
        gain = move_gain(state, preview, payments[0])
        if gain > best_gain + 1e-9:
            best, best_gain = [preview], gain
        elif abs(gain - best_gain) <= 1e-9:
            best.append(preview)
    if not best:
        return None
    return rng.choice(best), best_gain


def bridge_worth_placing(state: State, chosen: MovePreview | None) -> int | None:
    """A water space to bridge now, if a bridge saves enough on a move we want.

    The saving is the gap's price on this move, less what it gives the other
    players whose pawns still have to cross it.
    """
    if state.bridges[state.current] is not None:
        return None
    board = Board.of(state)
    seat = state.current
    candidates = [chosen] if chosen is not None else []
    for pawn in range(3):
        candidates += [p for p in pawn_moves(state, pawn, board=board) if not p.affordable]
    best_space, best_saving = None, BRIDGE_MARGIN
    for preview in candidates:
        for gap in preview.crossings:
            if gap.bridged:
                continue
            helped = sum(
                1
                for player, positions in enumerate(state.pawns)
                if player != seat
                for position in positions
                if position < gap.first
            )
            saving = gap.price - OTHERS_DEBT_WEIGHT * gap.price * helped / max(
                1, state.player_count - 1
            )
            if not preview.affordable:
                saving += 1.0  # the bridge makes an otherwise impossible move possible
            if saving > best_saving:
                best_space, best_saving = gap.first, saving
    return best_space


class GreedyBot:
    name = "greedy"

    def decide(self, view: PlayerView, rng: random.Random) -> AnyCommand:
        state, seat = view.state, view.seat
        if state.phase == "final_crossing":
            return PayFinalCrossing(seat, final_payments(state, seat, limit=1)[0])
        found = best_move(state, rng)
        if not state.bridged_this_turn:
            space = bridge_worth_placing(state, found[0] if found else None)
            if space is not None:
                return PlaceBridge(seat, space)
        if found is None:
            if state.hand_size(seat) == 0 and state.purchases == 0:
                tiles = [t for t in state.collected[seat] if state.tiles[t].value >= 4]
                if tiles and not state.bridged_this_turn:
                    return BuyCards(seat, min(tiles, key=lambda t: state.tiles[t].value))
            return DeclareStuck(seat)
        preview = found[0]
        payment = move_payments(state, preview, limit=1)[0]
        return Move(seat, preview.pawn, preview.cards, payment)


register("greedy", lambda settings: GreedyBot())
