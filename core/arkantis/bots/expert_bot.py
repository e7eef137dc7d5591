"""The ``expert`` bot: the kernel's determinized search, with the greedy bot's judgement.

The search (``core.kernel.search``) samples worlds consistent with the view
(``determinize``: the other hands and the piles dealt from the unseen cards),
tries each candidate by UCB1 and keeps the best mean. ArkantiS gives it its
candidates, the actions the greedy judgement values most, a purchase that
lays at once, and passing when little is left; the greedy bot plays on until
the next player has made his action (the board a candidate leaves is judged
once for every sampled hand, so a playout costs little more than that), and
the reward is the seat's lead over the best opponent, cards in hand counted
at what they may still lay. It thus looks one action further than the greedy
bot: the stain a removal sets up for the next player counts against it.

A time budget bounds a decision (at most ``TIME_CAP`` seconds, whatever the
settings, so that a decision stays quick); an iteration budget makes it
reproducible on any machine. After its action the bot buys as the greedy
bot does, without a search.
"""

from __future__ import annotations

import math
import random
from operator import attrgetter

from core.arkantis.bots.analysis import analyse, hand_kinds, lay_bonus
from core.arkantis.bots.common import check_options
from core.arkantis.bots.determinize import determinize
from core.arkantis.bots.greedy_bot import GreedyBot, buy_to_lay, values_of
from core.arkantis.cards import kind_of
from core.arkantis.commands import AnyCommand, Pass
from core.arkantis.decide import MOVE_PRICE, REMOVE_TWO_PRICE, decide
from core.arkantis.evolve import evolve
from core.arkantis.scoring import score_now
from core.arkantis.state import State
from core.arkantis.view import PlayerView, view_for
from core.kernel.search import DeterminizedSearch, SearchGame

MAX_CANDIDATES = 6
"""Actions searched: each costs the judgement of the board it leaves (some 30 ms)."""
PASS_WHEN_BELOW = 2
"""Passing is searched when the best action is worth less than this."""
REWARD_SCALE = 15.0
TIME_CAP = 0.1
"""The longest a decision may search, in seconds."""
HAND_HOPE = 0.5
"""The chance a card in hand is thought to be laid some day, on a full board."""
FULL_BOARD = 42


def candidate_actions(view: PlayerView) -> list[AnyCommand]:
    """The seat's choices worth searching; after its action, the greedy bot's purchase
    or end of turn alone (so no search)."""
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
    chosen: list[AnyCommand] = [item[3].command(seat) for item in scored[:MAX_CANDIDATES]]
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


def position_value(world: State, seat: int) -> float:
    """The seat's score as if the game ended now (E2), its cards in hand counted at
    what they may still bring while it plays on and tokens remain."""
    score = float(score_now(world, seat).total)
    if world.is_over or world.passed[seat] or not world.hands[seat]:
        return score
    values = values_of(world)
    hope = HAND_HOPE * min(1.0, world.tokens.bit_count() / (FULL_BOARD / 2))
    return score + sum(hope * (values[kind_of(card)] + 1) for card in world.hands[seat])


def reward(world: State, seat: int) -> float:
    """The seat's lead over the best opponent, squashed into (-1, 1)."""
    values = [position_value(world, player) for player in range(world.player_count)]
    best_other = max(v for p, v in enumerate(values) if p != seat)
    return math.tanh((values[seat] - best_other) / REWARD_SCALE)


def horizon_reached(start: State, world: State, seat: int) -> bool:
    """A playout stops once another player has made his action (or the turn is back)."""
    if world.current == seat:
        return world.turn != start.turn and world.phase == "action"
    return world.phase == "after"


def search_game(rollout_policy: GreedyBot) -> SearchGame[State, PlayerView, AnyCommand]:
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
        reward=reward,
    )


class ExpertBot(DeterminizedSearch[State, PlayerView, AnyCommand]):
    name = "expert"

    def __init__(self, time_budget: float | None = TIME_CAP, iterations: int | None = None) -> None:
        budget = min(time_budget, TIME_CAP) if time_budget else None
        if budget is None and iterations is None:
            budget = TIME_CAP  # a search with neither budget would never stop
        self.rollout_policy = GreedyBot()
        super().__init__(search_game(self.rollout_policy), budget, iterations)

    def decide(self, view: PlayerView, rng: random.Random) -> AnyCommand:
        check_options(view.state.options)
        return super().decide(view, rng)
