"""Hints: the expert's choice from the player's own view, in two stages."""

from __future__ import annotations

from pathlib import Path

from core.arkantis.commands import Buy, EndTurn, Remove
from core.arkantis.decide import decide
from core.arkantis.evolve import fold
from core.arkantis.game_type import ARKANTIS
from core.arkantis.hints import detail, gist, hint
from core.arkantis.legal_commands import legal_commands
from core.arkantis.options import Options
from core.arkantis.preview import ActionPreview, preview
from core.arkantis.setup import new_game
from core.arkantis.squares import names
from core.arkantis.state import State
from core.arkantis.view import view_for
from core.games import GAMES
from core.kernel.savefile import read_save
from core.services.hints import weighed_commands

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "hints"


def _opening() -> State:
    return fold(new_game(("Ann", "Bob"), Options(), "ab" * 32))


def test_a_hint_is_a_command_the_rules_accept_for_the_seat_to_act() -> None:
    state = _opening()
    found = hint(state, state.current, playouts=60)
    assert found is not None
    assert found.command.seat == state.current
    assert decide(state, found.command)  # legal: the rules give its events
    assert found.gist and found.detail


def test_the_gist_names_the_row_and_the_detail_the_squares_and_earnings() -> None:
    state = _opening()
    square = names(state.tokens & ~((1 << 7) - 1))[0]  # a token below row 1
    command = Remove(state.current, (square,))
    assert gist(state, command) == f"Remove one token, in row {square[1]} (T3.1)."
    assert detail(state, command).startswith(f"Remove {square}: ")
    assert square not in gist(state, command)


def test_a_free_removal_says_why_it_beats_passing() -> None:
    """A removal that earns nothing and costs nothing (often the endgame's best, and the
    review's) says so, and that passing would end the game (T5), rather than a bare
    "0 pions for 0"."""
    state = _opening()
    for square in names(state.tokens):
        command = Remove(state.current, (square,))
        found = preview(state, command)
        if isinstance(found, ActionPreview) and not found.pions and not found.laid:
            break
    else:
        raise AssertionError("no free removal that earns nothing in the opening")
    said = detail(state, command)
    assert said.startswith(f"Remove {square}: it earns nothing")
    assert "passing would end your game (T5)" in said and "0 pions" not in said


def test_after_the_action_every_purchase_and_ending_the_turn_are_weighed() -> None:
    """After his action a player may buy from any pile he can afford or end his turn:
    the hint weighs them all (the expert alone offered the greedy bot's choice only),
    as the review does, so a purchase or the end of the turn is advised when best."""
    saved = read_save(FIXTURES / "arkantis-purchase.atlantis.jsonl", GAMES)
    state = fold(list(saved.events))
    assert state.phase == "after"
    view = view_for(state, state.current)
    reviewer = ARKANTIS.play.review_search(view) if ARKANTIS.play.review_search else None
    assert reviewer is not None
    weighed = weighed_commands(ARKANTIS, reviewer, view, seed=0)
    legal = legal_commands(state)
    assert set(legal) <= set(weighed) and len(legal) > 2
    assert any(isinstance(command, Buy) for command in legal)
    assert EndTurn(state.current) in weighed


def test_no_hint_under_options_the_bots_refuse() -> None:
    """Without a move limit a game may never end (E1.4): the expert does not play it,
    and there is no hint rather than a crash."""
    state = fold(new_game(("Ann", "Bob"), Options(move_limit=None), "ab" * 32))
    assert hint(state, state.current, playouts=20) is None
