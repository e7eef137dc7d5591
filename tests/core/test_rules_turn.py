"""Rules T1–T9: one turn (buy, bridge, move, pay, take a tile, water, draw, stuck)."""

from __future__ import annotations

import pytest

from core.atlantis.board import Board
from core.atlantis.commands import BuyCards, DeclareStuck, Move, PlaceBridge
from core.atlantis.events import (
    BridgePlaced,
    CardsBought,
    CardsDrawn,
    CrossingPaid,
    DeckReshuffled,
    PawnMoved,
    PlayerStuck,
    TileTaken,
    TurnEnded,
)
from core.atlantis.hands import hand_of
from core.atlantis.moves import bridge_options, legal_moves
from core.atlantis.state import ATLANTIS, MAINLAND
from core.atlantis.view import event_for, view_for
from core.kernel.errors import IllegalMove, NotYourTurn
from tests.core.helpers import (
    cards,
    collected_names,
    events_of,
    game,
    gap_spans,
    held,
    move,
    of_kind,
    only,
    top,
)

RB = ["Red", "Blue"]


# --- turn order ------------------------------------------------------------------------


def test_T_turns_go_clockwise() -> None:
    """T: after seat 1 comes seat 2, then seat 3, then seat 1 again."""
    g = game(
        "Fl1 | Cr2 | Ol3 | Ri4 | He5 | Am6",
        ["Red", "Blue", "Green"],
        hands={"Red": "Fl", "Blue": "Cr", "Green": "Ol"},
    )
    assert only(g.play(move(0, "A", "Fl")), TurnEnded).next_player == 1
    with pytest.raises(NotYourTurn) as refused:
        g.play(move(2, "A", "Ol"))
    assert refused.value.rule == "T"
    assert only(g.play(move(1, "A", "Cr")), TurnEnded).next_player == 2
    assert only(g.play(move(2, "A", "Ol")), TurnEnded).next_player == 0
    assert g.state.current == 0


# --- T1 buying cards -------------------------------------------------------------------


def test_T1_buy_returns_tile_to_box_and_draws_half_its_value() -> None:
    """T1: returning a 5 to the box draws ⌊5/2⌋ = 2 cards from the top of the pile."""
    g = game(
        "Fl1 | Cr2",
        RB,
        hands={"Red": "Fl"},
        collected={"Red": "Am5 He3"},
        deck_after_deal=cards("St Ri Ol He"),
    )
    am5 = held(g.state, 0, "Am5")
    events = g.play(BuyCards(0, am5))
    assert only(events, CardsBought).tile == am5
    drawn = only(events, CardsDrawn)
    assert (drawn.cards, drawn.reason) == (cards("St Ri"), "buy")
    assert am5 in g.state.box_tiles
    assert collected_names(g.state, 0) == ["He3"]
    assert g.state.hands[0] == hand_of(cards("Fl St Ri"))
    assert g.state.deck == cards("Ol He")
    assert g.state.current == 0


@pytest.mark.parametrize(("tile", "count"), [("Ol1", 0), ("Ri2", 1), ("Cr6", 3), ("St7", 3)])
def test_T1_buy_draws_floor_of_half_the_value(tile: str, count: int) -> None:
    """T1: a 1 gives 0 cards, a 2 gives 1, a 6 gives 3, a 7 gives 3."""
    g = game("Fl1 | Cr2", RB, hands={"Red": "Fl"}, collected={"Red": tile})
    g.play(BuyCards(0, held(g.state, 0, tile)))
    assert sum(g.state.hands[0]) == 1 + count
    assert g.state.collected[0] == ()
    assert len(g.state.box_tiles) == 1


def test_T1_buy_only_with_a_collected_tile() -> None:
    """T1: a tile still on the path cannot be returned to buy cards."""
    g = game("Fl5 | Cr2", RB, hands={"Red": "Fl"}, collected={"Blue": "Am6"})
    for tile in (top(g.state, 1), held(g.state, 1, "Am6")):
        with pytest.raises(IllegalMove) as refused:
            g.play(BuyCards(0, tile))
        assert refused.value.rule == "T1"


def test_T1_at_most_once_per_turn_then_again_next_turn() -> None:
    """T1: a second purchase in one turn is refused; the next turn allows one again."""
    g = game(
        "Fl1 | Cr2 | Ol3 | Ri4",
        RB,
        hands={"Red": "Fl Cr", "Blue": "Cr"},
        collected={"Red": "Am4 He4 St4"},
    )
    g.play(BuyCards(0, held(g.state, 0, "Am4")))
    with pytest.raises(IllegalMove) as refused:
        g.play(BuyCards(0, held(g.state, 0, "He4")))
    assert refused.value.rule == "T1"
    g.play(move(0, "A", "Fl"))
    g.play(move(1, "A", "Cr"))
    events = g.play(BuyCards(0, held(g.state, 0, "He4")))
    assert only(events, CardsBought).player == 0
    assert collected_names(g.state, 0) == ["St4"]


