"""The rulebook's worked examples X1–X3 (RULES.md section X), replayed on the engine."""

from __future__ import annotations

import pytest

from core.atlantis.board import Board
from core.atlantis.commands import PayFinalCrossing, Payment
from core.atlantis.events import (
    CardsDrawn,
    CrossingPaid,
    FinalCrossingPaid,
    FinalCrossingStarted,
    GameEnded,
    PawnMoved,
    TileTaken,
    TurnEnded,
)
from core.atlantis.moves import final_debt
from core.atlantis.state import ATLANTIS, MAINLAND
from core.kernel.errors import IllegalMove
from tests.core.helpers import (
    AtlantisGame,
    cards,
    collected_names,
    events_of,
    game,
    gap_spans,
    held,
    move,
    only,
    tile_name,
    top,
)

# --- X1 moving, chains, taking ---------------------------------------------------------

X1_PATH = (
    "St5 [Black B] | Am2/Ol4 | Fl1 | Ri3 | Cr1 [Red A] | Fl4 | Am6 [Blue A] | He2 [Black A]"
    " | Ol3 | Ri7 | He5 | St6"
)
# spaces: 1 St5 (Black B), 2 Am2/Ol4, 3 Fl1, 4 Ri3, 5 Cr1 (Red A), 6 Fl4, 7 Am6 (Blue A),
# 8 He2 (Black A), 9 Ol3, 10 Ri7, 11 He5, 12 St6


def test_X1_moving_chains_and_taking() -> None:
    """X1: Black takes Ol4 off a stack, Red takes Fl4, Blue chains two helmets and takes
    Ri7; each draws exactly one card."""
    g = game(
        X1_PATH,
        ["Black", "Red", "Blue"],
        hands={"Black": "Fl", "Red": "Ol", "Blue": "He He"},
    )
    am2 = g.state.spaces[2][0]

    events = g.play(move(0, "B", "Fl"))
    assert only(events, PawnMoved).landings == (3,)
    taken = only(events, TileTaken)
    assert (taken.space, tile_name(g.state, taken.tile)) == (2, "Ol4")
    assert g.state.spaces[2] == (am2,)
    assert gap_spans(g.state) == []
    assert only(events, CardsDrawn).count == 1

    events = g.play(move(1, "A", "Ol"))
    assert only(events, PawnMoved).landings == (9,)
    taken = only(events, TileTaken)
    assert (taken.space, tile_name(g.state, taken.tile)) == (6, "Fl4")
    assert only(events, CardsDrawn).count == 1

    events = g.play(move(2, "A", "He He"))
    assert only(events, PawnMoved).landings == (8, 11)
    taken = only(events, TileTaken)
    assert (taken.space, tile_name(g.state, taken.tile)) == (10, "Ri7")
    assert only(events, CardsDrawn).count == 1

    assert [collected_names(g.state, seat) for seat in range(3)] == [["Ol4"], ["Fl4"], ["Ri7"]]
    assert [sum(hand) for hand in g.state.hands] == [1, 1, 1]
    assert g.state.pawns[0][:2] == (8, 3)
    assert g.state.pawns[1][0] == 9
    assert g.state.pawns[2][0] == 11


def test_X1_blue_cannot_stop_on_the_occupied_helmet() -> None:
    """X1: one helmet alone would land on He2 under Black A, so it is not a move."""
    g = game(
        X1_PATH,
        ["Black", "Red", "Blue"],
        hands={"Black": "Fl", "Red": "Ol", "Blue": "He He"},
        current="Blue",
    )
    with pytest.raises(IllegalMove) as refused:
        g.play(move(2, "A", "He"))
    assert refused.value.rule in {"T4.3", "T4.5"}


# --- X2 paying, bridge, merging --------------------------------------------------------

X2_PATH = "Am6 [Blue A] ~ Fl1 | Cr6 ~ Ol4 | He5 ~B~ St3 ~ Cr5 [Red A] | Ri2"
# spaces: 1 Am6 (Blue A), 2 water, 3 Fl1, 4 Cr6, 5 water, 6 Ol4, 7 He5, 8 bridged water,
# 9 St3, 10 water, 11 Cr5 (Red A), 12 Ri2


def _x2(path: str = X2_PATH) -> AtlantisGame:
    return game(
        path,
        ["Red", "Blue"],
        hands={"Blue": "Ri Fl Fl Fl"},
        collected={"Blue": "Ol5 Am3"},
        current="Blue",
    )


def test_X2_owes_8_and_takes_St3() -> None:
    """X2: min(6,1) + min(6,4) + 0 (bridged) + min(3,5) = 8; Cr5 is occupied so Blue takes
    St3."""
    g = _x2()
    st3 = top(g.state, 9)
    ol5, am3 = held(g.state, 1, "Ol5"), held(g.state, 1, "Am3")
    events = g.play(move(1, "A", "Ri", tiles=[ol5, am3]))
    moved = only(events, PawnMoved)
    assert (moved.landings, moved.owed) == ((12,), 8)
    paid = only(events, CrossingPaid)
    assert (paid.owed, set(paid.tiles)) == (8, {ol5, am3})
    taken = only(events, TileTaken)
    assert (taken.space, taken.tile) == (9, st3)
    assert collected_names(g.state, 1) == ["St3"]


