"""Hints agree with the review, and come from the seat's view alone, in every game.

Each position is a save in ``tests/fixtures/hints`` (a simulated game cut before one
decision, so that it does not shift when the bots change) where the hint the game
gave before hints came from the review's own judgement was graded worse than good
by ``atlantis review``: its move is written here. The hint now (each game's
``hint``, its default budget and seed) must be graded good, the old move as it was.
Budgets are numbers of playouts, so the grades are the same on any machine.

The positions were cut from ``play_game`` with ``secret_from_seed(number)``: Atlantis
702 (greedy, random) before event 113, ArkantiS 209 (four greedy) before event 48,
Atlantica 604 (greedy, random, greedy) before event 199.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from core.arkantis.commands import Buy
from core.arkantis.commands import EndTurn as ArkantisEndTurn
from core.arkantis.hints import hint as arkantis_hint
from core.atlantica.commands import Pass, PerformAction
from core.atlantica.hints import hint as atlantica_hint
from core.atlantis.commands import Move, Payment, PlaceBridge
from core.atlantis.hints import hint as atlantis_hint
from core.games import GAMES
from core.kernel.registry import AnyGameType
from core.kernel.savefile import read_save
from core.services.review import (
    BLUNDER,
    DEFAULT_BUDGET,
    GOOD,
    MISTAKE,
    Position,
    ReviewedDecision,
    judge_position,
)
from tests.conformance.privacy import MARKERS

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "hints"


def position(name: str) -> tuple[AnyGameType, Any, int]:
    """The game, the state and the seat to act of fixture ``name``."""
    saved = read_save(FIXTURES / f"{name}.atlantis.jsonl", GAMES)
    game = GAMES.get(saved.header.game)
    state = game.fold(list(saved.events))
    seat = game.to_act(state)
    assert seat is not None
    return game, state, seat


def judged(game: AnyGameType, state: Any, seat: int, command: Any) -> ReviewedDecision:
    """The review's judgement of ``command`` in ``state`` (default budget, seed 1)."""
    found = judge_position(Position(game, 0, 1, 2, seat, state, command, DEFAULT_BUDGET, 1))
    assert found is not None
    return found


def words(decision: ReviewedDecision) -> str:
    return f"{decision.grade}, loss {decision.loss}, best {decision.best}"


def hint_of(game: AnyGameType, state: Any, seat: int) -> Any:
    """The game's own hint (default budget and seed), its command and two stages."""
    found: Any
    if game.id == "atlantis":
        found = atlantis_hint(state, seat)
        return found.command, found.text(1), found.text(2)
    found = (arkantis_hint if game.id == "arkantis" else atlantica_hint)(state, seat)
    assert found is not None
    return found.command, found.gist, found.detail


def test_atlantis_the_hint_bridges_where_the_old_one_moved_for_a_mistake() -> None:
    """Random-2 to play: the old hint moved pawn A with a card (a mistake, about 5
    points: the water ahead stays for everybody); the review's best is the bridge,
    and so is the hint now, graded good."""
    game, state, seat = position("atlantis-bridge")
    old = Move(seat, 0, (1,), Payment((), ()))
    assert judged(game, state, seat, old).grade == MISTAKE
    command, first, _second = hint_of(game, state, seat)
    assert isinstance(command, PlaceBridge)
    assert first == "Place your bridge first (T2)."
    decision = judged(game, state, seat, command)
    assert decision.grade == GOOD and decision.loss < 1.0, words(decision)


def test_arkantis_the_hint_buys_where_the_old_one_ended_the_turn() -> None:
    """Four players, greedy-3 after his action with 5 pions: the old hint (the greedy
    bot's purchase rule, never searched) ended the turn, a mistake of about 4 points;
    the hint now weighs every purchase and ending the turn, and buys, graded good."""
    game, state, seat = position("arkantis-purchase")
    assert state.phase == "after"
    assert judged(game, state, seat, ArkantisEndTurn(seat)).grade == MISTAKE
    command, first, second = hint_of(game, state, seat)
    assert isinstance(command, Buy)
    assert first.startswith("Buy an ") and second.startswith("Buy ")
    decision = judged(game, state, seat, command)
    assert decision.grade == GOOD and decision.loss < 1.0, words(decision)


def test_atlantica_the_hint_passes_where_the_old_one_chartered_a_ship() -> None:
    """Three players: an old hint chartered a ship at the port with two divers. The
    review grades it a blunder now that the expert judges a position by the final
    scores it foretells (by ``valuation.worth`` it was an inaccuracy, and one diver at
    the submarine was the best). The hint and the review agree: pass and draw five
    divers (T8); the submarine is a mistake."""
    game, state, seat = position("atlantica-submarine")
    old = PerformAction(seat, "port", 2, ("R12", "G11"))
    assert judged(game, state, seat, old).grade == BLUNDER
    dive = PerformAction(seat, "submarine", 1, ("G11",))
    assert judged(game, state, seat, dive).grade == MISTAKE
    command, first, _second = hint_of(game, state, seat)
    assert isinstance(command, Pass)
    assert first.startswith("Catch your breath: pass")
    decision = judged(game, state, seat, command)
    assert decision.grade == GOOD and decision.loss < 1.0, words(decision)


@pytest.mark.parametrize("name", ["atlantis-bridge", "arkantis-purchase", "atlantica-submarine"])
def test_a_hint_cannot_see_hidden_cards(name: str) -> None:
    """The same position with every card the seat cannot see replaced by a marker
    (``GameType.privacy.plant``, as the conformance kit's review test does) gives the same
    hint, both stages worded alike."""
    game, state, seat = position(name)
    assert game.privacy.plant is not None
    first = hint_of(game, state, seat)
    for marker in MARKERS:
        planted = game.privacy.plant(state, seat, marker)
        assert hint_of(game, planted, seat) == first
