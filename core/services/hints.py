"""Hints: the move the review of a game would call best, found from the seat's view.

A hint and the review (``core.services.review``) judge alike: the game's review
search (``GameType.play.review_search``, the expert bot's pieces scored by the lead
in points) weighs the same commands, the expert's candidates and, when there
are at most ``ALL_WEIGHED`` legal commands, every one of them (so a purchase, a
pass or ending the turn is advised whenever it is the best), in the same
sampled worlds with the same later luck (``DeterminizedSearch.evaluate``). The
hint is the command with the best expected lead; a review that judges the
move then finds it good, or within the noise of its own search.

Only the seat's view is read: the legal commands too are those of a world
sampled from it, which are the seat's own (what it may do never hangs on a
card it cannot see). A budget in seconds becomes a number of playouts
(``ReviewSearch.playouts_per_second``), and the generator comes from the seed
alone, so a hint is the same for a given view, budget and seed on any
machine. Each game words the command in stages (``core/<game>/hints.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from core.kernel.game_type import GameType
from core.kernel.i18n import _
from core.kernel.review_search import ReviewSearch
from core.services.review import weighed

S = TypeVar("S")
C = TypeVar("C")
V = TypeVar("V")

HINT_BUDGET = 0.4
"""Seconds of the review's playouts a hint spends, about: on a two-core machine of
2026 a hint is ready in well under a second, and the review (which spends half of its
default second finding its best move) almost always grades the hint good."""


@dataclass(frozen=True)
class Advice(Generic[C]):
    """The best command found for a seat, its expected lead, and how many were weighed.

    ``value`` is on the review's scale (``ReviewSearch.value_meaning``); a decision
    with a single legal command is not searched (``choices`` 1, ``value`` 0).
    """

    command: C
    value: float
    choices: int


def weighed_commands(
    game: GameType[S, Any, C, V, Any], reviewer: ReviewSearch[S, V, C], view: V, seed: int
) -> list[C]:
    """The commands a hint weighs, as the review does: the expert's candidates, and
    every legal command when there are at most ``ALL_WEIGHED``.

    The legal commands are read in one world sampled from the view (the seat's
    choices are the same in every world it cannot tell apart). Raises ``ValueError``
    when the decision is not the seat's.
    """
    search = reviewer.search
    seat = search.game.seat(view)
    world = search.game.determinize(view, random.Random(f"hint-world:{seed}"))
    if game.to_act(world) != seat:
        raise ValueError(_("a hint is only for the player to act"))
    return weighed(reviewer, view, game.legal_commands(world))


def playouts_for(reviewer: ReviewSearch[Any, Any, Any], choices: int, budget: float) -> int:
    """The playouts a budget of ``budget`` seconds buys (each choice weighed 4 times at least)."""
    return max(4 * choices, round(budget * reviewer.playouts_per_second))


def best_command(
    game: GameType[S, Any, C, V, Any],
    view: V,
    budget: float = HINT_BUDGET,
    seed: int = 0,
    playouts: int | None = None,
    allowed: Callable[[C], bool] | None = None,
) -> Advice[C] | None:
    """The command with the best expected lead for the seat whose view it is, weighed
    with ``budget`` seconds of playouts (or exactly ``playouts``); ``None`` when the
    game cannot judge that view (no review search, or options its bots refuse).

    ``allowed`` leaves out commands a game never advises (resigning), whatever they
    are worth. Raises ``ValueError`` when the decision is not the seat's.
    """
    if game.play.review_search is None:
        return None
    reviewer = game.play.review_search(view)
    if reviewer is None:
        return None
    commands = weighed_commands(game, reviewer, view, seed)
    if allowed is not None:
        commands = [command for command in commands if allowed(command)]
    if not commands:
        return None
    if len(commands) == 1:
        return Advice(commands[0], 0.0, 1)
    count = playouts if playouts is not None else playouts_for(reviewer, len(commands), budget)
    means = reviewer.search.evaluate(view, commands, random.Random(f"hint:{seed}"), count)
    best = _best(means)
    return Advice(commands[best], round(means[best], 3), len(commands))


def _best(means: Sequence[float]) -> int:
    """The index of the best mean; among equals the first (the expert's own order)."""
    return max(range(len(means)), key=lambda index: (means[index], -index))


__all__ = ["HINT_BUDGET", "Advice", "best_command", "playouts_for", "weighed_commands"]
