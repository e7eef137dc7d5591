"""What one player may see (hidden information as a projection).

``view_for`` blanks the other hands, the draw pile and the seed (which would
reveal future reshuffles) and keeps their sizes; ``event_for`` does the same
to an event before it is shown in a player's log. Bots decide from a view
only, so they cannot cheat. With the ``open_hands`` option every hand shows.
"""

from __future__ import annotations

from functools import lru_cache

import msgspec
from msgspec.structs import replace

from core.board import share_board
from core.events import AnyEvent, CardsDrawn, DeckReshuffled, GameStarted
from core.state import EMPTY_HAND, HIDDEN_TILE, State


class PlayerView(msgspec.Struct, frozen=True):
    """A state as ``seat`` sees it, with the sizes of what is hidden.

    In ``state``, hidden hands are empty, the draw pile is empty and tiles
    under the top of a stack are ``HIDDEN_TILE``; read ``hand_sizes`` and
    ``deck_size`` for the sizes. The legal-move functions work on
    ``state`` for ``seat``'s own turn, since they only need his own hand.
    """

    seat: int
    state: State
    hand_sizes: tuple[int, ...]
    deck_size: int


Spaces = tuple[tuple[int, ...], ...]
_last_hidden: tuple[Spaces, Spaces] | None = None


def hide_lower_tiles(spaces: Spaces) -> Spaces:
    """S2: only the top tile of a stack is visible; the ones beneath become HIDDEN_TILE.

    The last answer is kept, so the views of one position share one tuple
    (and ``Board.of`` can reuse its snapshot across them).
    """
    global _last_hidden
    if _last_hidden is not None and _last_hidden[0] is spaces:
        return _last_hidden[1]
    hidden = tuple(map(_hidden_stack, spaces))
    _last_hidden = (spaces, hidden)
    share_board(hidden, spaces)
    return hidden


@lru_cache(maxsize=4096)
def _hidden_stack(stack: tuple[int, ...]) -> tuple[int, ...]:
    # Stacks are small tuples that evolve reuses from state to state: memoised.
    return (HIDDEN_TILE,) * (len(stack) - 1) + stack[-1:] if len(stack) > 1 else stack


def view_for(state: State, seat: int) -> PlayerView:
    """``state`` as ``seat`` sees it: other hands, the pile, lower tiles and the seed hidden."""
    hand_sizes = tuple(sum(hand) for hand in state.hands)
    if state.options.open_hands:
        hands = state.hands
    else:
        hands = tuple(
            hand if player == seat else EMPTY_HAND for player, hand in enumerate(state.hands)
        )
    bought = state.bought if state.current == seat or state.options.open_hands else EMPTY_HAND
    hidden = replace(
        state,
        hands=hands,
        deck=(),
        seed=0,
        bought=bought,
        spaces=hide_lower_tiles(state.spaces),
    )
    return PlayerView(seat, hidden, hand_sizes, len(state.deck))


NO_SEAT = -1
"""A viewer who holds no hand: every hand is hidden (a hot-seat table's shared screen)."""


def event_for(event: AnyEvent, seat: int | None, open_hands: bool = False) -> AnyEvent:
    """An event as ``seat`` may see it; ``None`` means a spectator of a finished game,
    ``NO_SEAT`` one who may see no hand."""
    if seat is None or open_hands:
        return event
    if isinstance(event, CardsDrawn) and event.player != seat:
        return replace(event, cards=())
    if isinstance(event, DeckReshuffled):
        return replace(event, deck=())
    if isinstance(event, GameStarted):
        return replace(event, deck=(), seed=0, path=hide_lower_tiles(event.path))
    return event
