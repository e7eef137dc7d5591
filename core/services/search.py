"""Determinized Monte Carlo search: a bot for any game, deciding from one seat's view.

A view hides what its seat may not see (other hands, the order of a pile).
Each iteration of the search samples one full state the view cannot tell
apart from the real one (the game's ``determinize``), picks one of the
seat's candidate commands by UCB1, plays it, lets every seat go on with the
game's rollout policy until the game's horizon (or the end), and scores the
outcome with the game's reward. The command with the best mean reward is
chosen. Sampling many worlds means the search never relies on what it cannot
see: the same view and the same generator give the same command, whatever
the hidden truth.

A time budget bounds a decision; an iteration budget makes it reproducible
on any machine. The game's own knowledge (which commands are worth trying,
how to play on quickly, what a position is worth) comes in a ``SearchGame``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Generic, TypeVar

from core.kernel.errors import IllegalMove

S = TypeVar("S")
V = TypeVar("V")
C = TypeVar("C")

EXPLORATION = 0.7
"""UCB1's exploration constant, for rewards in [-1, 1]."""
REFUSED = -1.0
"""The reward of a candidate the sampled world refuses: it can never be the best choice."""
ITERATION_CAP = 1_000_000
"""The iterations of a search with a time budget only (a bound, never reached in practice)."""


@dataclass(frozen=True)
class SearchGame(Generic[S, V, C]):
    """What one game gives the search: pure functions of its own types.

    ``S`` is the game's full state, ``V`` a seat's view of it, ``C`` its commands.
    """

    seat: Callable[[V], int]
    """Whose view it is: the seat that searches."""
    candidates: Callable[[V], Sequence[C]]
    """The seat's own commands worth searching (all legal in the view's state);
    a single one is played without a search."""
    determinize: Callable[[V, random.Random], S]
    """One full state consistent with the view, hidden information sampled at random."""
    play: Callable[[S, C], S]
    """The state after a command the game's move generator built (raises
    ``IllegalMove`` if the sampled world refuses it)."""
    is_over: Callable[[S], bool]
    to_act: Callable[[S], int | None]
    view_for: Callable[[S, int], V]
    rollout: Callable[[V, random.Random], C]
    """The quick policy every seat plays after the searched command (a simple bot's ``decide``)."""
    horizon_reached: Callable[[S, S, int], bool]
    """``horizon_reached(start, state, seat)``: whether a playout that began at
    ``start`` (just after the searched command) stops at ``state`` to be scored."""
    reward: Callable[[S, int], float]
    """How good ``state`` is for ``seat``, in [-1, 1] (best)."""


