"""Hints: the expert's choice from the player's own view, in two stages."""

from __future__ import annotations

from core.arkantis.commands import Remove
from core.arkantis.decide import decide
from core.arkantis.evolve import fold
from core.arkantis.hints import detail, gist, hint
from core.arkantis.options import Options
from core.arkantis.setup import new_game
from core.arkantis.squares import names


def _opening():  # type: ignore[no-untyped-def]
    return fold(new_game(("Ann", "Bob"), Options(), "ab" * 32))


def test_a_hint_is_a_command_the_rules_accept_for_the_seat_to_act() -> None:
    state = _opening()
    found = hint(state, state.current, iterations=60)
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
