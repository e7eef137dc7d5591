"""The same secret and the same commands give the same events, byte for byte.

A save holds events, and a host and its clients, a replay and ``check`` all
rebuild a game by running the rules again: that only works if the rules are
functions of what they are given. So ``setup`` gives the same opening for the
same players, options and secret; ``decide`` the same events for the same
state and command, however often it is asked; and a game replayed from its
secret and commands is the game that was played.
"""

from __future__ import annotations

from typing import Any

import msgspec

from core.kernel.registry import AnyGameType
from tests.conformance.playouts import Playout, playouts


def _replayed(playout: Playout, commands: tuple[Any, ...]) -> list[Any]:
    """The events of a new game from the playout's secret, given ``commands``."""
    game = playout.game
    events = list(game.setup(playout.players, playout.options, playout.secret))
    state = game.fold(events)
    for command in commands:
        caused = game.decide(state, command)
        for event in caused:
            state = game.evolve(state, event)
        events += caused
    return events


def test_the_same_secret_and_commands_give_the_same_events(game: AnyGameType) -> None:
    for playout in playouts(game):
        again = _replayed(playout, playout.commands)
        assert msgspec.json.encode(again) == msgspec.json.encode(playout.events), playout.label


def test_setup_gives_the_same_opening_for_the_same_secret(game: AnyGameType) -> None:
    for playout in playouts(game):
        first = game.setup(playout.players, playout.options, playout.secret)
        second = game.setup(playout.players, playout.options, playout.secret)
        assert first == second == list(playout.events[: playout.opening]), playout.label


def test_decide_gives_the_same_events_every_time_and_changes_no_state(
    game: AnyGameType,
) -> None:
    for playout in playouts(game):
        for number, command in enumerate(playout.commands):
            state = playout.before(number)
            written = msgspec.json.encode(state)
            first = game.decide(state, command)
            assert game.decide(state, command) == first, (playout.label, number)
            assert msgspec.json.encode(state) == written, (playout.label, number)
            start = playout.starts[number]
            assert first == list(playout.events[start : start + len(first)])
