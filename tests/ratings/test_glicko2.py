"""``core.services.glicko2``: the step of Glickman's paper, checked on its worked example."""

from __future__ import annotations

import pytest

from core.services.glicko2 import Game, Rating, rate


def test_the_papers_worked_example() -> None:
    """A player rated 1500 (RD 200, σ 0.06) beats a 1400 (RD 30) and loses to a 1550
    (RD 100) and a 1700 (RD 300), τ = 0.5: the paper finds 1464.06, RD 151.52 and
    σ' 0.05999 (it rounds each step; the exact values differ in the last digit)."""
    player = Rating(1500, 200, 0.06)
    games = [
        Game(Rating(1400, 30), 1.0),
        Game(Rating(1550, 100), 0.0),
        Game(Rating(1700, 300), 0.0),
    ]
    after = rate(player, games, tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)
    # Unrounded, σ' is 0.0599960: reading the rating where ``f`` has the deviation
    # (an error some implementations carry) gives 0.0599934 instead.
    assert after.volatility == pytest.approx(0.0599960, abs=0.0000005)


def test_a_period_without_games_only_widens_the_deviation() -> None:
    """Step 6 alone: φ* = √(φ² + σ²)."""
    after = rate(Rating(1500, 200, 0.06), [], tau=0.5)
    assert after.rating == 1500 and after.volatility == 0.06
    assert after.deviation == pytest.approx(((200 / 173.7178) ** 2 + 0.06**2) ** 0.5 * 173.7178)


def test_a_surprise_raises_the_volatility() -> None:
    """A settled player who loses to a far weaker one: the volatility grows (the
    iteration's branch where Δ² exceeds φ² + v)."""
    player = Rating(2200, 50, 0.06)
    after = rate(player, [Game(Rating(1000, 50), 0.0)] * 5, tau=1.2)
    assert after.volatility > player.volatility
    assert after.rating < player.rating
