"""Values worked out from a state, carried to the next state instead of rebuilt.

A state keeps what has been worked out from it in its ``__dict__`` (see
``core.atlantis.state``). Most events leave the spaces and the bridges alone, so the
next state can keep the same board and the same hidden spaces; a tile taken or
a bridge placed changes one place, and the next board is derived from that
change. Nothing is carried from a state that never had them worked out, so
``fold`` pays nothing for them.
"""

from __future__ import annotations

from core.atlantis.board import BOARD_KEY, Board
from core.atlantis.events import AnyEvent, BridgePlaced, TileTaken
from core.atlantis.state import State
from core.atlantis.view import HIDDEN_SPACES_KEY, hidden_stack


def carry(before: State, after: State, event: AnyEvent | None) -> None:
    """Give ``after`` the board and hidden spaces of ``before``, updated by ``event``.

    ``event`` may also be the one event among several applied at once that
    changed the spaces or the bridges (see ``evolve_all``), or None when none did.
    """
    derived = before.__dict__
    board: Board | None = derived.get(BOARD_KEY)
    hidden: tuple[tuple[int, ...], ...] | None = derived.get(HIDDEN_SPACES_KEY)
    if board is None and hidden is None:
        return
    target = after.__dict__
    if after.spaces is before.spaces:
        if board is not None:
            if after.bridges is not before.bridges:
                board = board.with_bridges(after.bridges)
            target[BOARD_KEY] = board
        if hidden is not None:
            target[HIDDEN_SPACES_KEY] = hidden
    elif type(event) is TileTaken:
        space = event.space
        stack = after.spaces[space]
        if board is not None and after.bridges is before.bridges:
            target[BOARD_KEY] = board.after_taking(space, stack[-1] if stack else None, after.tiles)
        if hidden is not None:
            seen = list(hidden)
            # A stack of one tile or none hides nothing (``hidden_stack``).
            seen[space] = stack if len(stack) < 2 else hidden_stack(stack)
            target[HIDDEN_SPACES_KEY] = tuple(seen)


def changes_layout(event: AnyEvent) -> bool:
    """Whether ``event`` changes the spaces or the bridges, which the carried values read."""
    kind = type(event)
    return kind is TileTaken or kind is BridgePlaced
