"""Hints in Atlantica: the review's own best move, and why a pass is one."""

from __future__ import annotations

from core.atlantica.commands import Pass
from core.atlantica.game_type import ATLANTICA
from core.atlantica.hints import detail, gist, hint
from core.kernel.chance import secret_from_seed
from core.services.review import DEFAULT_BUDGET, GOOD, Position, judge_position


def test_a_pass_on_turn_one_is_what_the_review_calls_best_and_says_why() -> None:
    """Two players, the opening of seed 2: drawing five divers straight into the hand
    (T8) is worth more than any action the first hand affords, so the hint passes,
    the review grades that pass good with no better move, and stage 2 says why."""
    events = ATLANTICA.setup(["Ana", "Ben"], ATLANTICA.default_options(), secret_from_seed(2))
    state = ATLANTICA.fold(events)
    seat = state.current
    found = hint(state, seat)
    assert found is not None and found.command == Pass(seat)
    position = Position(ATLANTICA, 0, 1, 2, seat, state, found.command, DEFAULT_BUDGET, 1)
    judged = judge_position(position)
    assert judged is not None and judged.grade == GOOD and judged.loss == 0.0, judged
    assert found.gist == gist(state, found.command)
    assert found.detail == detail(state, found.command)
    assert "(T8)" in found.detail and "worth as much as those cards" in found.detail
