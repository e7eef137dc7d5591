"""The ``expert`` bot: determinized search, greedy playouts judged by fitted weights.

The search (``core.services.search``) samples worlds consistent with the view
(``determinize``: the other hands, the hired cards and every face-down pile
dealt from the unseen cards), plays every candidate in each (common random
numbers, ``DeterminizedSearch.common_worlds``) and keeps the best mean. Its
candidates are the actions the greedy judgement values most
(``MAX_CANDIDATES``), ending the turn and passing. After the candidate the
greedy bot plays every seat, the rest of this turn included, until the turn
comes back to the seat (``horizon_reached``); the reward is the seat's lead
over the best opponent by ``judgement.value`` (the final score each player's
holdings foretell, as fitted to games between greedy bots).

An iteration budget alone bounds a seeded decision, so that it is the same
on any machine. With a time budget only (``--budget``, default 1 s), a
decision searches for that long: the faster the engine, the more worlds it
samples.
"""

from __future__ import annotations

import math
from operator import attrgetter

from core.atlantica.bots.common import scoring_choice
from core.atlantica.bots.determinize import determinize
from core.atlantica.bots.greedy_bot import GreedyBot, rank
from core.atlantica.bots.judgement import value
from core.atlantica.commands import AnyCommand, EndTurn, Pass, PerformAction
from core.atlantica.decide import decide_trusted
from core.atlantica.evolve import evolve
from core.atlantica.state import State
from core.atlantica.view import PlayerView, view_for
from core.kernel.i18n import N_
from core.kernel.review_search import ReviewSearch
from core.services.search import DeterminizedSearch, SearchGame, judging_leads

MAX_CANDIDATES = 6
"""Actions searched: the greedy judgement's best, each with its best payment."""
REWARD_SCALE = 5.0
"""Points of lead that make a reward of tanh(1)."""
TIME_BUDGET = 1.0
"""Seconds a decision searches when neither a time nor an iteration budget is given."""
OTHER_TURNS = 2
"""How many turns of the other players a playout goes on for (at most one each)."""


def candidate_actions(view: PlayerView) -> list[AnyCommand]:
    """The seat's choices worth searching: the greedy bot's best actions, ending the
    turn and passing (when legal). At scoring, the best choices alone (no search)."""
    state = view.state
    if state.phase == "scoring":
        return [scoring_choice(state, view.seat)]
    ranked = rank(view)
    actions: list[AnyCommand] = [c for _value, c in ranked if isinstance(c, PerformAction)]
    chosen = actions[:MAX_CANDIDATES]
    chosen += [command for _value, command in ranked if isinstance(command, EndTurn | Pass)]
    return chosen or [ranked[0][1]]


def play(state: State, command: AnyCommand) -> State:
    """The state after a command the move generator built from the same public facts."""
    for event in decide_trusted(state, command):
        state = evolve(state, event)
    return state


def lead(world: State, seat: int) -> float:
    """The seat's lead in points over the best opponent: the final scores once the
    game is scored (the choices made count), else the final scores foretold."""
    if world.scores:
        values = [float(score.total) for score in world.scores]
    else:
        values = [value(world, player) for player in range(world.player_count)]
    return values[seat] - max(value for player, value in enumerate(values) if player != seat)


def reward(world: State, seat: int) -> float:
    """The seat's lead (``lead``), squashed into (-1, 1)."""
    return math.tanh(lead(world, seat) / REWARD_SCALE)


def horizon_reached(start: State, world: State, seat: int) -> bool:
    """A playout stops when the game ends, or once the seat's turn and the next
    ``OTHER_TURNS`` turns of the others are over (with two players, when the turn is
    back to the seat)."""
    if world.phase != "turn":
        return True
    if world.current == seat:
        return world.turn != start.turn
    mine = start.turn if start.current == seat else start.turn - 1
    return world.turn - mine > OTHER_TURNS


def search_game(rollout_policy: GreedyBot) -> SearchGame[State, PlayerView, AnyCommand]:
    """Atlantica as the search sees it."""
    return SearchGame(
        seat=attrgetter("seat"),
        candidates=candidate_actions,
        determinize=determinize,
        play=play,
        is_over=attrgetter("is_over"),
        to_act=attrgetter("to_act"),
        view_for=view_for,
        rollout=rollout_policy.decide,
        horizon_reached=horizon_reached,
        reward=reward,
    )


class ExpertBot(DeterminizedSearch[State, PlayerView, AnyCommand]):
    name = "expert"
    common_worlds = True

    def __init__(
        self, time_budget: float | None = TIME_BUDGET, iterations: int | None = None
    ) -> None:
        # Iterations alone decide when given: the same view and generator give the
        # same command on any machine, however long the search takes. Otherwise the
        # whole time budget is searched (no cap on the iterations: a faster engine
        # buys more of them).
        budget = None if iterations is not None else (time_budget or TIME_BUDGET)
        super().__init__(search_game(GreedyBot()), budget, iterations)


REVIEW_THRESHOLDS = (1.0, 2.0, 4.0)
"""Points of lead lost that make an inaccuracy, a mistake, a blunder (``atlantis review``)."""
REVIEW_PLAYOUT_RATE = 1500.0
"""The playouts a second of a review's budget buys, times the number of players (a
playout goes round the table, so it lasts about as long as there are seats): measured
on a two-core machine of 2026, rounded down."""


def review_search(view: PlayerView) -> ReviewSearch[State, PlayerView, AnyCommand] | None:
    """The expert's search as the review of a played game weighs a choice with
    (``GameType.play.review_search``): its candidates and playouts, scored by ``lead``."""
    bot = judging_leads(ExpertBot(iterations=1), lead)
    meaning = N_("points ahead of the best opponent")
    return ReviewSearch(
        bot, meaning, REVIEW_THRESHOLDS, REVIEW_PLAYOUT_RATE / view.state.player_count
    )


__all__ = ["ExpertBot", "candidate_actions", "reward"]