def test_T1_buying_comes_before_the_bridge() -> None:
    """T1/T2: buying is at the start of the turn, so not after placing the bridge."""
    g = game("Fl5 ~ Cr5 | Ol2", RB, hands={"Red": "Cr"}, collected={"Red": "Am4"})
    g.play(PlaceBridge(0, 2))
    with pytest.raises(IllegalMove) as refused:
        g.play(BuyCards(0, held(g.state, 0, "Am4")))
    assert refused.value.rule == "T1"


def test_T1_bought_cards_count_as_held_at_start_of_turn() -> None:
    """T1 (bought_cards_can_pay, T5.4): cards bought this turn may pay this move's crossing."""
    g = game(
        "Fl6 ~ Cr2 | Ol2",
        RB,
        hands={"Red": "Cr"},
        collected={"Red": "Am5"},
        deck_after_deal=cards("He He"),
    )
    g.play(BuyCards(0, held(g.state, 0, "Am5")))
    events = g.play(move(0, "A", "Cr", paid="He He"))
    paid = only(events, CrossingPaid)
    assert (paid.owed, paid.cards) == (2, cards("He He"))


# --- T2 bridge -------------------------------------------------------------------------


BRIDGE_PATH = "He1 | Fl3 ~ Cr4 | Ol5 ~ Ri6 | St2"
# spaces: 1 He1, 2 Fl3, 3 water, 4 Cr4, 5 Ol5, 6 water, 7 Ri6, 8 St2


def test_T2_bridged_gap_is_free_for_every_player_and_survives_growth() -> None:
    """T2: after the bridge, every player crosses that gap for free, even once it grows."""
    g = game(BRIDGE_PATH, RB, hands={"Red": "Cr", "Blue": "Ol"})
    assert only(g.play(PlaceBridge(0, 3)), BridgePlaced).space == 3
    events = g.play(move(0, "A", "Cr"))
    assert only(events, PawnMoved).owed == 0
    assert events_of(events, CrossingPaid) == []
    assert only(events, TileTaken).space == 2
    # The gap grew to spaces 2-3, bordered by He1 and Cr4: price 1, still bridged.
    assert (2, 3, 1, True) in gap_spans(g.state)
    events = g.play(move(1, "A", "Ol"))
    assert only(events, PawnMoved).owed == 0
    assert g.state.pawns[1][0] == 5


def test_T2_bridge_once_per_game() -> None:
    """T2: a player places his one bridge once; on a later turn he cannot place another."""
    g = game(BRIDGE_PATH, RB, hands={"Red": "Cr Fl", "Blue": "Ol"})
    g.play(PlaceBridge(0, 3))
    with pytest.raises(IllegalMove) as refused:
        g.play(PlaceBridge(0, 6))
    assert refused.value.rule == "T2"
    g.play(move(0, "A", "Cr"))
    g.play(move(1, "A", "Ol"))
    assert bridge_options(g.state) == []
    with pytest.raises(IllegalMove) as refused:
        g.play(PlaceBridge(0, 6))
    assert refused.value.rule == "T2"
    assert g.state.bridges == (3, None)


def test_T2_bridge_only_on_a_gap() -> None:
    """T2: a land space, Atlantis and water next to Atlantis are not gaps."""
    g = game("~ Fl1 | Cr2 ~ Ol3", RB, hands={"Red": "Fl"})
    for space in (ATLANTIS, 1, 2, 3, MAINLAND):
        with pytest.raises(IllegalMove) as refused:
            g.play(PlaceBridge(0, space))
        assert refused.value.rule == "T2", space
    assert only(g.play(PlaceBridge(0, 4)), BridgePlaced).space == 4


def test_T2_bridge_placed_before_moving_refunds_nothing_after() -> None:
    """T2: the bridge is placed before moving; once the move is made the turn is over."""
    g = game("Fl2 ~ Cr4 | Ol1", RB, hands={"Red": "Cr Ri Ri", "Blue": "Fl"})
    events = g.play(move(0, "A", "Cr", paid="Ri Ri"))
    assert only(events, CrossingPaid).owed == 2
    with pytest.raises(NotYourTurn):
        g.play(PlaceBridge(0, 2))
    assert g.state.bridges == (None, None)


