"""The pairwise least-squares fit of a judgement's weights (``core.services.score_fit``)."""

from __future__ import annotations

import random

import pytest

from core.services.score_fit import ScoreDifferenceFit, solve, winners_foretold


def test_solve_gives_the_solution_of_a_small_system() -> None:
    assert solve([[0.0, 2.0], [1.0, 1.0]], [4.0, 3.0]) == pytest.approx([1.0, 2.0])


def test_known_weights_are_found_from_score_differences() -> None:
    """Final scores made by weights (2, -1, 0.5): the fit finds them from the pairs'
    differences, a player out of the game counting his fixed value; a term no
    position uses gets 0."""
    weights = (2.0, -1.0, 0.5, 0.0)
    rng = random.Random(3)
    fitting = ScoreDifferenceFit()
    for _ in range(60):
        terms = [[rng.uniform(0, 5) for _ in range(3)] + [0.0] for _ in range(3)]
        finals = [sum(w * t for w, t in zip(weights, row, strict=True)) for row in terms]
        out = rng.randrange(3)
        rows = [((), finals[seat]) if seat == out else (terms[seat], 0.0) for seat in range(3)]
        fitting.add(rows, finals)
    assert fitting.weights() == pytest.approx(weights, abs=1e-3)


def test_a_position_of_fixed_values_only_adds_nothing() -> None:
    fitting = ScoreDifferenceFit()
    fitting.add([((), 3.0), ((), 5.0)], [3.0, 5.0])
    assert fitting.weights() == []


def test_winners_foretold_counts_where_each_measure_names_a_winner() -> None:
    """Two positions, two measures: the first names a winner in both, the second in one
    (a tie of values goes to the lowest seat, a tie of scores makes both winners)."""
    positions = [
        ([10.0, 7.0, 10.0], ([1.0, 0.0, 0.5], [0.0, 0.0, 3.0])),
        ([4.0, 9.0], ([2.0, 2.0], [0.0, 1.0])),
    ]
    assert winners_foretold(positions) == [0.5, 1.0]
    assert winners_foretold([]) == []
