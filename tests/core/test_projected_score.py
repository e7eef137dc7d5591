"""The score as you play: what each player would score if the game ended now (E2, E3).

The panels show it with the player's place; it must be the score the rules would
give if everybody still on the way crossed now paying the least they can.
"""

from __future__ import annotations

import random

import pytest

from core.atlantis.bots import make_bot
from core.atlantis.commands import PayFinalCrossing
from core.atlantis.events import FinalCrossingStarted
from core.atlantis.moves import final_debt, final_payments
from core.atlantis.scoring import least_final_payment, projected_score, ranks
from core.atlantis.view import view_for
from tests.core.helpers import seeded_game


@pytest.mark.parametrize(
    "tiles, cards, debt, least",
    [
        ([], 5, 0, 0),
        ([], 5, 3, 3),  # cards pay 1 each: exactly
        ([7], 0, 3, 7),  # only a 7 to give: overpays 4 (T5.4)
        ([7], 2, 3, 7),  # 2 cards are not enough, so the 7
        ([4, 2], 0, 5, 6),
        ([4, 2], 1, 5, 5),  # 4 + a card
        ([], 1, 3, None),  # cannot pay: E2.1
    ],
)
def test_E2_least_final_payment(tiles: list[int], cards: int, debt: int, least: int | None) -> None:
    assert least_final_payment(tiles, cards, debt) == least


def test_E3_ranks_share_a_place_on_equal_scores() -> None:
    assert ranks((10, 14, 10, 3)) == (2, 1, 2, 4)


def test_E2_1_projected_score_of_a_player_who_cannot_pay_counts_the_rest_against_him() -> None:
    game = seeded_game(["Ann", "Bob"], 3)
    state = game.state
    held = state.collected_value(0) + state.hand_size(0)
    debt = final_debt(state, 0)
    assert debt > held  # at the start every pawn owes the whole way
    assert projected_score(state, 0) == held - debt


@pytest.mark.parametrize("seed", range(12))
def test_E2_E3_the_projected_score_is_the_score_after_the_least_final_payment(seed: int) -> None:
    """At the final crossing, each pending player who pays the least he can ends with
    exactly the score the panel showed when the crossing began."""
    bots = [make_bot("greedy"), make_bot("random"), make_bot("greedy")]
    game = seeded_game(["Ann", "Bob", "Cleo"], seed)
    rngs = [random.Random(seed * 7 + seat) for seat in range(3)]
    projected: tuple[int, ...] = ()
    while not game.state.is_over:
        state = game.state
        seat = state.to_act
        assert seat is not None
        if state.phase == "final_crossing":
            if not projected:
                projected = tuple(projected_score(state, p) for p in range(3))
            options = final_payments(state, seat)
            payment = (
                min(
                    options, key=lambda p: sum(state.tiles[t].value for t in p.tiles) + len(p.cards)
                )
                if options
                else None
            )
            if payment is not None:
                game.play(PayFinalCrossing(seat, payment))
                continue
        game.play(bots[seat].decide(view_for(state, seat), rngs[seat]))
    started = next(e for e in game.events if isinstance(e, FinalCrossingStarted))
    assert projected, "the game ended with a final crossing"
    for player in started.pending:
        assert game.state.scores[player] == projected[player], player