def test_T2_merged_gap_with_a_bridge_is_free() -> None:
    """T2: when a bridged gap merges with another gap, the whole merged gap is free."""
    # spaces: 1 Fl7, 2 bridged water, 3 Cr2, 4 water, 5 Ol6, 6 Ri1
    g = game("Fl7 ~B~ Cr2 ~ Ol6 | Ri1", RB, hands={"Red": "Ol Am Am", "Blue": "Ri"})
    events = g.play(move(0, "A", "Ol", paid="Am Am"))
    assert only(events, PawnMoved).owed == 2
    assert only(events, TileTaken).space == 3
    assert gap_spans(g.state) == [(2, 4, 6, True)]
    events = g.play(move(1, "A", "Ri"))
    assert only(events, PawnMoved).landings == (6,)
    assert only(events, PawnMoved).owed == 0


def test_T2_bridge_leaves_play_when_the_edge_rule_removes_its_gap() -> None:
    """T2/T7.2: a bridged gap that becomes edge water is gone; a later gap is not bridged."""
    # spaces: 1 Fl2, 2 bridged water, 3 Cr4, 4 Ol5, 5 Ri3, 6 He6
    g = game("Fl2 ~B~ Cr4 | Ol5 | Ri3 | He6", RB, hands={"Red": "Cr", "Blue": "Ri"})
    assert gap_spans(g.state) == [(2, 2, 2, True)]
    events = g.play(move(0, "A", "Cr"))
    assert only(events, TileTaken).space == 1
    assert gap_spans(g.state) == []
    assert Board(g.state).first_land == 3
    events = g.play(move(1, "A", "Ri"))
    assert only(events, TileTaken).space == 4
    assert gap_spans(g.state) == [(4, 4, 3, False)]
    assert bridge_options(g.state) == []


# --- T3 choose a pawn ------------------------------------------------------------------


def test_T3_a_pawn_on_the_mainland_cannot_be_chosen() -> None:
    """T3: pawn A already home cannot move; pawn B on Atlantis can."""
    g = game("Fl1 | Cr2", RB, hands={"Red": "Fl"}, home={"Red": "A"})
    with pytest.raises(IllegalMove) as refused:
        g.play(move(0, "A", "Fl"))
    assert refused.value.rule == "T3"
    with pytest.raises(IllegalMove) as refused:
        g.play(Move(0, 3, cards("Fl")))
    assert refused.value.rule == "T3"
    events = g.play(move(0, "B", "Fl"))
    assert only(events, PawnMoved).pawn == 1
    assert g.state.pawns[0] == (MAINLAND, 1, ATLANTIS)


# --- T4 moving -------------------------------------------------------------------------


def test_T4_1_pawn_goes_to_nearest_space_showing_the_item() -> None:
    """T4.1: a crown passes a pawn, water and other tiles to the nearest crown ahead."""
    # spaces: 1 Cr2 (Red A), 2 He3 (Blue A), 3 water, 4 Ol4, 5 Fl5, 6 Cr6, 7 Cr1
    g = game(
        "Cr2 [Red A] | He3 [Blue A] ~ Ol4 | Fl5 | Cr6 | Cr1",
        RB,
        hands={"Red": "Cr"},
        collected={"Red": "Am3"},
    )
    events = g.play(move(0, "A", "Cr", tiles=[held(g.state, 0, "Am3")]))
    moved = only(events, PawnMoved)
    assert (moved.start, moved.landings, moved.owed) == (1, (6,), 3)
    assert g.state.pawns[0][0] == 6


def test_T4_1_only_cards_held_can_be_played() -> None:
    """T4.1: a card not in hand, or no card at all, does not move a pawn."""
    g = game("Fl1 | Cr2", RB, hands={"Red": "Fl"})
    for played in ("Cr", "Fl Fl", ""):
        with pytest.raises(IllegalMove) as refused:
            g.play(move(0, "A", played))
        assert refused.value.rule == "T4.1", played
    assert g.state.pawns[0] == (ATLANTIS,) * 3


def test_T4_2_no_such_item_ahead_goes_to_the_mainland() -> None:
    """T4.2: a flag played from beyond the last flag takes the pawn to the Mainland, which
    holds any number of pawns, so no second card is needed."""
    g = game("Fl1 | Cr2 [Red A] | Ol3 | Ri4", RB, hands={"Red": "Fl Ol"}, home={"Blue": "A"})
    events = g.play(move(0, "A", "Fl"))
    assert only(events, PawnMoved).landings == (MAINLAND,)
    assert g.state.pawns[0][0] == MAINLAND
    assert g.state.pawns[1][0] == MAINLAND


