"""E5 (an addition): a player may resign on his turn; the game goes on without him
while two players are left, and ends at once when one is left."""

from __future__ import annotations

import pytest

from core.atlantis.check import check_events
from core.atlantis.commands import DeclareStuck, PayFinalCrossing, Payment, Resign
from core.atlantis.events import FinalCrossingStarted, GameEnded, PlayerResigned, TurnEnded
from core.atlantis.scoring import projected_score
from core.atlantis.state import ATLANTIS
from core.kernel.errors import IllegalMove, NotYourTurn
from tests.core.helpers import game, held, move, seeded_game
from tests.core.test_rules_end import E2_PATH, RBG, STUCK_PATH


def test_E5_a_resigned_player_leaves_the_path_and_his_turns_are_passed_over() -> None:
    game = seeded_game(["Ann", "Bob", "Cleo"], 4)
    assert game.state.current == 0
    events = game.play(Resign(0))
    assert events == [PlayerResigned(0), TurnEnded(0, 1)]
    state = game.state
    assert state.resigned == (0,) and state.in_play == (1, 2)
    assert state.pawns[0] == (ATLANTIS,) * 3
    assert state.next_seat(2) == 1  # Cleo's turn passes to Bob, not to Ann
    assert check_events(game.events).ok


def test_E5_only_the_player_to_act_resigns() -> None:
    game = seeded_game(["Ann", "Bob", "Cleo"], 4)
    with pytest.raises(NotYourTurn):
        game.play(Resign(1))


def test_E5_when_one_player_is_left_the_game_ends_and_he_wins() -> None:
    game = seeded_game(["Ann", "Bob"], 4)
    before = game.state
    events = game.play(Resign(0))
    ended = events[-1]
    assert isinstance(ended, GameEnded) and ended.winners == (1,)
    assert game.state.is_over
    assert ended.scores[1] == projected_score(before, 1)
    assert check_events(game.events).ok


def test_E5_a_resigned_player_wins_nothing_even_with_the_best_score() -> None:
    game = seeded_game(["Ann", "Bob", "Cleo"], 4)
    game.play(Resign(0))
    game.play(Resign(1))
    ended = game.events[-1]
    assert isinstance(ended, GameEnded) and ended.winners == (2,)


def test_E5_the_resigned_make_no_final_crossing_and_nobody_resigns_in_it() -> None:
    """Green resigns; then Red's third pawn comes home (E1): only Blue crosses (E2), and
    Blue may not resign now that only the crossings remain."""
    g = game(
        E2_PATH,
        RBG,
        hands={"Red": "St", "Blue": "Fl Fl", "Green": "Ol"},
        collected={"Blue": "Am5 Cr3", "Green": "St7"},
        home={"Red": "AB", "Blue": "BC", "Green": "AB"},
        current="Green",
    )
    assert g.play(Resign(2)) == [PlayerResigned(2), TurnEnded(2, 0)]
    events = g.play(move(0, "C", "St"))
    started = next(e for e in events if isinstance(e, FinalCrossingStarted))
    assert started.pending == (1,)
    with pytest.raises(IllegalMove) as refused:
        g.play(Resign(1))
    assert refused.value.rule == "E5"
    g.play(PayFinalCrossing(1, Payment(tiles=(held(g.state, 1, "Am5"), held(g.state, 1, "Cr3")))))
    ended = g.events[-1]
    assert isinstance(ended, GameEnded) and 2 not in ended.winners


def test_E4_counts_only_the_players_still_in_the_game() -> None:
    """With one of three resigned, two stuck turns in a row drawing nothing are a
    whole round: the final crossing comes, without the one who resigned."""
    g = game(STUCK_PATH, RBG, deck_after_deal=(), current="Green")
    g.play(Resign(2))
    g.play(DeclareStuck(0))
    assert g.state.phase == "playing" and g.state.current == 1
    events = g.play(DeclareStuck(1))
    started = next(e for e in events if isinstance(e, FinalCrossingStarted))
    assert started.pending == (0, 1)
    ended = g.events[-1]
    assert isinstance(ended, GameEnded) and 2 not in ended.winners
