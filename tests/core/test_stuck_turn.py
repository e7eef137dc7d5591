"""A turn stuck (T9) applied at once (``stuck_turn.apply``, inside ``evolve_all``) equals
its events applied one by one, on states and on players' views; no other run of
events is taken for one."""

from __future__ import annotations

from functools import reduce

from msgspec.structs import replace

from core.atlantis import stuck_turn
from core.atlantis.commands import DeclareStuck
from core.atlantis.evolve import evolve, evolve_all
from core.atlantis.view import event_for, view_for, with_revealed
from tests.core.test_speedups import _turns


def test_a_stuck_turn_applied_at_once_equals_its_events_one_by_one() -> None:
    applied = 0
    for seed in range(24):
        for state, command, events in _turns(seed):
            stepped = reduce(evolve, events, state)
            at_once = stuck_turn.apply(state, events)
            if at_once is not None:
                assert isinstance(command, DeclareStuck)
                assert at_once == stepped
                # After a purchase, a bridge and stuck turns before: what the turn resets.
                busy = replace(
                    state, purchases=1, bought=(1, 0, 0, 0, 0, 0, 1), bridged_this_turn=True
                )
                busy = replace(busy, stuck_streak=2)
                assert stuck_turn.apply(busy, events) == reduce(evolve, events, busy)
                applied += 1
            assert evolve_all(state, events) == stepped
    assert applied > 30, applied


def test_a_view_applies_a_stuck_turn_at_once_as_one_by_one() -> None:
    """Another seat's view sees how many cards were drawn, not which."""
    applied = 0
    for seed in range(12):
        for state, _command, events in _turns(seed):
            after = reduce(evolve, events, state)
            revealed = [with_revealed(event, after) for event in events]
            for seat in range(state.player_count):
                seen = [event_for(event, seat, state.options.open_hands) for event in revealed]
                view = view_for(state, seat).state
                at_once = stuck_turn.apply(view, seen)
                if at_once is not None:
                    assert at_once == reduce(evolve, seen, view)
                    applied += 1
    assert applied > 30, applied