def test_T4_3_occupied_landing_chains_including_own_pawn() -> None:
    """T4.3: landing on another's pawn, then on one's own pawn, forces more cards."""
    # spaces: 1 Fl1 (Blue A), 2 Cr2, 3 Fl3 (Red B), 4 Ol4, 5 Fl5
    g = game("Fl1 [Blue A] | Cr2 | Fl3 [Red B] | Ol4 | Fl5", RB, hands={"Red": "Fl Fl Ol"})
    events = g.play(move(0, "A", "Fl Fl Ol"))
    assert only(events, PawnMoved).landings == (1, 3, 4)
    assert g.state.pawns[0] == (4, 3, ATLANTIS)
    assert only(events, TileTaken).space == 2


def test_T4_3_must_play_another_card_after_an_occupied_landing() -> None:
    """T4.3: a move that ends on an occupied space is refused while cards remain."""
    g = game("Fl1 [Blue A] | Cr2 | Ol3", RB, hands={"Red": "Fl Ol"})
    with pytest.raises(IllegalMove) as refused:
        g.play(move(0, "A", "Fl"))
    assert refused.value.rule in {"T4.3", "T4.5"}
    events = g.play(move(0, "A", "Fl Ol"))
    assert only(events, PawnMoved).landings == (1, 3)


def test_T4_3_chain_can_end_on_the_mainland() -> None:
    """T4.3/T4.2: the card after an occupied landing may take the pawn to the Mainland."""
    g = game("Fl1 [Blue A] | Cr2", RB, hands={"Red": "Fl Ri"})
    events = g.play(move(0, "A", "Fl Ri"))
    assert only(events, PawnMoved).landings == (1, MAINLAND)


def test_T4_4_extra_cards_only_after_an_occupied_landing() -> None:
    """T4.4: no second card after a free landing, nor after reaching the Mainland."""
    g = game("Fl1 | Cr2", RB, hands={"Red": "Cr Fl Ri"})
    for played in ("Cr Fl", "Ri Fl", "Fl Cr"):
        with pytest.raises(IllegalMove) as refused:
            g.play(move(0, "A", played))
        assert refused.value.rule == "T4.4", played
    assert g.state.hands[0] == hand_of(cards("Cr Fl Ri"))


def test_T4_5_running_out_of_cards_before_stopping_is_illegal() -> None:
    """T4.5: with one flag and Fl1 occupied, no move exists; the player is stuck."""
    g = game("Fl1 [Blue A] | Cr2", RB, hands={"Red": "Fl"})
    with pytest.raises(IllegalMove) as refused:
        g.play(move(0, "B", "Fl"))
    assert refused.value.rule == "T4.5"
    assert legal_moves(g.state) == []
    assert only(g.play(DeclareStuck(0)), PlayerStuck).player == 0


def test_T4_5_a_crossing_that_cannot_be_paid_is_illegal() -> None:
    """T4.5: owing 5 while holding 1 + 2 points makes the move illegal."""
    g = game("Fl5 ~ Cr5 | Ol2", RB, hands={"Red": "Cr Ri Ri"}, collected={"Red": "He1"})
    with pytest.raises(IllegalMove) as refused:
        g.play(move(0, "A", "Cr", tiles=[held(g.state, 0, "He1")], paid="Ri Ri"))
    assert refused.value.rule == "T4.5"
    assert g.state.pawns[0][0] == ATLANTIS
    assert legal_moves(g.state) == []


def test_T4_6_a_player_with_a_legal_move_must_move() -> None:
    """T4.6: holding a flag that reaches Fl5 for free, the player cannot declare stuck."""
    g = game("Fl5 ~ Cr5 | Ol2", RB, hands={"Red": "Cr Fl"})
    with pytest.raises(IllegalMove) as refused:
        g.play(DeclareStuck(0))
    assert refused.value.rule == "T4.6"
    assert {m.landings for m in legal_moves(g.state)} == {(1,)}


# --- T5 crossing water -----------------------------------------------------------------


@pytest.mark.parametrize("path", ["Fl6 ~ Cr2 | Ol1", "Fl2 ~ Cr6 | Ol1"])
def test_T5_1_gap_costs_lower_bordering_value(path: str) -> None:
    """T5.1: a gap between a 6 and a 2 costs 2, whichever side the 2 is on."""
    g = game(path, RB, hands={"Red": "Cr Ri Ri Ri"})
    with pytest.raises(IllegalMove):
        g.play(move(0, "A", "Cr", paid="Ri"))
    events = g.play(move(0, "A", "Cr", paid="Ri Ri"))
    assert only(events, PawnMoved).owed == 2
    assert only(events, CrossingPaid).owed == 2


def test_T5_1_gap_length_does_not_matter() -> None:
    """T5.1: a gap of three water spaces between a 4 and a 5 costs 4."""
    g = game("Fl4 ~ ~ ~ Cr5 | Ol1", RB, hands={"Red": "Cr Ri Ri Ri Ri Ri"})
    events = g.play(move(0, "A", "Cr", paid="Ri Ri Ri Ri"))
    assert only(events, PawnMoved).owed == 4


