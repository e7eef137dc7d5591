"""The ``expert`` bot: the kernel's determinized search, with Atlantis's judgement.

The search itself (``core.services.search``) samples worlds consistent with the
bot's view, tries its candidates by UCB1 and keeps the best mean. Atlantis
gives it the pieces that know the game: ``determinize`` (the hidden cards and
tiles dealt at random), the candidate actions (the moves the one-ply judgement
likes best, useful bridges, a purchase), the greedy bot as the rollout policy
for ``horizon_rounds`` rounds (or to the end of the game), and the reward: the
bot's standing relative to the best opponent. A time budget (default 1 s)
bounds a decision; an iteration budget makes tests reproducible.
"""

from __future__ import annotations

import math
from operator import attrgetter

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
from core.kernel.i18n import N_
from core.kernel.review_search import ReviewSearch
from core.services.search import DeterminizedSearch, SearchGame, judging_leads

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


def _candidates(view: PlayerView) -> list[AnyCommand]:
    return candidate_actions(view.state, view.seat)


def _play(state: State, command: AnyCommand) -> State:
    # Candidates and the rollout's commands come from the move generator: the trusted path.
    return evolve_all(state, decide(state, command, trusted=True))


RESIGNED_LEAD = 50.0
"""Points behind the best player still in that leaving the game counts for, on top of
scoring nothing (E5: he wins nothing), so that resigning is never the better move,
however far behind a player is."""


def lead(world: State, seat: int) -> float:
    """The seat's lead in points over the best opponent still in the game: final
    scores once the game is over, else the positions' values (``position_value``). A
    seat that resigned has lost (E5): it counts as scoring nothing and
    ``RESIGNED_LEAD`` more behind the best player still in; nor is it anybody's
    opponent any more."""
    if world.is_over:
        values = [float(score) for score in world.scores]
    else:
        values = [position_value(world, player) for player in range(world.player_count)]
    for player in world.resigned:
        values[player] = 0.0
    best_rival = max((values[player] for player in world.in_play if player != seat), default=0.0)
    if seat in world.resigned:
        return -RESIGNED_LEAD - max(best_rival, 0.0)
    return values[seat] - best_rival


def reward(world: State, seat: int) -> float:
    """The seat's lead (``lead``), squashed into (-1, 1)."""
    return math.tanh(lead(world, seat) / REWARD_SCALE)


def search_game(
    horizon_rounds: int, rollout_policy: GreedyBot
) -> SearchGame[State, PlayerView, AnyCommand]:
    """Atlantis as the search sees it: playouts stop after ``horizon_rounds`` rounds,
    once it is no longer the searching seat's turn."""

    def horizon_reached(start: State, world: State, seat: int) -> bool:
        return world.current != seat and (
            world.turn - start.turn >= horizon_rounds * len(start.players)
        )

    # Attribute getters run in C: the playout asks them at every step.
    return SearchGame(
        seat=attrgetter("seat"),
        candidates=_candidates,
        determinize=determinize,
        play=_play,
        is_over=attrgetter("is_over"),
        to_act=attrgetter("to_act"),
        view_for=view_for,
        rollout=rollout_policy.decide,
        horizon_reached=horizon_reached,
        reward=reward,
    )


class ExpertBot(DeterminizedSearch[State, PlayerView, AnyCommand]):
    name = "expert"

    def __init__(
        self,
        time_budget: float | None = 1.0,
        iterations: int | None = None,
        horizon_rounds: int = 2,
    ) -> None:
        self.horizon_rounds = horizon_rounds
        self.rollout_policy = GreedyBot()
        super().__init__(search_game(horizon_rounds, self.rollout_policy), time_budget, iterations)


REVIEW_THRESHOLDS = (2.0, 5.0, 10.0)
"""Points of lead lost that make an inaccuracy, a mistake, a blunder (``atlantis review``)."""
REVIEW_PLAYOUT_RATE = 4400.0
"""The playouts a second of a review's budget buys, times the number of players (a
playout goes round the table, so it lasts about as long as there are seats): measured
on a two-core machine of 2026, rounded down."""


def review_search(view: PlayerView) -> ReviewSearch[State, PlayerView, AnyCommand] | None:
    """The expert's search as the review of a played game weighs a choice with
    (``GameType.play.review_search``): its candidates and playouts, scored by ``lead``."""
    bot = judging_leads(ExpertBot(time_budget=None, iterations=1), lead)
    meaning = N_("points ahead of the best opponent")
    return ReviewSearch(
        bot, meaning, REVIEW_THRESHOLDS, REVIEW_PLAYOUT_RATE / view.state.player_count
    )
