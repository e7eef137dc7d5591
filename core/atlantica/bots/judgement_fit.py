"""Fitting the expert's judgement (``judgement.WEIGHTS``) to games between greedy bots.

``python -m tools.fit_atlantica_judgement --players N`` plays seeded games
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

LINE = 7
"""Weights printed a line (two lines a phase of ``judgement.terms``)."""
RIDGE = 1e-3
"""Added to the diagonal, so that a term no position uses gets a weight of 0."""


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


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """The solution of ``matrix · x = vector`` (Gaussian elimination with pivoting)."""
    size = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(size)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda row: abs(rows[row][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        lead = rows[column][column]
        for row in range(column + 1, size):
            factor = rows[row][column] / lead
            if factor:
                target, source = rows[row], rows[column]
                for index in range(column, size + 1):
                    target[index] -= factor * source[index]
    solution = [0.0] * size
    for row in reversed(range(size)):
        known = sum(rows[row][index] * solution[index] for index in range(row + 1, size))
        solution[row] = (rows[row][size] - known) / rows[row][row]
    return solution


def fit(players: int, games: int, seed: int) -> list[float]:
    """The weights whose value differences best foretell final score differences."""
    size = 0
    matrix: list[list[float]] = []
    vector: list[float] = []
    for state, finals in positions(players, games, seed):
        rows = []
        for seat in range(players):
            if has_turn_left(state, seat):
                rows.append((terms(state, seat), 0.0))
            else:
                rows.append(([], facts(state, seat)[0]))
        if not size:
            size = len(terms(state, 0))
            matrix = [[0.0] * size for _ in range(size)]
            vector = [0.0] * size
        for first in range(players):
            for second in range(first + 1, players):
                (one, fixed_one), (two, fixed_two) = rows[first], rows[second]
                if not one and not two:
                    continue
                row = [a - b for a, b in zip(one or [0.0] * size, two or [0.0] * size, strict=True)]
                target = finals[first] - finals[second] - fixed_one + fixed_two
                used = [(index, term) for index, term in enumerate(row) if term]
                for index, term in used:
                    vector[index] += term * target
                    line = matrix[index]
                    for other, term_two in used:
                        line[other] += term * term_two
    for index in range(size):
        matrix[index][index] += RIDGE
    return solve(matrix, vector)


def winner_foretold(
    players: int, games: int, seed: int, weights: Sequence[float]
) -> tuple[float, float]:
    """How often the best value at a turn's opening was a winner: (these weights, worth)."""
    right = [0, 0]
    count = 0
    for state, finals in positions(players, games, seed):
        best = max(finals)
        ladders = ladders_for(state.data)
        by_weights = [value(state, seat, weights) for seat in range(players)]
        by_worth = [
            worth(ladders, holdings_of(state, seat), hope(state, seat))[1]
            for seat in range(players)
        ]
        for index, values in enumerate((by_weights, by_worth)):
            chosen = max(range(players), key=values.__getitem__)
            right[index] += finals[chosen] == best
        count += 1
    return right[0] / count, right[1] / count
