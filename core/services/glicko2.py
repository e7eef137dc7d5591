"""One Glicko-2 rating step, as Glickman's paper gives it ("Example of the Glicko-2
system", 2022 revision), for the puzzle ratings (``puzzle_ratings``).

Written here because no Glicko-2 library on PyPI is fit to depend on: the most used
one (``glicko2`` 2.1.0, January 2024) is untyped, its last tests ran on a CI that no
longer exists, and its volatility function reads the rating where the paper has the
deviation; the others are alphas or have no users. The paper's worked example is the
test (``tests/ratings/test_glicko2.py``).

A rating is on the paper's display scale (1500, deviation 350 for a newcomer); the
step converts to the Glicko-2 scale (divided by ``SCALE``) and back.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178
"""The paper's constant between the display scale and the Glicko-2 scale (400 / ln 10)."""
CENTRE = 1500.0
"""The display rating that is 0 on the Glicko-2 scale."""
CONVERGENCE = 0.000001
"""The paper's ε: when the volatility's iteration stops."""


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the display scale: a rating, its deviation (the paper's RD)
    and its volatility (σ)."""

    rating: float = CENTRE
    deviation: float = 350.0
    volatility: float = 0.06


@dataclass(frozen=True)
class Game:
    """One game of a rating period, from the rated side: the opponent, and the score
    (1 a win, 0.5 a draw, 0 a loss)."""

    opponent: Rating
    score: float


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def rate(player: Rating, games: Sequence[Game], tau: float) -> Rating:
    """``player`` after a rating period in which ``games`` were played (steps 2 to 8 of
    the paper); with no game, only the deviation grows (step 6). ``tau`` constrains how
    fast the volatility may change (the paper suggests 0.3 to 1.2)."""
    mu = (player.rating - CENTRE) / SCALE
    phi = player.deviation / SCALE
    if not games:
        grown = math.sqrt(phi * phi + player.volatility**2)
        return Rating(player.rating, grown * SCALE, player.volatility)
    # Step 3 and 4: the estimated variance from the games alone, and the improvement.
    variance_sum = 0.0
    improvement_sum = 0.0
    for game in games:
        mu_j = (game.opponent.rating - CENTRE) / SCALE
        phi_j = game.opponent.deviation / SCALE
        expected = _expected(mu, mu_j, phi_j)
        g_j = _g(phi_j)
        variance_sum += g_j * g_j * expected * (1.0 - expected)
        improvement_sum += g_j * (game.score - expected)
    v = 1.0 / variance_sum
    delta = v * improvement_sum
    sigma = _volatility(phi, player.volatility, v, delta, tau)
    # Step 6 to 8: the deviation grown by the new volatility, then narrowed by the games.
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * improvement_sum
    return Rating(CENTRE + SCALE * mu_new, SCALE * phi_new, sigma)


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility, the root of the paper's ``f`` found by the
    Illinois algorithm (regula falsi that halves a stale end's value)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        spread = phi * phi + v + ex
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * spread * spread) - (x - a) / (
            tau * tau
        )

    low = a
    if delta * delta > phi * phi + v:
        high = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    while abs(high - low) > CONVERGENCE:
        middle = low + (low - high) * f_low / (f_high - f_low)
        f_middle = f(middle)
        if f_middle * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2.0
        high, f_high = middle, f_middle
    return math.exp(low / 2.0)
