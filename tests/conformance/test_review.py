"""The review of a played game judges each decision from its seat's view alone.

At a few positions of every player count, the decision of the seat to act is
judged (``core.services.review.judge_position``, a small budget), then judged again
in a different full state the seat cannot tell from it (``GameType.privacy.plant``:
other hands, the pile, the secret replaced): the judgement must be the same,
values and better move included. A review that read the hidden cards would
value the moves differently there.
"""

from __future__ import annotations

from core.games import GAMES
from core.kernel.registry import AnyGameType
from core.services.review import FORCED, GRADES, Position, judge_position
from tests.conformance.playouts import Playout
from tests.conformance.test_bots import _other_state, positions

BUDGET = 0.01
"""Seconds per decision, about: a few dozen playouts, enough to tell a peek."""


def _judged(game: AnyGameType, playout: Playout, number: int, state: object) -> object:
    seat = game.to_act(playout.before(number))
    assert seat is not None
    position = Position(
        game, number, playout.starts[number], playout.starts[number] + 1, seat, state,
        playout.commands[number], BUDGET, seed=number,
    )  # fmt: skip
    return judge_position(position)


def test_every_registered_game_can_be_reviewed() -> None:
    for game in GAMES:
        assert game.play.review_search is not None, f"{game.id} has no review search"


def test_the_review_judges_from_the_view_alone(game: AnyGameType) -> None:
    if game.play.review_search is None:  # the kit's own small games offer no review
        return
    for playout, number in positions(game)[::2]:
        state = playout.before(number)
        seat = game.to_act(state)
        assert seat is not None
        judged = _judged(game, playout, number, state)
        if judged is None:  # options the game's bots refuse: nothing judged
            continue
        assert getattr(judged, "grade") in (*GRADES, FORCED)  # noqa: B009
        other = _other_state(game, playout, number, seat)
        again = _judged(game, playout, number, other)
        assert again == judged, f"{playout.label}, command {number}: {judged} then {again}"
