"""What a game gives the review and the hints: ``ReviewSearch``, the descriptor's type.

The review of a played game and the hints (``core.services.review``,
``core.services.hints``) weigh a seat's choices with the game's expert search. The
descriptor (``GameType.play.review_search``) names what a game gives them; the search
itself (``core.services.search.DeterminizedSearch``) is a service built on the
kernel, so the kernel states only what the review asks of it, as protocols any
search of that shape meets.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

S = TypeVar("S")
V = TypeVar("V")
C = TypeVar("C")
# A protocol's type variables carry the variance of their uses (mypy checks it).
S_co = TypeVar("S_co", covariant=True)
V_contra = TypeVar("V_contra", contravariant=True)
C_co = TypeVar("C_co", covariant=True)


class SearchPieces(Protocol[S_co, V_contra, C_co]):
    """The game's pieces a review reads from the search: whose view it is, the
    candidates worth weighing, and one full state the view cannot tell from the truth."""

    @property
    def seat(self) -> Callable[[V_contra], int]: ...

    @property
    def candidates(self) -> Callable[[V_contra], Sequence[C_co]]: ...

    @property
    def determinize(self) -> Callable[[V_contra, random.Random], S_co]: ...


class WeighingSearch(Protocol[S_co, V_contra, C]):
    """A search that weighs commands from a view: the mean lead each is worth."""

    @property
    def game(self) -> SearchPieces[S_co, V_contra, C]: ...

    def evaluate(
        self, view: V_contra, commands: Sequence[C], rng: random.Random, iterations: int
    ) -> list[float]: ...


@dataclass(frozen=True)
class ReviewSearch(Generic[S, V, C]):
    """What a game gives the review of a played game (``GameType.play.review_search``).

    ``search`` is the expert bot's search, ready for the view it was made for: its
    ``candidates`` are the alternatives weighed against the move played, its
    ``evaluate`` their values. Its reward must be the lead itself, not squashed
    into [-1, 1]: what ``value_meaning`` names (points ahead of the best opponent),
    so that the mean of many playouts is the expected lead and a loss reads on the
    player's own scale however far ahead or behind he is. A loss of at least
    ``thresholds[0]``, ``[1]``, ``[2]`` is an inaccuracy, a mistake, a blunder.
    ``playouts_per_second`` turns a review's budget in seconds into a number of
    playouts (about what a machine of today runs in that time), so that a budget
    gives the same review on any machine.
    """

    search: WeighingSearch[S, V, C]
    value_meaning: str
    thresholds: tuple[float, float, float]
    playouts_per_second: float
