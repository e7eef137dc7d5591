"""Fitting the expert's judgement (``judgement.WEIGHTS``) to games between greedy bots.

``python -m tools.fit_judgement --game atlantica --players N`` plays seeded games
between greedy bots, takes every turn's opening position, and for each pair
of players fits, by least squares, weights such that the difference of their
``judgement.value`` foretells the difference of their final scores (a
player with no turn left counts his score as it is). It prints the weights
as an entry of ``WEIGHTS``, then, on other games, how often the player with
the best value at a position won in the end, by these weights and by
``valuation.worth`` (the greedy bot's measure).

The greedy bot plays every seat of the expert's playouts, so the weights
foretell what a position is worth under the play the search looks ahead
with. Pure Python, so that it runs where the program does.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from core.atlantica.bots.greedy_bot import GreedyBot
from core.atlantica.bots.judgement import facts, has_turn_left, terms, value
from core.atlantica.bots.valuation import holdings_of, hope, ladders_for, worth
from core.atlantica.decide import decide_trusted
from core.atlantica.evolve import evolve, fold
from core.atlantica.setup import new_game
from core.atlantica.state import State
from core.atlantica.view import view_for
from core.kernel.chance import bot_random, secret_from_seed
from core.services.score_fit import ScoreDifferenceFit, winners_foretold

LINE = 7
"""Weights printed a line (two lines a phase of ``judgement.terms``)."""


def positions(players: int, games: int, seed: int) -> Iterator[tuple[State, tuple[int, ...]]]:
    """Each turn's opening position of ``games`` greedy games, with the game's final scores."""
    for number in range(games):
        secret = secret_from_seed(seed + number)
        names = tuple(f"p{seat + 1}" for seat in range(players))
        state = fold(new_game(names, secret=secret))
        rngs = [bot_random(secret, seat) for seat in range(players)]
        bot = GreedyBot()
        opening: list[State] = []
        last_turn = 0
        while not state.is_over:
            if state.phase == "turn" and state.turn != last_turn:
                last_turn = state.turn
                opening.append(state)
            seat = state.to_act
            assert seat is not None
            for event in decide_trusted(state, bot.decide(view_for(state, seat), rngs[seat])):
                state = evolve(state, event)
        finals = tuple(score.total for score in state.scores)
        for position in opening:
            yield position, finals


def fit(players: int, games: int, seed: int) -> list[float]:
    """The weights whose value differences best foretell final score differences."""
    fitting = ScoreDifferenceFit()
    for state, finals in positions(players, games, seed):
        fitting.add(
            [
                (terms(state, seat), 0.0)
                if has_turn_left(state, seat)
                else ((), facts(state, seat)[0])
                for seat in range(players)
            ],
            finals,
        )
    return fitting.weights()


def winner_foretold(
    players: int, games: int, seed: int, weights: Sequence[float]
) -> tuple[float, float]:
    """How often the best value at a turn's opening was a winner: (these weights, worth)."""

    def measures(state: State) -> tuple[list[float], list[float]]:
        ladders = ladders_for(state.data)
        return (
            [value(state, seat, weights) for seat in range(players)],
            [
                worth(ladders, holdings_of(state, seat), hope(state, seat))[1]
                for seat in range(players)
            ],
        )

    ours, former = winners_foretold(
        (finals, measures(state)) for state, finals in positions(players, games, seed)
    )
    return ours, former
