"""Fitting a bot's judgement of a position to the final scores of games.

A judgement values each player's position as a weighted sum of terms. The
weights are fitted by least squares so that, for each pair of players, the
difference of their values foretells the difference of their final scores.
A player whose value is already fixed (out of the game: his score as it is)
gives no terms, only that value. Pure Python: the fits run where the program
does, and the normal equations are as small as a judgement's terms.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

RIDGE = 1e-3
"""Added to the diagonal, so that a term no position uses gets a weight of 0."""

SeatRow = tuple[Sequence[float], float]
"""A seat's terms, or no terms and its fixed value."""


class ScoreDifferenceFit:
    """The normal equations of the pairwise fit, filled one position at a time."""

    def __init__(self, ridge: float = RIDGE) -> None:
        self.ridge = ridge
        self.matrix: list[list[float]] = []
        self.vector: list[float] = []

    def add(self, rows: Sequence[SeatRow], finals: Sequence[float]) -> None:
        """One position: ``rows[seat]`` for each seat, and the game's final scores."""
        size = next((len(terms) for terms, _fixed in rows if terms), 0)
        if not size:
            return
        if not self.vector:
            self.matrix = [[0.0] * size for _ in range(size)]
            self.vector = [0.0] * size
        zeros = [0.0] * size
        for first in range(len(rows)):
            for second in range(first + 1, len(rows)):
                (one, fixed_one), (two, fixed_two) = rows[first], rows[second]
                if not one and not two:
                    continue
                row = [a - b for a, b in zip(one or zeros, two or zeros, strict=True)]
                target = finals[first] - finals[second] - fixed_one + fixed_two
                used = [(index, term) for index, term in enumerate(row) if term]
                for index, term in used:
                    self.vector[index] += term * target
                    line = self.matrix[index]
                    for other, term_two in used:
                        line[other] += term * term_two

    def weights(self) -> list[float]:
        """The weights fitted to every position added (none: no weights)."""
        matrix = [line[:] for line in self.matrix]
        for index in range(len(matrix)):
            matrix[index][index] += self.ridge
        return solve(matrix, self.vector)


def winners_foretold(
    positions: Iterable[tuple[Sequence[float], Sequence[Sequence[float]]]],
) -> list[float]:
    """Per measure, the share of ``positions`` where the player it values best was a
    winner: each position is the game's final scores and, per measure, one value a
    seat (ties go to the lowest seat)."""
    right: list[int] = []
    count = 0
    for finals, measures in positions:
        if not right:
            right = [0] * len(measures)
        best = max(finals)
        for index, values in enumerate(measures):
            chosen = max(range(len(values)), key=values.__getitem__)
            right[index] += finals[chosen] == best
        count += 1
    return [hits / count for hits in right] if count else []


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
