"""Reviewing one decision of a prepared position: the helpers of the review-judgement tests.

Each game's ``test_review_positions`` (Atlantis: ``tests/core/test_review_atlantis``)
builds a position with the game's own helpers, plays one command in it and asks
``core.services.review.review_game`` to judge that single action. The budget is
turned into a fixed number of playouts, so a review is the same on any machine:
the grades asserted do not depend on timing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.kernel.events import Action
from core.kernel.registry import AnyGameType
from core.services.review import FORCED, ReviewedDecision, decoded_command, review_game

BUDGET = 0.05
"""Seconds per decision, about: a fixed number of playouts (see ``DEFAULT_BUDGET``)."""
SEED = 1


def record(game: AnyGameType, before: Sequence[Any], command: Any) -> tuple[list[Any], Action]:
    """The record of ``command`` played after the events ``before``: all its events, and
    the action that holds the command's own."""
    state = game.fold(list(before))
    seat = game.to_act(state)
    assert seat is not None, "nobody is to act in the position"
    played = game.decide(state, command)
    return [*before, *played], Action(len(before), seat, len(played))


def reviewed(
    game: AnyGameType,
    before: Sequence[Any],
    command: Any,
    budget: float = BUDGET,
    seed: int = SEED,
) -> ReviewedDecision:
    """The review's judgement of ``command`` played in the position after ``before``."""
    events, action = record(game, before, command)
    review = review_game(game, events, [action], "h", budget, seed=seed)
    assert len(review.decisions) == 1, f"the action was not judged: {review.decisions}"
    decision = review.decisions[0]
    assert decision.event == action.start and decision.end == action.end
    return decision


def best_command(game: AnyGameType, decision: ReviewedDecision) -> Any:
    """The better move the review found, back in the game's command type."""
    command = decoded_command(game, decision.best)
    assert command is not None, f"not a command of {game.id}: {decision.best}"
    return command


def played_command(game: AnyGameType, decision: ReviewedDecision) -> Any:
    """The move the review judged, back in the game's command type."""
    command = decoded_command(game, decision.played)
    assert command is not None, f"not a command of {game.id}: {decision.played}"
    return command


def describe(decision: ReviewedDecision) -> str:
    """One line for an assertion's message: what the review said of the decision."""
    return (
        f"{decision.grade}: played {decision.played_value}, best {decision.best_value},"
        f" loss {decision.loss}, {decision.choices} choices, best {decision.best}"
    )


def assert_good(game: AnyGameType, decision: ReviewedDecision, command: Any) -> None:
    """The review judged ``command`` the best choice: no loss, graded good, and not
    forced (there was a choice to get right)."""
    assert played_command(game, decision) == command
    assert decision.grade != FORCED and decision.choices > 1, describe(decision)
    assert decision.loss == 0.0 and decision.grade == "good", describe(decision)
    assert best_command(game, decision) == command, describe(decision)
    assert decision.played_value == decision.best_value
