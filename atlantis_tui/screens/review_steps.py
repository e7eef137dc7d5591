"""What a replay's step panel says of a reviewed decision, and its better move.

At any event of a judged decision the step panel says its grade and what it
gave up, and names the better move found with the lead each was expected to
give; a good decision is said to be the best found, a forced one the only
move. The better move can also be shown on the board (``Alternative``): the
events it gives from the real position before the decision, folded onto it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text

from atlantis_tui import style as st
from atlantis_tui.widgets.review_marks import grade_mark, grade_name
from core.kernel.i18n import _
from core.kernel.registry import AnyGameType
from core.services.review import FORCED, GOOD, Review, ReviewedDecision, better_events


def lead(value: float) -> str:
    """A lead as the review panel prints it: ``+3.2``, ``-0.5``."""
    return f"{value:+.1f}"


def meaning_of(game: AnyGameType, review: Review) -> str:
    """What the review's values are (``points ahead of the best opponent``), translated."""
    return game.translate(review.value_meaning)


@dataclass(frozen=True)
class Alternative:
    """The moment after a decision's better move: what the board shows instead."""

    decision: ReviewedDecision
    position: int
    """The replay's position when it was asked: moving away goes back to the game."""
    before: Any
    """The real state before the decision."""
    events: list[Any]
    """The events the better move gives there."""
    states: list[Any]
    """The state after each of them."""

    @property
    def state(self) -> Any:
        return self.states[-1]


def alternative_of(
    game: AnyGameType, before: Any, decision: ReviewedDecision, position: int
) -> Alternative | None:
    """The better move of ``decision`` played from ``before``, or ``None`` (none better)."""
    found = better_events(game, before, decision)
    if not found:
        return None
    states = []
    state = before
    for event in found:
        state = game.evolve(state, event)
        states.append(state)
    return Alternative(decision, position, before, found, states)


def decision_lines(
    game: AnyGameType, review: Review, decision: ReviewedDecision, before: Any
) -> list[Text]:
    """The step panel's lines on ``decision`` (``before``: the real state before it)."""
    if decision.grade == FORCED:
        return [Text(_("Only move: nothing to choose here."), style=st.DIM)]
    meaning = meaning_of(game, review)
    if decision.grade == GOOD:
        return [
            Text(
                _("✓ Best move found: expected lead {value} ({meaning}).").format(
                    value=lead(decision.played_value), meaning=meaning
                )
            )
        ]
    line = Text()
    mark = grade_mark(decision.grade)
    if mark is not None:
        line.append_text(mark)
        line.append(" ")
    line.append(
        _("{grade}: {loss} lost ({meaning}).").format(
            grade=grade_name(decision.grade), loss=f"{decision.loss:.1f}", meaning=meaning
        ),
        style="bold",
    )
    lines = [line]
    better = better_events(game, before, decision)
    if better:
        move = game.presentation.describe(before, better[0])
        lines.append(Text(_("Better (a shows it): {move}").format(move=move)))
    else:
        lines.append(Text(_("The better move found cannot be shown here."), style=st.DIM))
    values = _("Expected lead {best} with it, {played} with the move played.").format(
        best=lead(decision.best_value), played=lead(decision.played_value)
    )
    lines.append(Text(values))
    return lines


def alternative_lines(game: AnyGameType, review: Review, alternative: Alternative) -> list[Text]:
    """The step panel's lines while the board shows the better move instead."""
    decision = alternative.decision
    lines = [Text(_("The board shows the better move, not the move played:"), style="bold reverse")]
    state = alternative.before
    for event, after in zip(alternative.events, alternative.states, strict=True):
        player = game.presentation.event_seat(event)
        style = st.player_style(player, bold=False) if player is not None else st.DIM
        lines.append(Text("→ " + game.presentation.describe(state, event), style=style))
        state = after
    lines.append(
        Text(
            _("Expected lead {best} with it, {played} with the move played ({meaning}).").format(
                best=lead(decision.best_value),
                played=lead(decision.played_value),
                meaning=meaning_of(game, review),
            )
        )
    )
    lines.append(Text(_("a or any step: back to the game"), style=st.DIM))
    return lines