class DeterminizedSearch(Generic[S, V, C]):
    """A bot that searches: UCB1 over its candidates, each tried in a sampled world.

    ``searched_iterations`` and ``searched_seconds`` add up every search it
    ran (``atlantis simulate --timing`` reports their ratio).
    """

    name = "search"
    refused = REFUSED
    """What a playout of a candidate the sampled world refuses is worth."""
    common_worlds = False
    """Whether ``decide`` plays every candidate in each sampled world (the rounds of
    ``evaluate``) instead of choosing one a world by UCB1: at a few dozen playouts a
    decision, candidates compared in the same worlds and the same later luck are told
    apart with less noise, and a shared world is sampled once."""

    def __init__(
        self,
        game: SearchGame[S, V, C],
        time_budget: float | None = 1.0,
        iterations: int | None = None,
        exploration: float = EXPLORATION,
    ) -> None:
        self.game = game
        self.time_budget = time_budget
        self.iterations = iterations
        self.exploration = exploration
        self.searched_iterations = 0
        self.searched_seconds = 0.0

    def decide(self, view: V, rng: random.Random) -> C:
        """The candidate with the best mean reward; ``rng`` alone makes it reproducible."""
        game = self.game
        seat = game.seat(view)
        actions = game.candidates(view)
        if len(actions) == 1:
            return actions[0]
        started = time.perf_counter()
        deadline = started + self.time_budget if self.time_budget else math.inf
        if self.common_worlds:
            # An iteration budget buys as many whole rounds as it holds (one at least).
            rounds = ITERATION_CAP
            if self.iterations is not None:
                rounds = max(1, self.iterations // len(actions))
            totals = self._rounds(view, actions, rng, rounds, deadline)[0]
            # Ties go to the first candidate: the game lists its best guess first.
            return actions[max(range(len(actions)), key=totals.__getitem__)]
        totals = [0.0] * len(actions)
        visits = [0] * len(actions)
        limit = self.iterations if self.iterations is not None else ITERATION_CAP
        determinize, playout, select = game.determinize, self._playout, self._select
        iteration = 0
        now = started
        while iteration < limit:
            # Stop when one more iteration of average length would overrun the budget.
            if iteration and now + (now - started) / iteration > deadline:
                break
            index = select(totals, visits, iteration)
            world = determinize(view, rng)
            totals[index] += playout(world, actions[index], seat, rng)
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

    def evaluate(
        self, view: V, commands: Sequence[C], rng: random.Random, iterations: int
    ) -> list[float]:
        """The mean reward of each of ``commands`` from ``view``, ``iterations`` playouts
        shared among them (each at least one).

        The playouts go in rounds: one world sampled from the view, then every command
        played in it with a generator seeded alike (common random numbers), so that
        two commands are compared in the same worlds and the same later luck, and
        their difference is measured with far less noise than their values. ``rng``
        alone makes it reproducible; the review of a game
        (``core.services.review``) weighs the move played against the best so.
        """
        if not commands:
            return []
        rounds = max(1, iterations // len(commands))
        totals, done = self._rounds(view, commands, rng, rounds, math.inf)
        return [total / done for total in totals]

    def _rounds(
        self, view: V, commands: Sequence[C], rng: random.Random, rounds: int, deadline: float
    ) -> tuple[list[float], int]:
        """Up to ``rounds`` rounds, each one world sampled and every command played in
        it with a generator seeded alike, stopping before a round of average length
        would overrun ``deadline``: the reward totals and the rounds played."""
        seat = self.game.seat(view)
        totals = [0.0] * len(commands)
        started = now = time.perf_counter()
        done = 0
        while done < rounds:
            if done and now + (now - started) / done > deadline:
                break
            world = self.game.determinize(view, rng)
            later_luck = rng.getrandbits(64)
            for index, command in enumerate(commands):
                totals[index] += self._playout(world, command, seat, random.Random(later_luck))
                now = time.perf_counter()
            done += 1
        self.searched_iterations += done * len(commands)
        self.searched_seconds += now - started
        return totals, done

    def _select(self, totals: list[float], visits: list[int], iteration: int) -> int:
        """UCB1: every candidate once, then the best mean plus an exploration bonus."""
        for index, count in enumerate(visits):
            if count == 0:
                return index
        log_total = math.log(iteration)
        exploration = self.exploration
        return max(
            range(len(totals)),
            key=lambda i: totals[i] / visits[i] + exploration * math.sqrt(log_total / visits[i]),
        )

    def _playout(self, world: S, action: C, seat: int, rng: random.Random) -> float:
        """Play ``action`` in ``world``, then the rollout policy to the horizon; the reward."""
        game = self.game
        try:
            world = game.play(world, action)
        except IllegalMove:
            return self.refused
        start = world
        is_over, to_act, view_for = game.is_over, game.to_act, game.view_for
        rollout, play, horizon_reached = game.rollout, game.play, game.horizon_reached
        while not is_over(world) and not horizon_reached(start, world, seat):
            actor = to_act(world)
            assert actor is not None
            world = play(world, rollout(view_for(world, actor), rng))
        return game.reward(world, seat)


REVIEW_REFUSED = -100.0
"""The lead a review counts for a candidate a sampled world refuses: far worse than
any real move, so that it is never the best, yet a number a review file can hold."""


def judging_leads(
    search: DeterminizedSearch[S, V, C], lead: Callable[[S, int], float]
) -> DeterminizedSearch[S, V, C]:
    """``search`` scoring its playouts with ``lead`` (unsquashed) instead of its reward,
    and a refused candidate with ``REVIEW_REFUSED``: the search a review weighs with."""
    search.game = replace(search.game, reward=lead)
    search.refused = REVIEW_REFUSED
    return search
