"""The ``greedy`` bot: the move with the best immediate gain (one ply).

It scores each legal move with ``move_gain`` (tile taken, points paid, debts
changed by new water, progress, a pawn home), pays the least-overpaying way,
places its bridge when that saves at least ``BRIDGE_MARGIN`` points on the
move it is about to make, and buys cards only when it holds none and cannot
move (a purchase always costs points, and T9 already gives two cards).
"""

from __future__ import annotations

import random

from core.atlantis.board import Board, Gap
from core.atlantis.bots.evaluation import OTHERS_DEBT_WEIGHT, MoveJudge
from core.atlantis.commands import (
    AnyCommand,
    BuyCards,
    DeclareStuck,
    Move,
    PayFinalCrossing,
    PlaceBridge,
)
from core.atlantis.moves import (
    LegalMove,
    final_payments,
    move_list,
    payments_for,
    unaffordable_moves,
)
from core.atlantis.state import State
from core.atlantis.view import PlayerView

BRIDGE_MARGIN = 3.0


def best_move(state: State, rng: random.Random) -> tuple[LegalMove, float] | None:
    """The legal move with the highest one-ply gain (ties broken at random)."""
    best: list[LegalMove] = []
    best_gain = float("-inf")
    judge = MoveJudge(state)
    for move in move_list(state):
        pawn, cards, landings, owed = move
        gain = judge.gain(pawn, cards, landings[-1], judge.best_payment_points(cards, owed))
        if gain > best_gain + 1e-9:
            best, best_gain = [move], gain
        elif abs(gain - best_gain) <= 1e-9:
            best.append(move)
    if not best:
        return None
    return rng.choice(best), best_gain


def bridge_worth_placing(state: State, chosen: LegalMove | None) -> int | None:
    """A water space to bridge now, if a bridge saves enough on a move we want.

    The saving is the gap's price on this move, less what it gives the other
    players whose pawns still have to cross it.
    """
    if state.bridges[state.current] is not None:
        return None
    board = Board.of(state)
    seat = state.current
    positions = state.pawns[seat]
    # (gaps crossed, affordable): the chosen move, then the moves a bridge would allow.
    candidates: list[tuple[list[Gap], bool]] = []
    if chosen is not None:
        candidates.append((board.gaps_between(positions[chosen[0]], chosen[2][-1]), True))
    for pawn, destination in unaffordable_moves(state):
        candidates.append((board.gaps_between(positions[pawn], destination), False))
    best_space, best_saving = None, BRIDGE_MARGIN
    for crossings, affordable in candidates:
        for gap in crossings:
            if gap.bridged:
                continue
            helped = sum(
                1
                for player, places in enumerate(state.pawns)
                if player != seat
                for position in places
                if position < gap.first
            )
            saving = gap.price - OTHERS_DEBT_WEIGHT * gap.price * helped / max(
                1, state.player_count - 1
            )
            if not affordable:
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
        pawn, cards, _, owed = found[0]
        return Move(seat, pawn, cards, payments_for(state, cards, owed, limit=1)[0])
