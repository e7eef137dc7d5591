"""Fitting the expert's judgement (``judgement.WEIGHTS``) to games between greedy bots.

``python -m tools.fit_judgement --game arkantis --players N`` plays seeded games
between greedy bots, takes every position where a player is to give a
command, and for each pair of players fits, by least squares, weights such
that the difference of their ``judgement.value`` foretells the difference of
their final scores (a player who has passed counts his score as it is). The
cards are judged on the board the last action was chosen on, as in the
expert's playouts (``judgement`` says why). It prints the weights as an entry
of ``WEIGHTS``, then, on other games, how often the player with the best
value at a position won in the end, by these weights and by the expert's
former measure (``judgement.plain_value``, which the review of a game uses).

The greedy bot plays every seat of the expert's playouts, so the weights
foretell what a position is worth under the play the search looks ahead
with. Pure Python, so that it runs where the program does.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from core.arkantis.bots.analysis import BoardActions, analyse
from core.arkantis.bots.greedy_bot import GreedyBot
from core.arkantis.bots.judgement import TERMS, plain_value, still_playing, terms, value
from core.arkantis.decide import decide
from core.arkantis.evolve import evolve, fold
from core.arkantis.setup import new_game
from core.arkantis.state import State
from core.arkantis.view import view_for
from core.kernel.chance import bot_random, secret_from_seed
from core.services.score_fit import ScoreDifferenceFit, winners_foretold

LINE = TERMS
"""Weights printed a line (one line per half of ``judgement.terms``' facts)."""


def positions(
    players: int, games: int, seed: int
) -> Iterator[tuple[State, BoardActions, int, tuple[int, ...]]]:
    """Every position of ``games`` greedy games where a command is to be given, with
    the board the last action was chosen on, the player who chose it (-1 before the
    first) and the game's final scores."""
    for number in range(games):
        secret = secret_from_seed(seed + number)
        names = tuple(f"p{seat + 1}" for seat in range(players))
        state = fold(new_game(names, secret=secret))
        rngs = [bot_random(secret, seat) for seat in range(players)]
        bot = GreedyBot()
        found: list[tuple[State, BoardActions, int]] = []
        reference = analyse(state)
        actor = -1
        while not state.is_over:
            found.append((state, reference, actor))
            seat = state.to_act
            assert seat is not None
            if state.phase == "action":
                reference, actor = analyse(state), seat
            for event in decide(state, bot.decide(view_for(state, seat), rngs[seat])):
                state = evolve(state, event)
        finals = tuple(score.total for score in state.scores)
        for position, board, actor in found:
            yield position, board, actor, finals


def fit(players: int, games: int, seed: int) -> list[float]:
    """The weights whose value differences best foretell final score differences."""
    fitting = ScoreDifferenceFit()
    for state, board, actor, finals in positions(players, games, seed):
        fitting.add(
            [
                (terms(state, seat, board, actor), 0.0)
                if still_playing(state, seat)
                else ((), value(state, seat, board, actor))
                for seat in range(players)
            ],
            finals,
        )
    return fitting.weights()


def winner_foretold(
    players: int, games: int, seed: int, weights: Sequence[float]
) -> tuple[float, float]:
    """How often the best value at a position was a winner: (these weights, the
    expert's former measure, ``plain_value``)."""
    ours, former = winners_foretold(
        (
            finals,
            (
                [value(state, seat, board, actor, weights) for seat in range(players)],
                [plain_value(state, seat, board) for seat in range(players)],
            ),
        )
        for state, board, actor, finals in positions(players, games, seed)
    )
    return ours, former
