"""The ``expert`` bot: determinized Monte Carlo search over its own choices.

Each iteration samples the hidden cards (``determinize``), picks one of the
candidate actions by UCB1, plays it, lets every seat continue with the greedy
policy for ``horizon_rounds`` rounds (or to the end of the game), and scores
the outcome as the bot's standing relative to the best opponent. The action
with the best mean wins. Sampling many card layouts means it never relies on
cards it cannot see. A time budget (default 1 s) bounds a decision; an
iteration budget makes tests reproducible.
"""

from __future__ import annotations

import math
import random
import time

from core.atlantis.bots.determinize import determinize
from core.atlantis.bots.evaluation import MoveJudge, position_value
from core.atlantis.bots.greedy_bot import GreedyBot
from core.atlantis.commands import (
    AnyCommand,
    BuyCards,
    DeclareStuck,
    Move,
    PayFinalCrossing,
    PlaceBridge,
)
from core.atlantis.decide import decide
from core.atlantis.evolve import evolve_all
from core.atlantis.moves import bridge_options, final_payments, move_list, payments_for
from core.atlantis.state import State
from core.atlantis.view import PlayerView, view_for
from core.kernel.errors import IllegalMove

EXPLORATION = 0.7
REWARD_SCALE = 20.0
MAX_CANDIDATE_MOVES = 10


def candidate_actions(state: State, seat: int) -> list[AnyCommand]:
    """The bot's own choices worth searching: moves, useful bridges, a purchase."""
    if state.phase == "final_crossing":
        return [PayFinalCrossing(seat, payment) for payment in final_payments(state, seat, 3)]
    moves = move_list(state)
    actions: list[AnyCommand] = []
    kept = moves
    if len(moves) > MAX_CANDIDATE_MOVES:
        # Keep the moves the one-ply judgement likes best; the search refines among them.
        judge = MoveJudge(state)
        kept = sorted(
            moves,
            key=lambda m: -judge.gain(m[0], m[1], m[2][-1], judge.best_payment_points(m[1], m[3])),
        )[:MAX_CANDIDATE_MOVES]
    for pawn, cards, _, owed in kept:
        for payment in payments_for(state, cards, owed, limit=2):
            actions.append(Move(seat, pawn, cards, payment))
    rearmost = min(state.pawns[seat])
    for gap in sorted(bridge_options(state), key=lambda g: -g.price)[:2]:
        # Only water still ahead of one of our pawns can be worth our single bridge.
        if gap.first > rearmost and gap.price >= 2:
            actions.append(PlaceBridge(seat, gap.first))
    if not moves:
        actions.append(DeclareStuck(seat))
        if state.purchases == 0 and not state.bridged_this_turn:
            tiles = sorted(state.collected[seat], key=lambda t: state.tiles[t].value)
            for tile in tiles[-1:]:
                if state.tiles[tile].value >= 2:
                    actions.append(BuyCards(seat, tile))
    return actions


class ExpertBot:
    name = "expert"

    def __init__(
        self,
        time_budget: float | None = 1.0,
        iterations: int | None = None,
        horizon_rounds: int = 2,
    ) -> None:
        self.time_budget = time_budget
        self.iterations = iterations
        self.horizon_rounds = horizon_rounds
        self.rollout_policy = GreedyBot()
        self.searched_iterations = 0
        """Iterations run over every search so far (``atlantis simulate --timing``)."""
        self.searched_seconds = 0.0

    def decide(self, view: PlayerView, rng: random.Random) -> AnyCommand:
        state, seat = view.state, view.seat
        actions = candidate_actions(state, seat)
        if len(actions) == 1:
            return actions[0]
        totals = [0.0] * len(actions)
        visits = [0] * len(actions)
        started = time.perf_counter()
        deadline = started + self.time_budget if self.time_budget else math.inf
        limit = self.iterations if self.iterations is not None else 1_000_000
        iteration = 0
        now = started
        while iteration < limit:
            # Stop when one more iteration of average length would overrun the budget.
            if iteration and now + (now - started) / iteration > deadline:
                break
            index = self._select(totals, visits, iteration)
            world = determinize(view, rng)
            totals[index] += self._simulate(world, actions[index], seat, rng)
            visits[index] += 1
            iteration += 1
            now = time.perf_counter()
        self.searched_iterations += iteration
        self.searched_seconds += now - started
        best = max(
            range(len(actions)),
            key=lambda i: (totals[i] / visits[i] if visits[i] else -math.inf, visits[i]),
        )
        return actions[best]

    @staticmethod
    def _select(totals: list[float], visits: list[int], iteration: int) -> int:
        for index, count in enumerate(visits):
            if count == 0:
                return index
        log_total = math.log(iteration)
        return max(
            range(len(totals)),
            key=lambda i: totals[i] / visits[i] + EXPLORATION * math.sqrt(log_total / visits[i]),
        )

    def _simulate(self, world: State, action: AnyCommand, seat: int, rng: random.Random) -> float:
        try:
            # Candidates come from the move generator, so a move or T9 takes the trusted path.
            world = evolve_all(world, decide(world, action, trusted=True))
        except IllegalMove:
            return -1.0  # a refused action can never be the best choice
        turns_left = self.horizon_rounds * world.player_count
        start_turn = world.turn
        while not world.is_over and (world.turn - start_turn < turns_left or world.current == seat):
            actor = world.to_act
            assert actor is not None
            command = self.rollout_policy.decide(view_for(world, actor), rng)
            world = evolve_all(world, decide(world, command, trusted=True))
        return self._reward(world, seat)

    @staticmethod
    def _reward(world: State, seat: int) -> float:
        if world.is_over:
            values = [float(score) for score in world.scores]
        else:
            values = [position_value(world, player) for player in range(world.player_count)]
        best_other = max(v for p, v in enumerate(values) if p != seat)
        return math.tanh((values[seat] - best_other) / REWARD_SCALE)
