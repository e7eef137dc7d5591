"""Which puzzle comes next: the order of a set, and the missed ones that come back.

The queue keeps no file of its own: it is read from the attempts the puzzle
ratings keep (``core.services.puzzle_ratings``, one line appended and flushed per
attempt), so that it survives a crash exactly as the ratings do. A puzzle whose
last attempt was solved is done; one whose last attempt was missed comes back
once ``COMEBACK`` other attempts were made after it (or when nothing else is
left); the puzzles never tried come in the order of their ratings, the one
nearest the player's first, as lichess offers puzzles of a player's strength.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from core.services.puzzle_ratings import PuzzleRatings

COMEBACK = 3
"""A missed puzzle comes back after this many other attempts."""


class Rated(Protocol):
    """What the queue reads of a puzzle: its id."""

    @property
    def id(self) -> str: ...


P = TypeVar("P", bound=Rated)


def next_puzzle(
    puzzles: Sequence[P], ratings: PuzzleRatings, game: str, skip: str | None = None
) -> P | None:
    """The puzzle of ``puzzles`` to offer now, or ``None`` when every one is done.

    ``skip``: the puzzle just played, not offered again at once while another is left."""
    attempts = ratings.attempts(game)
    known = {puzzle.id for puzzle in puzzles}
    last: dict[str, tuple[int, bool]] = {}
    for index, attempt in enumerate(attempts):
        if attempt.puzzle in known:
            last[attempt.puzzle] = (index, attempt.solved)
    count = len(attempts)
    missed = [p for p in puzzles if p.id in last and not last[p.id][1] and p.id != skip]
    due = [p for p in missed if count - last[p.id][0] > COMEBACK]
    if due:
        return min(due, key=lambda p: last[p.id][0])
    player = ratings.player_rating(game).rating
    fresh = [p for p in puzzles if p.id not in last and p.id != skip]
    if fresh:
        return min(
            fresh, key=lambda p: (abs(ratings.puzzle_rating(game, p.id).rating - player), p.id)
        )
    if missed:
        return min(missed, key=lambda p: last[p.id][0])
    if skip is not None and skip in last and not last[skip][1]:
        return next((p for p in puzzles if p.id == skip), None)
    return None


def solved_count(puzzles: Sequence[Rated], ratings: PuzzleRatings, game: str) -> int:
    """How many of ``puzzles`` were solved at their last attempt."""
    last: dict[str, bool] = {}
    for attempt in ratings.attempts(game):
        last[attempt.puzzle] = attempt.solved
    return sum(1 for puzzle in puzzles if last.get(puzzle.id, False))