def test_T5_1_costs_of_a_chain_add_up_and_are_paid_once() -> None:
    """T5.1/T5.4: a chain crossing gaps of 3 and 4 owes 7, paid in one payment."""
    # spaces: 1 Fl3, 2 water, 3 Cr4 (Blue A), 4 water, 5 Ol6, 6 Ri1
    g = game(
        "Fl3 ~ Cr4 [Blue A] ~ Ol6 | Ri1",
        RB,
        hands={"Red": "Cr Ol"},
        collected={"Red": "St7"},
    )
    st7 = held(g.state, 0, "St7")
    events = g.play(move(0, "A", "Cr Ol", tiles=[st7]))
    moved = only(events, PawnMoved)
    assert (moved.landings, moved.owed) == ((3, 5), 7)
    paid = only(events, CrossingPaid)
    assert (paid.owed, paid.tiles, paid.cards) == (7, (st7,), ())


def test_T5_2_price_fixed_before_the_tile_is_taken() -> None:
    """T5.2: Fl7 ~ Ol4 costs 4 though taking Ol4 uncovers Ol2; the next turn pays 2."""
    # spaces: 1 Fl7 (Red A), 2 water, 3 Ol2/Ol4, 4 Cr6, 5 Ri1
    g = game(
        "Fl7 [Red A] ~ Ol2/Ol4 | Cr6 | Ri1",
        RB,
        hands={"Red": "Cr", "Blue": "Ol Am Am"},
        collected={"Red": "Am4 He2"},
    )
    with pytest.raises(IllegalMove) as refused:
        g.play(move(0, "A", "Cr", tiles=[held(g.state, 0, "He2")]))
    assert refused.value.rule == "T5.4"
    events = g.play(move(0, "A", "Cr", tiles=[held(g.state, 0, "Am4")]))
    assert only(events, PawnMoved).owed == 4
    assert only(events, TileTaken).space == 3
    assert gap_spans(g.state) == [(2, 2, 2, False)]
    events = g.play(move(1, "A", "Ol", paid="Am Am"))
    assert only(events, PawnMoved).landings == (3,)
    assert only(events, PawnMoved).owed == 2


def test_T5_3_bridged_gap_costs_nothing() -> None:
    """T5.3: crossing a bridged gap between a 6 and a 6 owes 0 and pays nothing."""
    g = game("Fl6 ~B~ Cr6 | Ol1", RB, hands={"Red": "Ol"})
    events = g.play(move(0, "A", "Ol"))
    assert only(events, PawnMoved).owed == 0
    assert events_of(events, CrossingPaid) == []


def test_T5_4_and_T6_4_tile_taken_this_turn_cannot_pay() -> None:
    """T5.4/T6.4: the tile taken after the move is not yet held, so it cannot pay."""
    # spaces: 1 Fl6, 2 water, 3 Cr3, 4 Ol5
    g = game("Fl6 ~ Cr3 | Ol5", RB, hands={"Red": "Ol"}, collected={"Red": "He3"})
    cr3 = top(g.state, 3)
    with pytest.raises(IllegalMove) as refused:
        g.play(move(0, "A", "Ol", tiles=[cr3]))
    assert refused.value.rule == "T5.4"
    events = g.play(move(0, "A", "Ol", tiles=[held(g.state, 0, "He3")]))
    assert only(events, TileTaken).tile == cr3
    assert collected_names(g.state, 0) == ["Cr3"]
    assert g.state.spaces[3] == ()


def test_T5_4_cards_played_to_move_cannot_pay() -> None:
    """T5.4: the olive card that moved the pawn cannot also pay; a second olive can."""
    g = game("Fl1 ~ Cr3 | Ol5", RB, hands={"Red": "Ol"}, collected={"Red": "He1"})
    with pytest.raises(IllegalMove) as refused:
        g.play(move(0, "A", "Ol", paid="Ol"))
    assert refused.value.rule == "T5.4"
    g2 = game("Fl1 ~ Cr3 | Ol5", RB, hands={"Red": "Ol Ol"})
    events = g2.play(move(0, "A", "Ol", paid="Ol"))
    assert only(events, CrossingPaid).cards == cards("Ol")
    assert g2.state.hands[0][1] == 0


def test_T5_4_overpaying_is_allowed_without_change() -> None:
    """T5.4: a 7 pays a debt of 2; nothing comes back."""
    g = game(
        "Fl6 ~ Cr2 | Ol5",
        RB,
        hands={"Red": "Cr"},
        collected={"Red": "St7"},
        deck_after_deal=cards("He He He"),
    )
    events = g.play(move(0, "A", "Cr", tiles=[held(g.state, 0, "St7")]))
    assert only(events, CrossingPaid).owed == 2
    assert collected_names(g.state, 0) == ["Fl6"]
    assert g.state.hands[0] == hand_of(cards("He"))


