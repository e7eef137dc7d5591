"""A fold of the events is the state built one event at a time, at every event.

Saves, replays, undo and every client rebuild states with ``fold``, while a
game in play moves on with ``evolve``: the two must agree everywhere, or a
game reloaded would not be the game that was saved.
"""

from __future__ import annotations

from core.kernel.registry import AnyGameType
from tests.conformance.playouts import playouts


def test_fold_equals_the_incremental_state_at_every_event(game: AnyGameType) -> None:
    for playout in playouts(game):
        for count in range(1, len(playout.events) + 1):
            folded = game.fold(playout.events[:count])
            assert folded == playout.states[count - 1], (playout.label, count)


def test_folding_twice_gives_equal_states(game: AnyGameType) -> None:
    """``fold`` keeps nothing between calls: the same events, the same state."""
    for playout in playouts(game):
        assert game.fold(playout.events) == game.fold(list(playout.events)), playout.label
