"""What an action would do, worked out without playing it: the screen's preview.

``preview`` judges a ``Remove`` or ``Move`` as ``decide`` would (refusing it
the same way) and returns its price and resolution (T4) for the screens and
the bots, without building events or a new state.
"""

from __future__ import annotations

import msgspec

from core.arkantis.commands import AnyCommand, Move, Remove
from core.arkantis.decide import MOVE_PRICE, REMOVE_TWO_PRICE, _check_action, _move, _remove
from core.arkantis.events import ModifiedSet
from core.arkantis.i18n import _
from core.arkantis.resolution import resolve
from core.arkantis.squares import bits, names, parse
from core.arkantis.state import State
from core.kernel.errors import IllegalMove


class ActionPreview(msgspec.Struct, frozen=True):
    """An action's price, its modified sets (each with its pions or card), the pions
    it earns, the cards it lays, and the squares it changes."""

    price: int
    sets: tuple[ModifiedSet, ...]
    pions: int
    laid: tuple[str, ...]
    changed: tuple[str, ...]


def resolution_of(state: State, seat: int, after: int, changed: int, price: int) -> ActionPreview:
    """The preview of an action already judged legal: ``after`` the board it leaves."""
    sets, pions, laid = resolve(
        state.tokens, after, changed, state.options, state.hands[seat], state.kinds
    )
    return ActionPreview(price, sets, pions, laid, names(changed))


def preview(state: State, command: AnyCommand) -> ActionPreview | IllegalMove:
    """The preview of a ``Remove`` or ``Move``, or the refusal ``decide`` would raise."""
    try:
        if isinstance(command, Remove):
            _check_action(state, command.seat)
            if len(command.squares) not in (1, 2) or any(parse(s) is None for s in command.squares):
                _remove(state, command)  # raises the refusal
            changed = bits(sq for sq in map(parse, command.squares) if sq is not None)
            if changed & ~state.tokens or changed.bit_count() != len(command.squares):
                _remove(state, command)
            price = REMOVE_TWO_PRICE if len(command.squares) == 2 else 0
            if state.pions[command.seat] < price:
                _remove(state, command)
            return resolution_of(state, command.seat, state.tokens & ~changed, changed, price)
        if isinstance(command, Move):
            origin, target = parse(command.origin), parse(command.target)
            if (
                origin is None
                or target is None
                or origin == target
                or not state.tokens >> origin & 1
                or state.tokens >> target & 1
                or state.pions[command.seat] < MOVE_PRICE
                or not state.options.moves_allowed(state.moves_used[command.seat])
                or state.phase != "action"
                or command.seat != state.current
            ):
                _move(state, command)
            assert origin is not None and target is not None
            changed = (1 << origin) | (1 << target)
            return resolution_of(state, command.seat, state.tokens ^ changed, changed, MOVE_PRICE)
    except IllegalMove as refusal:
        return refusal
    return IllegalMove("T2.2", _("only a removal or a move has a preview"))