def test_T5_4_paying_less_than_owed_is_refused() -> None:
    """T5.4: offering 1 point for a debt of 2 is refused."""
    g = game("Fl6 ~ Cr2 | Ol5", RB, hands={"Red": "Cr Ri Ri"}, collected={"Red": "He1"})
    for tiles, paid in (([held(g.state, 0, "He1")], ""), ([], "Ri"), ([], "")):
        with pytest.raises(IllegalMove) as refused:
            g.play(move(0, "A", "Cr", tiles=tiles, paid=paid))
        assert refused.value.rule == "T5.4"
    assert g.state.pawns[0][0] == ATLANTIS


@pytest.mark.parametrize(
    ("tiles", "paid", "left_tiles", "left_cards"),
    [((), "Ri Ri", ["Am2", "Fl6"], ""), (("Am2",), "", ["Fl6"], "Ri Ri")],
)
def test_T5_4_player_chooses_cards_or_tiles(
    tiles: tuple[str, ...], paid: str, left_tiles: list[str], left_cards: str
) -> None:
    """T5.4: a debt of 2 may be paid with two cards or with a tile worth 2."""
    g = game(
        "Fl6 ~ Cr2 | Ol5",
        RB,
        hands={"Red": "Cr Ri Ri"},
        collected={"Red": "Am2"},
        deck_after_deal=cards("St St"),
    )
    ids = [held(g.state, 0, name) for name in tiles]
    g.play(move(0, "A", "Cr", tiles=ids, paid=paid))
    assert collected_names(g.state, 0) == left_tiles
    assert g.state.hands[0] == hand_of(cards(left_cards + " St"))


def test_T5_5_paid_tiles_go_to_the_box_paid_cards_to_the_discard_pile() -> None:
    """T5.5: the tile paid is in the box; the paid card and the played card are discarded."""
    g = game("Fl6 ~ Cr3 | Ol5", RB, hands={"Red": "Cr Ri"}, collected={"Red": "Am2"})
    am2 = held(g.state, 0, "Am2")
    g.play(move(0, "A", "Cr", tiles=[am2], paid="Ri"))
    assert g.state.box_tiles == (am2,)
    assert g.state.discard == hand_of(cards("Cr Ri"))
    assert g.state.box_cards == (0,) * 7


# --- T6 taking a tile ------------------------------------------------------------------


def test_T6_1_take_first_free_land_space_looking_back() -> None:
    """T6.1: looking back from Ri4, skip Ol3 (occupied), water, Cr2 (occupied): take Fl1."""
    # spaces: 1 Fl1, 2 Cr2 (Blue A), 3 water, 4 Ol3 (Blue B), 5 Ri4
    g = game(
        "Fl1 | Cr2 [Blue A] ~ Ol3 [Blue B] | Ri4",
        RB,
        hands={"Red": "Ri He He"},
    )
    fl1 = top(g.state, 1)
    events = g.play(move(0, "A", "Ri", paid="He He"))
    taken = only(events, TileTaken)
    assert (taken.space, taken.tile) == (1, fl1)
    assert collected_names(g.state, 0) == ["Fl1"]


def test_T6_1_the_space_just_left_counts_as_free() -> None:
    """T6.1: a pawn leaving Cr2 for the next space takes Cr2's tile."""
    g = game("Fl1 | Cr2 [Red A] | Ol3 | Ri4", RB, hands={"Red": "Ol"})
    events = g.play(move(0, "A", "Ol"))
    assert only(events, TileTaken).space == 2
    assert collected_names(g.state, 0) == ["Cr2"]


def test_T6_1_only_the_top_tile_of_a_stack_is_taken() -> None:
    """T6.1/T7.1: from a stack Am2/Ol4 the top Ol4 is taken and Am2 stays as land."""
    g = game("Fl1 | Am2/Ol4 | Cr3", RB, hands={"Red": "Cr"})
    bottom = g.state.spaces[2][0]
    g.play(move(0, "A", "Cr"))
    assert collected_names(g.state, 0) == ["Ol4"]
    assert g.state.spaces[2] == (bottom,)
    assert gap_spans(g.state) == []


def test_T6_2_on_the_mainland_take_the_free_space_nearest_it() -> None:
    """T6.2: reaching the Mainland, skip the occupied Ol3 and take Cr2."""
    g = game("Fl1 | Cr2 | Ol3 [Blue A]", RB, hands={"Red": "Ri"})
    events = g.play(move(0, "A", "Ri"))
    assert only(events, PawnMoved).landings == (MAINLAND,)
    assert only(events, TileTaken).space == 2
    assert collected_names(g.state, 0) == ["Cr2"]


