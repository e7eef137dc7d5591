"""Rules E1–E3 (end of the game, final crossing, score) and the stalemate rule E4."""

from __future__ import annotations

import pytest

from core.atlantis.commands import BuyCards, DeclareStuck, PayFinalCrossing, Payment, PlaceBridge
from core.atlantis.events import (
    CardsDrawn,
    CrossingPaid,
    FinalCrossingPaid,
    FinalCrossingStarted,
    GameEnded,
    PawnMoved,
    PlayerStuck,
    TileTaken,
    TurnEnded,
)
from core.atlantis.moves import final_debt
from core.atlantis.state import ATLANTIS, MAINLAND
from core.kernel.errors import GameOver, IllegalMove, NotYourTurn
from tests.core.helpers import (
    AtlantisGame,
    cards,
    collected_names,
    events_of,
    game,
    held,
    move,
    only,
)

RB = ["Red", "Blue"]
RBG = ["Red", "Blue", "Green"]


# --- E1 third pawn home ----------------------------------------------------------------

E1_PATH = "Fl2 | Cr3 ~ Ol4 | Ri5"
# spaces: 1 Fl2, 2 Cr3, 3 water, 4 Ol4, 5 Ri5


def _e1_game() -> AtlantisGame:
    return game(
        E1_PATH,
        RB,
        hands={"Red": "Am", "Blue": "Fl Fl Fl"},
        collected={"Red": "St3", "Blue": "Am5 He6"},
        home={"Red": "AB"},
    )


def test_E1_third_pawn_home_finishes_the_turn_then_the_game_ends() -> None:
    """E1: the third pawn home pays, takes the tile by T6.2, draws 4; no normal turn follows."""
    g = _e1_game()
    st3 = held(g.state, 0, "St3")
    events = g.play(move(0, "C", "Am", tiles=[st3]))
    assert only(events, PawnMoved).landings == (MAINLAND,)
    assert only(events, CrossingPaid).owed == 3
    assert only(events, TileTaken).space == 5
    drawn = only(events, CardsDrawn)
    assert (drawn.count, drawn.reason) == (4, "turn")
    started = only(events, FinalCrossingStarted)
    assert (started.finisher, started.pending) == (0, (1,))
    assert events_of(events, TurnEnded) == []
    assert g.state.phase == "final_crossing"
    assert g.state.to_act == 1
    with pytest.raises(IllegalMove) as refused:
        g.play(move(1, "A", "Fl"))
    assert "E2" in str(refused.value)
    with pytest.raises(IllegalMove):
        g.play(BuyCards(1, held(g.state, 1, "Am5")))
    with pytest.raises(IllegalMove):
        g.play(DeclareStuck(1))
    assert g.state.pawns[1] == (ATLANTIS,) * 3


def test_E1_second_pawn_home_does_not_end_the_game() -> None:
    """E1: only the third pawn ends the game; with two home the next player moves."""
    g = game(E1_PATH, RB, hands={"Red": "Am He He He", "Blue": "Fl"}, home={"Red": "A"})
    events = g.play(move(0, "B", "Am", paid="He He He"))
    assert only(events, CardsDrawn).count == 3
    assert events_of(events, FinalCrossingStarted) == []
    assert only(events, TurnEnded).next_player == 1
    assert g.state.phase == "playing"


def test_E1_no_command_after_the_game_is_over() -> None:
    """E1: once the game has ended, every command is refused."""
    g = game(
        "Fl2 [Blue A] | Cr5 [Blue B] | Ol4 [Red C] | Ri6",
        RB,
        hands={"Red": "Am", "Blue": "Fl"},
        home={"Red": "AB", "Blue": "C"},
    )
    g.play(move(0, "C", "Am"))
    assert g.state.is_over
    for command in (move(1, "A", "Fl"), DeclareStuck(1), PayFinalCrossing(1)):
        with pytest.raises(GameOver) as refused:
            g.play(command)
        assert refused.value.rule == "E1"


# --- E2 final crossing -----------------------------------------------------------------

E2_PATH = "Fl2 [Blue A] ~ Cr5 | Ol4 ~ Ri6 [Red C] | He3 | Am1"
# spaces: 1 Fl2 (Blue A), 2 water, 3 Cr5, 4 Ol4, 5 water, 6 Ri6 (Red C), 7 He3, 8 Am1


