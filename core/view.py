"""What one player may see (hidden information as a projection).

``view_for`` blanks the other hands, the draw pile and the seed (which would
reveal future reshuffles) and keeps their sizes; ``event_for`` does the same
to an event before it is shown in a player's log. Bots decide from a view
only, so they cannot cheat. With the ``open_hands`` option every hand shows.
"""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from core.events import AnyEvent, CardsDrawn, DeckReshuffled, GameStarted
from core.state import EMPTY_HAND, State


class PlayerView(msgspec.Struct, frozen=True):
    """A state as ``seat`` sees it, with the sizes of what is hidden.

    In ``state``, hidden hands are empty and the draw pile is empty; read
    ``hand_sizes`` and ``deck_size`` instead. The legal-move functions work on
    ``state`` for ``seat``'s own turn, since they only need his own hand.
    """

    seat: int
    state: State
    hand_sizes: tuple[int, ...]
    deck_size: int


def view_for(state: State, seat: int) -> PlayerView:
    hand_sizes = tuple(sum(hand) for hand in state.hands)
    if state.options.open_hands:
        hands = state.hands
    else:
        hands = tuple(
            hand if player == seat else EMPTY_HAND for player, hand in enumerate(state.hands)
        )
    hidden = replace(state, hands=hands, deck=(), seed=0)
    return PlayerView(seat, hidden, hand_sizes, len(state.deck))


def event_for(event: AnyEvent, seat: int | None, open_hands: bool = False) -> AnyEvent:
    """An event as ``seat`` may see it; ``None`` means a spectator of a finished game."""
    if seat is None or open_hands:
        return event
    if isinstance(event, CardsDrawn) and event.player != seat:
        return replace(event, cards=())
    if isinstance(event, DeckReshuffled):
        return replace(event, deck=())
    if isinstance(event, GameStarted):
        return replace(event, deck=(), seed=0)
    return event