def test_T6_3_no_free_land_space_means_no_tile() -> None:
    """T6.3: with the only space behind occupied, nothing is taken."""
    g = game("Fl1 [Blue A] | Cr2 | Ol3", RB, hands={"Red": "Cr"})
    events = g.play(move(0, "A", "Cr"))
    assert events_of(events, TileTaken) == []
    assert g.state.collected[0] == ()
    assert only(events, TurnEnded).next_player == 1


def test_T6_4_the_tile_is_face_up_in_front_of_the_player() -> None:
    """T6.4: the taken tile is among the player's collected tiles, seen by everybody."""
    g = game("Fl1 | Cr2 [Red A] | Ol3", RB, hands={"Red": "Ol"})
    cr2 = top(g.state, 2)
    g.play(move(0, "A", "Ol"))
    assert g.state.collected[0] == (cr2,)
    assert view_for(g.state, 1).state.collected[0] == (cr2,)


# --- T7 water --------------------------------------------------------------------------


def test_T7_1_taking_a_single_tile_makes_water_that_merges_gaps() -> None:
    """T7.1: taking Cr2 between two gaps leaves one gap from Fl5 to Ol6, priced 5."""
    # spaces: 1 Fl5, 2 water, 3 Cr2, 4 water, 5 Ol6, 6 Ri1
    g = game("Fl5 ~ Cr2 ~ Ol6 | Ri1", RB, hands={"Red": "Ol Ri Ri Ri Ri"})
    assert gap_spans(g.state) == [(2, 2, 2, False), (4, 4, 2, False)]
    events = g.play(move(0, "A", "Ol", paid="Ri Ri Ri Ri"))
    assert only(events, PawnMoved).owed == 4
    assert only(events, TileTaken).space == 3
    assert g.state.spaces[3] == ()
    assert gap_spans(g.state) == [(2, 4, 5, False)]


def test_T7_2_water_next_to_atlantis_leaves_the_path() -> None:
    """T7.2: once Fl3 is taken, the gap after it borders Atlantis and costs nothing."""
    # spaces: 1 Fl3, 2 water, 3 Cr4, 4 Ol5, 5 Ri6
    g = game("Fl3 ~ Cr4 | Ol5 | Ri6", RB, hands={"Red": "Cr Ri Ri Ri", "Blue": "Ol"})
    events = g.play(move(0, "A", "Cr", paid="Ri Ri Ri"))
    assert only(events, PawnMoved).owed == 3
    assert only(events, TileTaken).space == 1
    assert gap_spans(g.state) == []
    assert Board(g.state).first_land == 3
    events = g.play(move(1, "A", "Ol"))
    assert only(events, PawnMoved).owed == 0
    assert events_of(events, CrossingPaid) == []


def test_T7_2_water_next_to_the_mainland_leaves_the_path() -> None:
    """T7.2: once Ri1 then Ol5 are taken, the gap before them borders the Mainland and
    costs nothing; the pawn already home stays there."""
    # spaces: 1 Fl3, 2 Cr4, 3 water, 4 Ol5, 5 Ri1
    g = game(
        "Fl3 | Cr4 ~ Ol5 | Ri1",
        RB,
        hands={"Red": "Am Am He He He He", "Blue": "Am Ri Ri Ri Ri"},
    )
    events = g.play(move(0, "A", "Am", paid="He He He He"))
    assert only(events, PawnMoved).owed == 4
    assert only(events, TileTaken).space == 5
    assert Board(g.state).last_land == 4
    events = g.play(move(1, "A", "Am", paid="Ri Ri Ri Ri"))
    assert only(events, PawnMoved).owed == 4
    assert only(events, TileTaken).space == 4
    assert gap_spans(g.state) == []
    assert Board(g.state).last_land == 2
    events = g.play(move(0, "B", "Am"))
    assert only(events, PawnMoved).owed == 0
    assert only(events, TileTaken).space == 2
    assert g.state.pawns[0] == (MAINLAND, MAINLAND, ATLANTIS)


# --- T8 drawing ------------------------------------------------------------------------


def test_T8_draw_one_plus_pawns_on_the_mainland() -> None:
    """T8: with one pawn home a player draws 2; a pawn arriving this turn counts (3)."""
    g = game(
        "Fl1 | Cr2 | Ol3 | Ri4",
        RB,
        hands={"Red": "Fl Am", "Blue": "Cr"},
        home={"Red": "A"},
    )
    events = g.play(move(0, "B", "Fl"))
    assert only(events, CardsDrawn).count == 2
    events = g.play(move(1, "A", "Cr"))
    assert only(events, CardsDrawn).count == 1
    events = g.play(move(0, "C", "Am"))
    assert only(events, PawnMoved).landings == (MAINLAND,)
    drawn = only(events, CardsDrawn)
    assert (drawn.count, drawn.reason) == (3, "turn")


