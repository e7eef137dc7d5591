"""The ``expert`` bot: the kernel's determinized search, played out by the greedy bot.

The search (``core.services.search``) samples worlds consistent with the view
(``determinize``: the other hands and the piles dealt from the unseen cards),
tries each candidate by UCB1 and keeps the best mean. ArkantiS gives it its
candidates: the actions the greedy judgement values most for the seat's
hand, the richest stains any hand could lay (made without the card, they
are taken from the others), a purchase that lays at once, and passing when
little is left. The greedy bot plays on until the next player has made his
action (the board a candidate leaves is judged once for every sampled hand,
so a playout costs little more than that); with three or four players the
best action that board offers each later player counts against it too. The
reward is the seat's lead over the best opponent in the final scores the
position foretells (``judgement``: the score now, the pions, the cards in
hand and what they may bring, the best action the board offers, whether the
player is still in the game, weighed by the tokens left, with weights fitted
to games between greedy bots). The review of a game keeps the former,
plainer measure (``judgement.plain_value``).

An iteration budget alone bounds a seeded decision, so that it is the same
on any machine. With a time budget only (``--budget``, default 1 s), a
decision searches for that long: the faster the engine, the more worlds it
samples. After its action the bot buys as the greedy bot does, without a
search.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from operator import attrgetter

from core.arkantis.bots import judgement
from core.arkantis.bots.analysis import MOVE, BoardActions, analyse, hand_kinds, lay_bonus
from core.arkantis.bots.common import check_options
from core.arkantis.bots.determinize import determinize
from core.arkantis.bots.greedy_bot import (
    GreedyBot,
    best_actions,
    buy_to_lay,
    values_of,
)
from core.arkantis.commands import AnyCommand, Pass
from core.arkantis.decide import MOVE_PRICE, REMOVE_TWO_PRICE, decide
from core.arkantis.evolve import evolve
from core.arkantis.limits import bot_refusal
from core.arkantis.state import State
from core.arkantis.view import PlayerView, view_for
from core.kernel.errors import IllegalMove
from core.kernel.i18n import N_
from core.kernel.review_search import ReviewSearch
from core.services.search import (
    REVIEW_REFUSED,
    DeterminizedSearch,
    SearchGame,
)

MAX_CANDIDATES = 5
"""Actions searched for their own value: each costs the judgement of the board it leaves,
and the fewer they are, the more worlds each is tried in (8 searched a little worse)."""
MAX_DENIALS = 2
"""Actions searched for the stain they take from the next player (see ``candidate_actions``)."""
PASS_WHEN_BELOW = 2
"""Passing is searched when the best action is worth less than this."""
REWARD_SCALE = 15.0
TIME_BUDGET = 1.0
"""Seconds a decision searches when neither a time nor an iteration budget is given."""
THREAT_WEIGHT = 0.5
"""With three or four players, the share of a later player's best action on the board
the seat leaves that is counted against it (the next player's reply is played out;
those after him might find the board changed)."""


def candidate_actions(view: PlayerView) -> list[AnyCommand]:
    """The seat's choices worth searching; after its action, the greedy bot's purchase
    or end of turn alone (so no search).

    Besides the actions worth most to its own hand, the stains worth most to
    any hand: making such a stain without the card still takes it from the
    next player, whose reply the search then plays.
    """
    state, seat = view.state, view.seat
    board = analyse(state)
    values = values_of(state)
    hand = hand_kinds(state.hands[seat])
    if state.phase == "after":
        return [GreedyBot().after_action(view, board, hand, values)]
    pions = state.pions[seat]
    allowed = (
        True,
        pions >= REMOVE_TWO_PRICE,
        pions >= MOVE_PRICE and state.options.moves_allowed(state.moves_used[seat]),
    )
    scored = [
        (action.net + lay_bonus(action.stains, hand, values), -action.sort, index, action)
        for index, action in enumerate(board.staining)
        if allowed[action.sort]
    ]
    plain = [action for action in board.plain if allowed[action.sort]][:MAX_CANDIDATES]
    scored += [
        (action.net, -action.sort, -index, action)
        for index, action in enumerate(plain)  # best first already
    ]
    scored.sort(key=lambda item: item[:3], reverse=True)
    picked = [item[3] for item in scored[:MAX_CANDIDATES]]
    denials = sorted(
        (
            (max(values[kind] for kind in action.stains), action.net, -action.sort, index, action)
            for index, action in enumerate(board.staining)
            if allowed[action.sort] and action.sort != MOVE and action not in picked
        ),
        key=lambda item: item[:4],
        reverse=True,
    )
    picked += [item[4] for item in denials[:MAX_DENIALS]]
    chosen: list[AnyCommand] = [action.command(seat) for action in picked]
    best = scored[0][0] if scored else 0
    buy = buy_to_lay(view, board, hand, values, best)
    if buy is not None:
        chosen.append(buy[1])
    if best < PASS_WHEN_BELOW or not chosen:
        chosen.append(Pass(seat))
    return chosen


def play(state: State, command: AnyCommand) -> State:
    for event in decide(state, command):
        state = evolve(state, event)
    return state


def later_players(state: State, seat: int) -> list[int]:
    """The players still in the game who act after the next one and before ``seat``."""
    count = state.player_count
    order = [(seat + step) % count for step in range(1, count)]
    return [player for player in order if not state.passed[player]][1:]


def threats(start: State, world: State, seat: int) -> dict[int, float]:
    """Per later player (``later_players``), the value of his best action, as the greedy
    bot judges it, on the board ``seat``'s action left (``start``), with his hand and
    pions in the sampled ``world``."""
    later = later_players(start, seat)
    if not later:
        return {}
    board = analyse(start)
    values = values_of(start)
    found: dict[int, float] = {}
    for player in later:
        moves_left = world.options.moves_allowed(world.moves_used[player])
        hand = hand_kinds(world.hands[player])
        best, _ = best_actions(board, hand, values, world.pions[player], moves_left)
        found[player] = max(0, best)
    return found


def lead(
    world: State,
    seat: int,
    board: BoardActions,
    chooser: int,
    threat: dict[int, float] | None = None,
) -> float:
    """The seat's lead over the best opponent in the final scores ``judgement.value``
    foretells (cards judged on ``board``, where ``chooser`` chose the last action),
    and what the board left offers the players still to act (``threat``)."""
    values = [
        judgement.value(world, player, board, chooser) for player in range(world.player_count)
    ]
    return _lead_of(values, world, seat, threat)


def _lead_of(
    values: list[float], world: State, seat: int, threat: dict[int, float] | None
) -> float:
    """The seat's value less the best opponent's, each player still to act also
    counted ``THREAT_WEIGHT`` of what the board left offers him (``threat``)."""
    for player, gain in (threat or {}).items():
        if not world.passed[player]:
            values[player] += THREAT_WEIGHT * gain
    best_other = max(v for p, v in enumerate(values) if p != seat)
    return values[seat] - best_other


def plain_lead(
    world: State, seat: int, root: BoardActions, threat: dict[int, float] | None = None
) -> float:
    """``lead`` by the review's measure (``judgement.plain_value``, cards judged on
    ``root``, the board the search began on)."""
    values = [judgement.plain_value(world, player, root) for player in range(world.player_count)]
    return _lead_of(values, world, seat, threat)


def reward(world: State, seat: int) -> float:
    """The seat's lead (``lead``) judged on the world's own board, squashed into (-1, 1):
    the search's reward where no playout tracked the board of the last action."""
    return math.tanh(lead(world, seat, analyse(world), -1) / REWARD_SCALE)


