"""Random playouts: every game ends, and the descriptor's functions agree at every step.

The playouts (``playouts.py``) come from several secrets, every player count
the game allows, uniform random commands and every bot; each must end within
``GameType.play.longest_game`` commands (``play`` fails otherwise), and never wait
for nobody before its end. After every event the state folds as it was built
(``test_fold``) and every event, command and state survives msgspec's
encoding: saves and the wire carry them so.
"""

from __future__ import annotations

from typing import Any

import msgspec

from core.kernel.errors import IllegalMove
from core.kernel.game_type import Result
from core.kernel.registry import AnyGameType
from tests.conformance.playouts import command_positions, playouts


def _round_trip(value: Any, kind: Any) -> Any:
    return msgspec.json.decode(msgspec.json.encode(value), type=kind)


def test_every_playout_ends_within_the_bound_the_game_states(game: AnyGameType) -> None:
    for playout in playouts(game):
        assert game.is_over(playout.states[-1]), playout.label
        assert game.to_act(playout.states[-1]) is None, playout.label
        assert len(playout.commands) <= game.play.longest_game, playout.label
    counts = {len(playout.players) for playout in playouts(game)}
    assert counts == set(range(game.players.least, game.players.most + 1))


def test_a_game_not_over_waits_for_a_seat_that_has_a_command(game: AnyGameType) -> None:
    for playout, number in command_positions(game):
        state = playout.before(number)
        assert not game.is_over(state), playout.label
        seat = game.to_act(state)
        assert seat is not None and 0 <= seat < len(playout.players), playout.label
        assert game.legal_commands(state), (playout.label, number)


def test_every_command_the_generator_lists_is_accepted(game: AnyGameType) -> None:
    """``legal_commands`` lists only what ``decide`` accepts, from the seat to act."""
    for playout, number in command_positions(game, every=5):
        state = playout.before(number)
        for command in game.legal_commands(state):
            try:
                events = game.decide(state, command)
            except IllegalMove as refusal:
                raise AssertionError(f"{playout.label}: {command} refused: {refusal}") from None
            assert events == game.decide_trusted(state, command), (playout.label, command)


def test_every_event_command_and_state_survives_encoding(game: AnyGameType) -> None:
    for playout in playouts(game):
        for event in playout.events:
            assert _round_trip(event, game.event_type) == event, playout.label
        for command in playout.commands:
            assert _round_trip(command, game.command_type) == command, playout.label
        for state in playout.states:
            if isinstance(state, msgspec.Struct):
                assert _round_trip(state, type(state)) == state, playout.label


def test_every_event_can_be_told_in_the_log(game: AnyGameType) -> None:
    for playout in playouts(game):
        for index, event in enumerate(playout.events[1:], start=1):
            line = game.presentation.describe(playout.states[index - 1], event)
            assert isinstance(line, str) and line.strip(), (playout.label, index)


def _check_result(game: AnyGameType, state: Any, seats: int, where: object) -> None:
    result = game.result(state)
    assert isinstance(result, Result), where
    assert len(result.scores) == len(result.ranks) == seats, where
    assert result.winners and all(0 <= seat < seats for seat in result.winners), where
    assert all(result.ranks[seat] == 1 for seat in result.winners), (where, result)


def test_a_finished_game_has_a_result_for_every_seat(game: AnyGameType) -> None:
    for playout in playouts(game):
        _check_result(game, playout.states[-1], len(playout.players), playout.label)


def test_a_game_in_progress_has_a_result_as_if_it_ended_now(game: AnyGameType) -> None:
    for playout, number in command_positions(game, every=5):
        _check_result(game, playout.before(number), len(playout.players), (playout.label, number))
