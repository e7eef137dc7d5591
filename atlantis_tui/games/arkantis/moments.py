"""What the last action changed, read from events: the squares it lifted or moved a
token from and to, and the sets it modified with what each paid (T4)."""

from __future__ import annotations

from collections.abc import Sequence

from core.arkantis.events import ActionResolved, ModifiedSet, TokenMoved, TokensRemoved
from core.arkantis.squares import parse
from core.kernel.events import events_in_force


def action_marks(events: Sequence[object]) -> tuple[frozenset[int], tuple[ModifiedSet, ...]]:
    """The squares the last action among ``events`` changed, and the sets it modified."""
    changed: frozenset[int] = frozenset()
    sets: tuple[ModifiedSet, ...] = ()
    for event in reversed(events_in_force(list(events))):
        if isinstance(event, ActionResolved) and not sets:
            sets = event.sets
        elif isinstance(event, TokensRemoved):
            changed = frozenset(sq for sq in map(parse, event.squares) if sq is not None)
            break
        elif isinstance(event, TokenMoved):
            changed = frozenset(
                sq for sq in map(parse, (event.origin, event.target)) if sq is not None
            )
            break
    return changed, sets