def horizon_reached(start: State, world: State, seat: int) -> bool:
    """A playout stops once the turn is back to the seat: every other player still in
    the game has made his action, so a stain left on the board counts against the
    action that left it, whoever takes it. With two players, once the other has made
    his action (his purchases are the greedy bot's, and follow the reward's guess)."""
    if world.current == seat:
        return world.turn != start.turn and world.phase == "action"
    return world.phase == "after"


def search_game(
    rollout_policy: GreedyBot,
    judge: Callable[[State, int], float] = reward,
) -> SearchGame[State, PlayerView, AnyCommand]:
    """ArkantiS as the search sees it."""
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
        reward=judge,
    )


class ExpertBot(DeterminizedSearch[State, PlayerView, AnyCommand]):
    name = "expert"

    def __init__(
        self, time_budget: float | None = TIME_BUDGET, iterations: int | None = None
    ) -> None:
        # Iterations alone decide when given: the same view and generator give the
        # same command on any machine, however long the search takes. Otherwise the
        # whole time budget is searched (no cap on the iterations: a faster engine
        # buys more of them).
        budget = None if iterations is not None else (time_budget or TIME_BUDGET)
        self.rollout_policy = GreedyBot()
        super().__init__(search_game(self.rollout_policy), budget, iterations)

    squashed = True
    """Whether playouts are scored by the reward (in (-1, 1), for the search) or by the
    lead itself (in points, for the review of a game)."""
    root: BoardActions | None = None
    """The board the review's search began on: when set, playouts are judged by the
    review's plainer measure (``plain_lead``) instead of the fitted one."""

    def _playout(self, world: State, action: AnyCommand, seat: int, rng: random.Random) -> float:
        """The kernel's playout (the action, then the greedy bot to the horizon), its
        reward also weighing what the board the action leaves offers the later players.

        The cards are judged on the board the last action was chosen on (every bot
        analysed it already), its chooser offered nothing more by it."""
        reference, chooser = world, seat
        try:
            world = play(world, action)
        except IllegalMove:
            return self.refused
        start = world
        decide_for = self.rollout_policy.decide
        while not world.is_over and not horizon_reached(start, world, seat):
            actor = world.to_act
            assert actor is not None
            if world.phase == "action":
                reference, chooser = world, actor
            world = play(world, decide_for(view_for(world, actor), rng))
        threat = threats(start, world, seat) if world.player_count > 2 else None
        if self.root is not None:
            value = plain_lead(world, seat, self.root, threat)
        else:
            value = lead(world, seat, analyse(reference), chooser, threat)
        return math.tanh(value / REWARD_SCALE) if self.squashed else value

    def decide(self, view: PlayerView, rng: random.Random) -> AnyCommand:
        check_options(view.state.options)
        return super().decide(view, rng)


REVIEW_THRESHOLDS = (2.0, 4.0, 8.0)
"""Points of lead lost that make an inaccuracy, a mistake, a blunder (``atlantis review``)."""
REVIEW_PLAYOUT_RATE = 5600.0
"""The playouts a second of a review's budget buys, times the number of players (a
playout goes round the table, so it lasts about as long as there are seats): measured
on a two-core machine of 2026, rounded down."""


def review_search(view: PlayerView) -> ReviewSearch[State, PlayerView, AnyCommand] | None:
    """The expert's search as the review of a played game weighs a choice with
    (``GameType.play.review_search``): its candidates and playouts, scored by ``plain_lead``
    (the plainer measure, whose losses are points by the rules)."""
    if bot_refusal(view.state.options) is not None:
        return None
    bot = ExpertBot(iterations=1)
    bot.root = analyse(view.state)
    bot.squashed = False
    bot.refused = REVIEW_REFUSED
    meaning = N_("points ahead of the best opponent")
    return ReviewSearch(
        bot, meaning, REVIEW_THRESHOLDS, REVIEW_PLAYOUT_RATE / view.state.player_count
    )