def test_T8_draw_is_the_same_whatever_number_of_cards_played() -> None:
    """T8: three cards played in a chain still draw 1; played cards are discarded."""
    g = game(
        "Fl1 [Blue A] | Cr2 | Fl3 [Red B] | Ol4 | Fl5",
        RB,
        hands={"Red": "Fl Fl Ol"},
        deck_after_deal=cards("St Ri"),
    )
    events = g.play(move(0, "A", "Fl Fl Ol"))
    drawn = only(events, CardsDrawn)
    assert (drawn.cards, drawn.count) == (cards("St"), 1)
    assert g.state.discard == hand_of(cards("Fl Fl Ol"))
    assert g.state.hands[0] == hand_of(cards("St"))


def test_T8_empty_draw_pile_reshuffles_the_discard_pile() -> None:
    """T8: with no draw pile, the discard pile (the card just played) becomes the pile."""
    g = game("Fl1 | Cr2", RB, hands={"Red": "Fl Cr"}, deck_after_deal=())
    events = g.play(move(0, "A", "Fl"))
    reshuffled = only(events, DeckReshuffled)
    assert reshuffled.deck == cards("Fl")
    assert only(events, CardsDrawn).cards == cards("Fl")
    assert g.state.hands[0] == hand_of(cards("Fl Cr"))
    assert g.state.deck == ()
    assert g.state.discard == (0,) * 7


def test_T8_both_piles_empty_draw_what_there_is() -> None:
    """T8: owed 2 cards with one card in the discard pile and none to draw: draw 1."""
    g = game("Fl1 | Cr2", RB, hands={"Red": "Fl"}, home={"Red": "A"}, deck_after_deal=())
    events = g.play(move(0, "B", "Fl"))
    assert sum(d.count for d in events_of(events, CardsDrawn)) == 1
    assert g.state.hands[0] == hand_of(cards("Fl"))
    assert only(events, TurnEnded).next_player == 1


# --- T9 cannot move --------------------------------------------------------------------


def test_T9_cannot_move_shows_hand_draws_two_and_ends_turn() -> None:
    """T9: with only an unaffordable crown, the player shows Cr, draws 2, takes no tile."""
    g = game(
        "Fl5 ~ Cr5 | Ol2",
        RB,
        hands={"Red": "Cr"},
        deck_after_deal=cards("St Ri He"),
    )
    spaces = g.state.spaces
    events = g.play(DeclareStuck(0))
    assert only(events, PlayerStuck).hand == cards("Cr")
    assert of_kind(event_for(only(events, PlayerStuck), 1), PlayerStuck).hand == cards("Cr")
    drawn = only(events, CardsDrawn)
    assert (drawn.cards, drawn.reason) == (cards("St Ri"), "stuck")
    assert events_of(events, TileTaken) == []
    assert events_of(events, PawnMoved) == []
    assert only(events, TurnEnded).next_player == 1
    assert g.state.spaces == spaces
    assert g.state.pawns[0] == (ATLANTIS,) * 3
    assert g.state.hands[0] == hand_of(cards("Cr St Ri"))


def test_T9_is_judged_after_the_optional_purchase() -> None:
    """T9/T1: a purchase that brings a flag gives a legal move, so stuck is refused."""
    g = game(
        "Fl5 ~ Cr5 | Ol2",
        RB,
        hands={"Red": "Cr"},
        collected={"Red": "Am4"},
        deck_after_deal=cards("Fl Fl"),
    )
    g.play(BuyCards(0, held(g.state, 0, "Am4")))
    with pytest.raises(IllegalMove) as refused:
        g.play(DeclareStuck(0))
    assert refused.value.rule == "T4.6"


def test_T9_stuck_after_a_purchase_that_does_not_help() -> None:
    """T9/T1: buying two crowns still leaves the crossing unaffordable: stuck, draw 2."""
    g = game(
        "Fl5 ~ Cr5 | Ol2",
        RB,
        hands={"Red": "Cr"},
        collected={"Red": "Am4"},
        deck_after_deal=cards("Cr Cr St Ri He"),
    )
    g.play(BuyCards(0, held(g.state, 0, "Am4")))
    events = g.play(DeclareStuck(0))
    assert only(events, PlayerStuck).hand == cards("Cr Cr Cr")
    assert only(events, CardsDrawn).cards == cards("St Ri")
    assert g.state.hands[0] == hand_of(cards("Cr Cr Cr St Ri"))
    assert g.state.current == 1
