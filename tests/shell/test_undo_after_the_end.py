"""Undo after a game's last turn names what it takes back: turns, and the decisions the
rules ask of players outside their turns once the last one is played.

Atlantis asks the others for their final crossing (E2) after the move that ends the
game; Atlantica (``final_choices = ask``) asks everyone for their scoring choices.
Those are made under the last turn's number but are nobody's turn: undo must not
call them "Bob's turn 37" when turn 37 was Ann's.
"""

from __future__ import annotations

import random

import msgspec

from atlantis_tui.session import GameSession, Seat
from core.arkantis.game_type import ARKANTIS
from core.atlantica.game_type import ATLANTICA
from core.atlantis.events import FinalCrossingPaid
from core.atlantis.game_type import ATLANTIS
from core.kernel.bots import make_bot_from
from core.kernel.registry import AnyGameType


def played_out(
    game: AnyGameType, seats: list[Seat], seed: int, options: object = None
) -> GameSession:
    """A game of ``seats`` played to its end; the people's decisions are the greedy bot's."""
    session = GameSession.new(seats, seed, options, game=game)
    greedy = make_bot_from(game.play.bots, "greedy")
    rng = random.Random(seed)
    while not game.is_over(session.state):
        if session.is_bot_turn():
            session.play(session.bot_command())
        else:
            seat = session.to_act
            assert seat is not None
            session.play(greedy.decide(session.view(seat), rng))
    return session


def test_ann_ends_the_game_and_the_bot_pays_its_final_crossing() -> None:
    """The testers' game: undo takes back Ann's turn 37 and Bob's final crossing, which
    is no turn 37 of Bob's."""
    session = played_out(ATLANTIS, [Seat("Ann"), Seat("Bob", "greedy")], seed=5)
    plan = session.undo_plan()
    assert plan is not None and plan.seat == 0
    assert plan.turns == ((0, 37),)
    assert plan.outside == ((1, 37),)
    assert plan.seats == (0, 1)
    assert any(isinstance(e, FinalCrossingPaid) and e.player == 1 for e in plan.events)
    session.undo()
    assert session.to_act == 0 and session.state.phase == "playing"


def test_a_person_undoing_their_final_crossing_takes_back_no_turn() -> None:
    """Two people: Ann's move ended the game, Bob chose how to pay his crossing. Undo
    takes back that choice alone."""
    session = played_out(ATLANTIS, [Seat("Ann"), Seat("Bob")], seed=5)
    plan = session.undo_plan()
    assert plan is not None and plan.seat == 1
    assert plan.turns == () and plan.outside == ((1, 37),)
    assert isinstance(plan.events[0], FinalCrossingPaid)
    session.undo()
    assert session.to_act == 1 and session.state.phase == "final_crossing"


def test_scoring_choices_after_the_end_are_no_turns() -> None:
    """Atlantica asks the scoring choices of everyone after Bob's last turn, 38: Bob's is
    named apart from his turn, and Cleo's is no turn 38 of hers."""
    ask = msgspec.structs.replace(ATLANTICA.default_options(), final_choices="ask")
    seats = [Seat("Ann"), Seat("Bob", "random"), Seat("Cleo", "random")]
    session = GameSession.new(seats, 1, ask, game=ATLANTICA)
    while not ATLANTICA.is_over(session.state):
        if session.is_bot_turn():
            session.play(session.bot_command())
        else:
            session.play(ATLANTICA.legal_commands(session.state)[0])
    plan = session.undo_plan()
    assert plan is not None and plan.seat == 0
    assert plan.turns == ((0, 37), (1, 38))
    assert plan.outside == ((1, 38), (2, 38))
    assert plan.seats == (0, 1, 2)


def test_a_game_without_decisions_after_the_end_has_turns_only() -> None:
    """ArkantiS ends in the bot's last turn: Ann's turn and Bob's, as they were."""
    session = played_out(ARKANTIS, [Seat("Ann"), Seat("Bob", "greedy")], seed=3)
    plan = session.undo_plan()
    assert plan is not None
    assert plan.turns == ((0, 40), (1, 41)) and plan.outside == ()
