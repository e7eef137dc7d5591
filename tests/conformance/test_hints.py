"""A hint is found from its seat's view alone, as the review judges, and is legal.

At a few positions of every player count, the kernel's hint
(``core.services.hints.best_command``, a few dozen playouts) for the seat to act
is asked, then asked again in a different full state the seat cannot tell from
it (``GameType.privacy.plant``: other hands, the pile, the secret replaced): the advice
must be the same, value included, and the rules must accept it in the real
position. A hint that read the hidden cards would weigh the moves differently
there.
"""

from __future__ import annotations

from typing import Any

from core.kernel.errors import IllegalMove
from core.kernel.registry import AnyGameType
from core.services.hints import Advice, best_command
from tests.conformance.test_bots import _other_state, positions

PLAYOUTS = 48
"""A few per command weighed: enough to tell a peek, quick for the kit."""


def _advice(game: AnyGameType, state: Any, seat: int, number: int) -> Advice[Any] | None:
    return best_command(game, game.privacy.view_for(state, seat), seed=number, playouts=PLAYOUTS)


def test_a_hint_comes_from_the_view_alone_and_is_legal(game: AnyGameType) -> None:
    if game.play.review_search is None:  # the kit's own small games offer no hints
        return
    for playout, number in positions(game)[1::2]:
        state = playout.before(number)
        seat = game.to_act(state)
        assert seat is not None
        advice = _advice(game, state, seat, number)
        if advice is None:  # options the game's bots refuse: no hint
            continue
        try:
            game.decide(state, advice.command)
        except IllegalMove as refusal:
            raise AssertionError(f"{playout.label}, {number}: {advice}: {refusal}") from None
        other = _other_state(game, playout, number, seat)
        again = _advice(game, other, seat, number)
        assert again == advice, f"{playout.label}, command {number}: {advice} then {again}"


def test_a_hint_is_only_for_the_seat_to_act(game: AnyGameType) -> None:
    """Asked for a seat whose decision it is not, the kernel refuses."""
    if game.play.review_search is None:
        return
    for playout, number in positions(game)[:3]:
        state = playout.before(number)
        seat = game.to_act(state)
        assert seat is not None
        other_seat = (seat + 1) % len(playout.players)
        try:
            advice = best_command(game, game.privacy.view_for(state, other_seat), playouts=PLAYOUTS)
        except ValueError:
            continue
        assert advice is None, f"{playout.label}, {number}: a hint for seat {other_seat}"
