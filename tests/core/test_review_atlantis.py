"""The review judges Atlantis positions whose best move the rules make plain.

Each position is prepared with Atlantis's own helpers (the rulebook's worked
examples as ``core.atlantis.examples`` ships them, ``tests.core.helpers.prepare``),
one command is played, and ``review_game`` judges it with a small fixed budget.
Resigning at the start is already judged in ``tests/core/test_review.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

from core.atlantis.check import actions_of
from core.atlantis.commands import PayFinalCrossing, Payment
from core.atlantis.examples import rulebook_x1, rulebook_x3
from core.atlantis.game_type import ATLANTIS
from core.services.review import BLUNDER, FORCED, MISTAKE, decision_at, review_game
from tests.core.helpers import cards, move, prepare
from tests.core.review_positions import (
    BUDGET,
    assert_good,
    best_command,
    describe,
    reviewed,
)
from tests.core.test_examples import X1_PATH

BLACK = 0
A = "A"


def x1_position() -> list[Any]:
    """RULES.md X1's position, as the rulebook-example tests build it: Black to play,
    holding a single flag."""
    return prepare(
        X1_PATH,
        ["Black", "Red", "Blue"],
        hands={"Black": "Fl", "Red": "Ol", "Blue": "He He"},
    )


def test_x1_the_shipped_example_s_first_move_is_a_mistake() -> None:
    """X1 as shipped (``rulebook_x1``): Black B plays the flag, stops on Fl1 and takes
    Ol4, drawing 1 card. The same flag takes Black A from He2 to the Mainland (no flag
    ahead of it, T4.2), where it takes St6, the free tile nearest the Mainland (T6.2),
    and Black draws 2 (T8): 6 points rather than 4, a pawn home and a card more, for
    the same card and no water. The review finds A's move and calls B's a mistake at
    least (how much worse, a small budget measures roughly)."""
    events = rulebook_x1()
    position = x1_position()
    assert events[: len(position)] == position
    actions = actions_of(events)
    review = review_game(ATLANTIS, events, actions[:1], "h", BUDGET, seed=1)
    decision = decision_at(review, len(position))
    assert decision is not None and decision.seat == BLACK
    assert decision.played == {
        "type": "move",
        "seat": BLACK,
        "pawn": 1,
        "cards": list(cards("Fl")),
        "payment": {"tiles": [], "cards": []},
    }
    assert decision.grade in (MISTAKE, BLUNDER), describe(decision)
    assert best_command(ATLANTIS, decision) == move(BLACK, A, "Fl")
    assert decision.loss >= 5.0
    assert decision.best_value - decision.played_value == pytest.approx(decision.loss)


def test_x1_black_a_to_the_mainland_is_good() -> None:
    """X1's position, Black A played to the Mainland with the flag (St6, a pawn home,
    2 cards: see the test above): the best choice, graded good."""
    decision = reviewed(ATLANTIS, x1_position(), move(BLACK, A, "Fl"))
    assert_good(ATLANTIS, decision, move(BLACK, A, "Fl"))


def test_x3_the_final_payments_leave_no_choice() -> None:
    """X3 as shipped (``rulebook_x3``): Red owes 7 and can pay only with his single
    7-tile (two cards are not enough), Blue owes 1 and pays one of his two olives:
    the review sees no choice in either payment (forced, no value, no loss)."""
    events = rulebook_x3()
    black, red, blue = actions_of(events)
    review = review_game(ATLANTIS, events, [red, blue], "h", BUDGET, seed=1)
    assert [decision.seat for decision in review.decisions] == [0, 1]  # Red, Blue
    for decision in review.decisions:
        assert decision.grade == FORCED and decision.choices == 1, describe(decision)
        assert decision.loss == decision.played_value == decision.best_value == 0.0
        assert decision.best == decision.played
    assert decision_at(review, black.start) is None  # not asked for


def final_crossing() -> tuple[list[Any], int]:
    """Bob's third pawn reaches the Mainland (E1); Ann, whose pawn A still stands
    before a gap worth 1, must pay her final crossing (E2). She holds a Cr7 tile and a
    single flag card. The position's events, and her tile's id."""
    position = prepare(
        "Ol1 [Ann A] ~ Am5 | St2 [Bob C] | Ri5",
        ["Ann", "Bob"],
        hands={"Ann": "Fl", "Bob": "He"},
        collected={"Ann": "Cr7"},
        home={"Ann": "BC", "Bob": "AB"},
        current="Bob",
    )
    state = ATLANTIS.fold(position)
    (tile,) = state.collected[0]
    events = [*position, *ATLANTIS.decide(state, move(1, "C", "He"))]
    state = ATLANTIS.fold(events)
    assert state.phase == "final_crossing" and ATLANTIS.to_act(state) == 0
    return events, tile


PAY_WITH_THE_CARD = PayFinalCrossing(0, Payment(cards=cards("Fl")))


def test_paying_a_debt_of_1_with_a_7_tile_is_a_mistake() -> None:
    """The final crossing above: Ann owes min(1, 5) = 1 (T5.1, E2). Her flag card pays
    it and she scores 7 (E3: the Cr7); her Cr7 pays it too, with no change (T5.4), and
    she scores 1. Bob scores his Ri5 and the 4 cards he drew (E1): 9. Her lead is -2
    or -8, exactly: paying with the tile loses 6 points, a mistake."""
    events, tile = final_crossing()
    decision = reviewed(ATLANTIS, events, PayFinalCrossing(0, Payment(tiles=(tile,))))
    assert decision.grade == MISTAKE, describe(decision)
    assert best_command(ATLANTIS, decision) == PAY_WITH_THE_CARD
    assert (decision.played_value, decision.best_value, decision.loss) == (-8.0, -2.0, 6.0)


def test_paying_the_final_crossing_with_the_card_is_good() -> None:
    """The final crossing above, paid with the flag card: the best choice, graded good,
    at Ann's exact lead of 7 - 9 = -2."""
    events, _tile = final_crossing()
    decision = reviewed(ATLANTIS, events, PAY_WITH_THE_CARD)
    assert_good(ATLANTIS, decision, PAY_WITH_THE_CARD)
    assert decision.played_value == -2.0
