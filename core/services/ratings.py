"""Game ratings: each person (by name) and each bot kind gets a rating per game, from
the finished games of a save folder (``stats.folder_stats`` gathers them).

The ratings are OpenSkill's Plackett–Luce model (the ``openskill`` library): a
free-for-all of any number of seats, ranked, with ties sharing a rank, which is what
a game of 2 to 5 players ends as (``Result.ranks``). Each rating is a mean skill
``mu`` and its uncertainty ``sigma``; the number shown is the conservative estimate
``mu - 3 sigma`` (the library's ordinal), scaled so that a newcomer shows
``START`` and each point of skill is ``STEP``: it rises as games make the rating
surer, and a player who keeps winning climbs above one who keeps losing.

- Games are rated in the order they were started (the header's time, UTC), then by
  their content, never by their file's name: the same saves rate alike under any
  names, and a rating is reproducible.
- A bot seat is rated under its kind (``bot:expert`` → ``expert``), a person under the
  name: the two never mix, even with the same name.
- Several seats of one bot kind in a game (two greedy bots) are each rated from the
  kind's rating before the game; the kind's skill then moves by the sum of their
  moves, and its uncertainty becomes their mean.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from openskill.models import PlackettLuce

PERSON: Literal["person"] = "person"
BOT: Literal["bot"] = "bot"

START = 1000
"""What a newcomer's rating shows."""
STEP = 40
"""Rating points per point of OpenSkill skill (a newcomer's sigma is 25/3)."""


@dataclass(frozen=True, order=True)
class Entrant:
    """Who a seat is rated as: a person by name, or a bot by kind."""

    kind: Literal["person", "bot"]
    name: str


@dataclass(frozen=True)
class PlayedGame:
    """A finished game as the ratings read it."""

    game: str
    """The game's id (``atlantis``): each game has its own ratings."""
    created: str
    """When it was started (the header's ISO time)."""
    entrants: tuple[Entrant, ...]
    """Seat by seat."""
    ranks: tuple[int, ...]
    """Seat by seat, 1 first; tied seats share a rank."""

    def order(self) -> tuple[float, str, tuple[Entrant, ...], tuple[int, ...]]:
        """Its place in the order games are rated: by start time, then by content."""
        try:
            moment = _dt.datetime.fromisoformat(self.created)
            if moment.tzinfo is None:
                moment = moment.replace(tzinfo=_dt.UTC)
            when = moment.timestamp()
        except (ValueError, OverflowError):
            when = float("inf")  # an unreadable time: after every readable one
        return (when, self.created, self.entrants, self.ranks)


@dataclass(frozen=True)
class GameRating:
    """One entrant's rating in one game."""

    mu: float
    sigma: float
    games: int
    """Seats rated: games played (a bot kind's two seats in one game count two)."""

    @property
    def value(self) -> int:
        """The number shown: ``START`` plus ``STEP`` per point of ``mu - 3 sigma``."""
        return round(START + STEP * (self.mu - 3 * self.sigma))


RatingKey = tuple[str, Entrant]
"""(game id, entrant)."""


def rate_games(played: Iterable[PlayedGame]) -> dict[RatingKey, GameRating]:
    """Every entrant's rating in every game, after ``played`` (in any order given:
    they are rated in ``PlayedGame.order``). A game of fewer than two seats, or whose
    ranks do not match its seats, rates nothing."""
    model = PlackettLuce()
    ratings: dict[RatingKey, GameRating] = {}
    for game in sorted(played, key=PlayedGame.order):
        if len(game.entrants) < 2 or len(game.ranks) != len(game.entrants):
            continue
        keys = [(game.game, entrant) for entrant in game.entrants]
        before = {key: ratings.get(key) for key in keys}
        teams = [
            [model.rating()] if (old := before[key]) is None else [model.rating(old.mu, old.sigma)]
            for key in keys
        ]
        after = model.rate(teams, ranks=[float(rank) for rank in game.ranks])
        moves: dict[RatingKey, list[tuple[float, float]]] = {}
        for key, old_team, new_team in zip(keys, teams, after, strict=True):
            moves.setdefault(key, []).append((new_team[0].mu - old_team[0].mu, new_team[0].sigma))
        for key, seats in moves.items():
            old = before[key]
            mu = (model.mu if old is None else old.mu) + sum(move for move, _ in seats)
            sigma = sum(sigma for _, sigma in seats) / len(seats)
            ratings[key] = GameRating(mu, sigma, (0 if old is None else old.games) + len(seats))
    return ratings


def rating_json(rating: GameRating | None) -> dict[str, object] | None:
    """A rating as ``atlantis stats --json`` gives it; ``None`` (null): not rated."""
    if rating is None:
        return None
    return {
        "value": rating.value,
        "mu": round(rating.mu, 3),
        "sigma": round(rating.sigma, 3),
        "games": rating.games,
    }
