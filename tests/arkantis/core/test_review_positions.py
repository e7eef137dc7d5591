"""The review judges ArkantiS positions whose best action the rules make plain.

Each position is prepared with ArkantiS's own helpers (``tests.arkantis.core.helpers
.prepared``, the worked examples' board ``B0``), one command is played, and
``review_game`` judges it with a small fixed budget.
"""

from __future__ import annotations

from typing import Any

from core.arkantis.commands import Pass, Remove
from core.arkantis.game_type import ARKANTIS
from core.services.review import BLUNDER, MISTAKE
from tests.arkantis.core.helpers import prepared
from tests.arkantis.core.test_examples import B0
from tests.core.review_positions import assert_good, best_command, describe, reviewed

ANA = 0


def x2_position() -> list[Any]:
    """RULES.md X2's position, as ``test_examples.x_game`` lays it: board B0, Ana (4
    pions, holding a W5) to act before Ben (5 pions) and Cleo (6)."""
    return [
        prepared(
            B0,
            ("Ana", "Ben", "Cleo"),
            pions=(4, 5, 6),
            hands=(("W5-1",), ("I4-1",), ("L4-1",)),
        )
    ]


REMOVE_B2_AND_D7 = Remove(ANA, ("B2", "D7"))


def test_x2_passing_is_a_blunder() -> None:
    """X2's position: removing B2 (free) earns blue {A1 B1 A2} 3 pions and lays Ana's
    W5 on the red {C1 C2 B2 B3 A3} (8 points, and a card no longer held, E2). Removing
    D7 with it (2 pions, T3.2) adds red {D7 E7} (2) and the blue {A7 B7 C7} it cuts
    off (3), stains X3 shows paying Ben. Passing gives all that up and ends Ana's
    game (T5): a blunder, the two removals best."""
    decision = reviewed(ARKANTIS, x2_position(), Pass(ANA))
    assert decision.grade == BLUNDER, describe(decision)
    assert best_command(ARKANTIS, decision) == REMOVE_B2_AND_D7


def test_x2_removing_b2_alone_gives_up_d7_s_stains() -> None:
    """X2's position, the example's own action: B2 alone (3 pions and the W5). With D7
    too, Ana nets 3 pions more (2 + 3 for 2, see above) and leaves Ben nothing there:
    the review finds that action and grades B2 alone at least a mistake (the loss, with
    what Ben then takes, lies near the 8 points of a blunder)."""
    decision = reviewed(ARKANTIS, x2_position(), Remove(ANA, ("B2",)))
    assert decision.grade in (MISTAKE, BLUNDER), describe(decision)
    assert best_command(ARKANTIS, decision) == REMOVE_B2_AND_D7
    assert decision.loss >= 3.0


def test_x2_removing_b2_and_d7_is_good() -> None:
    """X2's position, B2 and D7 removed together: the best action, graded good."""
    decision = reviewed(ARKANTIS, x2_position(), REMOVE_B2_AND_D7)
    assert_good(ARKANTIS, decision, REMOVE_B2_AND_D7)


CROSS = """
#######
##.####
#.#.###
##.####
#######
#######
#######
"""
"""A full board but for the four arms of a cross around the token C3 (C2, B3, D3, C4,
which touch one another only at corners: four red sets of 1, D1)."""


def cross_position() -> list[Any]:
    """Two players; Ana, to act, holds the cross (X5, 10 points) and no pions, so her
    only actions are removing one token (T3.1) or passing."""
    return [prepared(CROSS, ("Ana", "Ben"), pions=(0, 3), hands=(("X5-1",), ("I4-1",)))]


REMOVE_C3 = Remove(ANA, ("C3",))


def test_passing_before_the_cross_is_a_blunder() -> None:
    """The cross position: removing C3 joins the four red arms into the red cross
    {C2 B3 C3 D3 C4} (T4.1: four ancestors), and Ana lays her X5 (T4.4): 10 points, and
    one card less in hand (E2). Passing gives it up with the rest of her game (T5): a
    blunder, C3 best."""
    decision = reviewed(ARKANTIS, cross_position(), Pass(ANA))
    assert decision.grade == BLUNDER, describe(decision)
    assert best_command(ARKANTIS, decision) == REMOVE_C3


def test_spoiling_the_cross_for_two_pions_is_a_mistake() -> None:
    """The cross position: removing A3 earns red {A3 B3} 2 pions, but the cross's arm
    B3 now belongs to a red set of 2, and C3 removed later would make a set of 6, which
    lays nothing (T4.3): the X5 is lost for 2 pions. A mistake, C3 best."""
    decision = reviewed(ARKANTIS, cross_position(), Remove(ANA, ("A3",)))
    assert decision.grade == MISTAKE, describe(decision)
    assert best_command(ARKANTIS, decision) == REMOVE_C3


def test_removing_the_centre_of_the_cross_is_good() -> None:
    """The cross position, C3 removed (the X5 laid): the best action, graded good."""
    decision = reviewed(ARKANTIS, cross_position(), REMOVE_C3)
    assert_good(ARKANTIS, decision, REMOVE_C3)