def test_X2_payable_only_with_what_was_held_at_the_start_of_the_turn() -> None:
    """X2: 7 points are not enough, and St3 (taken this turn) cannot make up the 8."""
    g = _x2()
    ol5 = held(g.state, 1, "Ol5")
    with pytest.raises(IllegalMove) as refused:
        g.play(move(1, "A", "Ri", tiles=[ol5], paid="Fl Fl"))
    assert refused.value.rule == "T5.4"
    with pytest.raises(IllegalMove) as refused:
        g.play(move(1, "A", "Ri", tiles=[ol5, top(g.state, 9)], paid="Fl Fl"))
    assert refused.value.rule == "T5.4"
    events = g.play(move(1, "A", "Ri", tiles=[ol5], paid="Fl Fl Fl"))
    assert only(events, CrossingPaid).cards == cards("Fl Fl Fl")


def test_X2_merged_bridged_gap_then_costs_0_not_5() -> None:
    """X2: taking St3 merges the bridged gap with the next one (He5 to Cr5): it costs 0,
    where without the bridge it would cost min(5,5) = 5."""
    g = _x2()
    g.play(move(1, "A", "Ri", tiles=list(g.state.collected[1])))
    assert gap_spans(g.state) == [(2, 2, 1, False), (5, 5, 4, False), (8, 10, 5, True)]
    board = Board(g.state)
    assert board.cost_between(7, 11) == 0
    assert board.cost_between(ATLANTIS, MAINLAND) == 1 + 4 + 0

    unbridged = _x2(X2_PATH.replace("~B~", "~"))
    unbridged.play(move(1, "A", "Ri", paid="Fl Fl Fl", tiles=list(unbridged.state.collected[1])))
    assert gap_spans(unbridged.state) == [(2, 2, 1, False), (5, 5, 4, False), (8, 10, 5, False)]
    assert Board(unbridged.state).cost_between(7, 11) == 5


def test_X2_without_the_bridge_the_move_owes_3_more() -> None:
    """X2/T5.3: the same move with the He5–St3 gap unbridged owes 8 + min(5,3) = 11."""
    g = _x2(X2_PATH.replace("~B~", "~"))
    ol5, am3 = held(g.state, 1, "Ol5"), held(g.state, 1, "Am3")
    events = g.play(move(1, "A", "Ri", tiles=[ol5, am3], paid="Fl Fl Fl"))
    assert only(events, PawnMoved).owed == 11


# --- X3 end of game --------------------------------------------------------------------

X3_PATH = "Ol1 [Red A] ~ Am5 | He4 ~ Fl6 [Red B] | Cr4 [Blue A] ~ St1 [Black C] | Ri5"
# spaces: 1 Ol1 (Red A), 2 water, 3 Am5, 4 He4, 5 water, 6 Fl6 (Red B), 7 Cr4 (Blue A),
# 8 water, 9 St1 (Black C), 10 Ri5


def _x3(black: str = "He") -> AtlantisGame:
    return game(
        X3_PATH,
        ["Red", "Blue", "Black"],
        hands={"Red": "Fl Fl", "Blue": "Ol Ol", "Black": black},
        collected={"Red": "Am7"},
        home={"Red": "C", "Blue": "BC", "Black": "AB"},
        current="Black",
    )


def test_X3_end_of_game() -> None:
    """X3: Black C reaches the Mainland, takes Ri5, the Mainland moves back onto St1 and
    Black draws 4; Red owes 6 + 1 = 7 and pays with one 7; Blue owes 1."""
    g = _x3()
    ri5 = top(g.state, 10)
    events = g.play(move(2, "C", "He"))
    moved = only(events, PawnMoved)
    assert (moved.landings, moved.owed) == ((MAINLAND,), 0)
    taken = only(events, TileTaken)
    assert (taken.space, taken.tile) == (10, ri5)
    board = Board(g.state)
    assert board.last_land == 9
    assert not board.is_path_water(10)
    drawn = only(events, CardsDrawn)
    assert (drawn.player, drawn.count) == (2, 4)
    assert events_of(events, TurnEnded) == []
    started = only(events, FinalCrossingStarted)
    assert (started.finisher, started.pending) == (2, (0, 1))

    start = Board(g.state)
    assert start.cost_between(1, MAINLAND) == 1 + 4 + 1
    assert start.cost_between(6, MAINLAND) == 1
    assert final_debt(g.state, 0) == 7
    assert final_debt(g.state, 1) == 1

    deck = g.state.deck
    am7 = held(g.state, 0, "Am7")
    events = g.play(PayFinalCrossing(0, Payment(tiles=(am7,))))
    paid = only(events, FinalCrossingPaid)
    assert (paid.player, paid.owed, paid.tiles, paid.cards) == (0, 7, (am7,), ())
    events = g.play(PayFinalCrossing(1, Payment(cards=cards("Ol"))))
    paid = only(events, FinalCrossingPaid)
    assert (paid.player, paid.owed, paid.cards) == (1, 1, cards("Ol"))
    ended = only(events, GameEnded)
    # Red keeps Fl Fl (2), Blue keeps Ol (1), Black has Ri5 and 4 cards (9).
    assert ended.scores == (2, 1, 9)
    assert ended.winners == (2,)
    assert g.state.deck == deck
    assert [collected_names(g.state, seat) for seat in range(3)] == [[], [], ["Ri5"]]
    assert g.state.pawns == ((MAINLAND,) * 3,) * 3


def test_X3_a_ring_would_stop_on_Ri5_instead() -> None:
    """X3: Black must play an item not ahead of Black C; a ring stops him on Ri5 and the
    game goes on (two pawns home: draw 3)."""
    g = _x3(black="Ri")
    assert g.state.pawns[2] == (MAINLAND, MAINLAND, 9)
    events = g.play(move(2, "C", "Ri"))
    assert only(events, PawnMoved).landings == (10,)
    assert only(events, CardsDrawn).count == 3
    assert only(events, TurnEnded).next_player == 0
    assert g.state.phase == "playing"