def _e2_game(path: str = E2_PATH, green: tuple[str, str] = ("St7", "Ol")) -> AtlantisGame:
    return game(
        path,
        RBG,
        hands={"Red": "St", "Blue": "Fl Fl", "Green": green[1]},
        collected={"Blue": "Am5 Cr3", "Green": green[0]},
        home={"Red": "AB", "Blue": "BC", "Green": "AB"},
    )


def test_E2_others_cross_to_the_mainland_paying_gap_prices_once() -> None:
    """E2: Blue A (from Fl2) and Green C (from Atlantis) each owe 2 + 4 = 6, paid as one
    payment from any tiles and cards; nobody takes a tile or draws."""
    g = _e2_game()
    events = g.play(move(0, "C", "St"))
    assert only(events, TileTaken).space == 8
    assert only(events, FinalCrossingStarted).pending == (1, 2)
    assert final_debt(g.state, 1) == 6
    assert final_debt(g.state, 2) == 6
    spaces, deck = g.state.spaces, g.state.deck
    with pytest.raises(NotYourTurn):
        g.play(PayFinalCrossing(2, Payment(tiles=(held(g.state, 2, "St7"),))))
    am5 = held(g.state, 1, "Am5")
    with pytest.raises(IllegalMove) as refused:
        g.play(PayFinalCrossing(1, Payment(tiles=(am5,))))
    assert refused.value.rule == "E2"
    with pytest.raises(IllegalMove) as refused:
        g.play(PayFinalCrossing(1, Payment(tiles=(am5,), cards=cards("Ri"))))
    assert refused.value.rule == "E2"
    events = g.play(PayFinalCrossing(1, Payment(tiles=(am5,), cards=cards("Fl"))))
    paid = only(events, FinalCrossingPaid)
    assert (paid.player, paid.owed, paid.tiles, paid.cards) == (1, 6, (am5,), cards("Fl"))
    assert g.state.to_act == 2
    st7 = held(g.state, 2, "St7")
    events = g.play(PayFinalCrossing(2, Payment(tiles=(st7,))))
    paid = only(events, FinalCrossingPaid)
    assert (paid.player, paid.owed, paid.tiles, paid.shortfall) == (2, 6, (st7,), 0)
    ended = only(events, GameEnded)
    # Red: Am1 + 4 cards; Blue: Cr3 + 1 card; Green: 1 card.
    assert ended.scores == (5, 4, 1)
    assert ended.winners == (0,)
    assert g.state.pawns == ((MAINLAND,) * 3,) * 3
    assert g.state.spaces == spaces
    assert g.state.deck == deck
    assert collected_names(g.state, 1) == ["Cr3"]


def test_E2_bridged_gaps_cost_nothing_in_the_final_crossing() -> None:
    """E2/T5.3: with the Ol4–Ri6 gap bridged, Blue A and Green C owe only 2 each."""
    g = _e2_game(path="Fl2 [Blue A] ~ Cr5 | Ol4 ~B~ Ri6 [Red C] | He3 | Am1")
    g.play(move(0, "C", "St"))
    assert final_debt(g.state, 1) == 2
    events = g.play(PayFinalCrossing(1, Payment(cards=cards("Fl Fl"))))
    assert only(events, FinalCrossingPaid).owed == 2
    events = g.play(PayFinalCrossing(2, Payment(tiles=(held(g.state, 2, "St7"),))))
    assert only(events, FinalCrossingPaid).owed == 2
    assert only(events, GameEnded).scores == (5, 8, 1)


def test_E2_no_bridge_can_be_placed_any_more() -> None:
    """E2: during the final crossing a player cannot place his bridge to avoid a price."""
    g = _e2_game()
    g.play(move(0, "C", "St"))
    with pytest.raises(IllegalMove) as refused:
        g.play(PlaceBridge(1, 2))
    assert "E2" in str(refused.value)
    assert g.state.bridges == (None, None, None)
    assert final_debt(g.state, 1) == 6


def test_E2_a_player_owing_nothing_settles_without_paying() -> None:
    """E2: pawns with no gap ahead cross for free; the player keeps everything."""
    g = game(
        "Fl2 [Blue A] | Cr5 [Blue B] | Ol4 [Red C] | Ri6",
        RB,
        hands={"Red": "Am", "Blue": "Fl Fl"},
        collected={"Blue": "He4"},
        home={"Red": "AB"},
    )
    events = g.play(move(0, "C", "Am"))
    paid = only(events, FinalCrossingPaid)
    assert (paid.player, paid.owed, paid.tiles, paid.cards) == (1, 0, (), ())
    assert only(events, GameEnded).scores == (10, 6)


def test_E2_1_a_player_who_cannot_pay_scores_held_minus_owed() -> None:
    """E2.1: Green holds 2 + 1 = 3 and owes 6: he gives up everything and scores -3."""
    g = _e2_game(green=("Ol2", "Fl"))
    g.play(move(0, "C", "St"))
    events = g.play(PayFinalCrossing(1, Payment(tiles=(held(g.state, 1, "Am5"),), cards=(0,))))
    green = [p for p in events_of(events, FinalCrossingPaid) if p.player == 2]
    assert len(green) == 1
    assert (green[0].owed, green[0].shortfall, green[0].cards) == (6, 3, cards("Fl"))
    assert len(green[0].tiles) == 1
    assert g.state.collected[2] == ()
    assert sum(g.state.hands[2]) == 0
    ended = only(events, GameEnded)
    assert ended.scores == (5, 4, -3)
    assert ended.winners == (0,)


# --- E3 score --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("blue_tiles", "blue_cards", "scores", "winners"),
    [
        ("St7", "Fl Fl Fl", (10, 10), (0, 1)),
        ("St7", "Fl Fl", (10, 9), (0,)),
        ("St7 He2", "Fl Fl", (10, 11), (1,)),
    ],
)
def test_E3_score_is_tiles_plus_cards_and_ties_share_the_win(
    blue_tiles: str, blue_cards: str, scores: tuple[int, ...], winners: tuple[int, ...]
) -> None:
    """E3: score = tile values + 1 per card (an unplaced bridge adds nothing); ties share."""
    g = game(
        "Fl2 [Blue A] | Cr5 [Blue B] | Ol4 [Red C] | Ri6",
        RB,
        hands={"Red": "Am", "Blue": blue_cards},
        collected={"Blue": blue_tiles},
        home={"Red": "AB"},
    )
    events = g.play(move(0, "C", "Am"))
    ended = only(events, GameEnded)
    assert g.state.bridges == (None, None)
    assert (ended.scores, ended.winners) == (scores, winners)
    assert g.state.scores == scores


# --- E4 stalemate ----------------------------------------------------------------------

STUCK_PATH = "Fl5 ~ Cr5"
# spaces: 1 Fl5, 2 water, 3 Cr5; every pawn on Atlantis owes 5 to reach the Mainland


def test_E4_a_round_of_stuck_turns_drawing_nothing_ends_the_game() -> None:
    """E4: no cards anywhere, both players stuck in a row: everybody's final crossing."""
    g = game(STUCK_PATH, RB, collected={"Red": "Am2"}, deck_after_deal=())
    events = g.play(DeclareStuck(0))
    assert events_of(events, CardsDrawn) == []
    assert only(events, TurnEnded).next_player == 1
    assert g.state.phase == "playing"
    events = g.play(DeclareStuck(1))
    assert only(events, PlayerStuck).player == 1
    started = only(events, FinalCrossingStarted)
    assert (started.finisher, started.pending) == (None, (0, 1))
    paid = {p.player: (p.owed, p.shortfall) for p in events_of(events, FinalCrossingPaid)}
    assert paid == {0: (15, 13), 1: (15, 15)}
    ended = only(events, GameEnded)
    assert (ended.scores, ended.winners) == ((-13, -15), (0,))


def test_E4_a_stuck_turn_that_draws_does_not_count() -> None:
    """E4: a stuck turn that draws a card breaks the run; the game ends a round later."""
    g = game(STUCK_PATH, RB, deck_after_deal=cards("Cr"))
    events = g.play(DeclareStuck(0))
    assert only(events, CardsDrawn).cards == cards("Cr")
    g.play(DeclareStuck(1))
    assert g.state.phase == "playing"
    assert g.state.current == 0
    events = g.play(DeclareStuck(0))
    assert only(events, PlayerStuck).hand == cards("Cr")
    assert only(events, FinalCrossingStarted).finisher is None
    assert g.state.is_over


def test_E4_three_players_need_three_stuck_turns() -> None:
    """E4: with three players, two stuck turns in a row are not yet a whole round."""
    g = game(STUCK_PATH, RBG, deck_after_deal=())
    g.play(DeclareStuck(0))
    g.play(DeclareStuck(1))
    assert g.state.phase == "playing"
    assert g.state.current == 2
    events = g.play(DeclareStuck(2))
    assert only(events, FinalCrossingStarted).pending == (0, 1, 2)
    assert only(events, GameEnded).scores == (-15, -15, -15)
