"""What one player may see (hidden information as a projection).

``view_for`` blanks the other hands, the draw pile, and the seed and secret
(which would reveal the pile and every future shuffle) and keeps their sizes;
``event_for`` does the same to an event before it is shown in a player's log.
Bots decide from a view only, so they cannot cheat. With the ``open_hands`` option every hand shows.
"""

from __future__ import annotations

from functools import lru_cache

import msgspec
from msgspec.structs import replace

from core.atlantis.board import BOARD_KEY, Board
from core.atlantis.events import (
    AnyEvent,
    CardsDrawn,
    DeckReshuffled,
    GameStarted,
    PileShuffled,
    TileTaken,
)
from core.atlantis.state import EMPTY_HAND, HIDDEN_TILE, State


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
HIDDEN_SPACES_KEY = "hidden_spaces"
"""Where a state keeps its spaces as players see them (``State.__dict__``)."""
TURN_KEY = "turn"
"""Values a state shares with its active player's view (see ``shared_with_view``)."""


def hide_lower_tiles(spaces: Spaces) -> Spaces:
    """S2: only the top tile of a stack is visible; the ones beneath become HIDDEN_TILE."""
    return tuple(map(hidden_stack, spaces))


@lru_cache(maxsize=4096)
def hidden_stack(stack: tuple[int, ...]) -> tuple[int, ...]:
    """One stack as players see it (lru_cache is safe to share between threads)."""
    # Stacks are small tuples that evolve reuses from state to state: memoised.
    return (HIDDEN_TILE,) * (len(stack) - 1) + stack[-1:] if len(stack) > 1 else stack


def hidden_spaces(state: State) -> Spaces:
    """``hide_lower_tiles`` of the state's spaces, worked out once per state."""
    derived = state.__dict__
    spaces: Spaces | None = derived.get(HIDDEN_SPACES_KEY)
    if spaces is None:
        spaces = derived[HIDDEN_SPACES_KEY] = hide_lower_tiles(state.spaces)
    return spaces


def shared_with_view(state: State) -> dict[str, object]:
    """Values that hold alike for a state and its active player's view of it.

    The active player's legal moves read only what he sees (his hand, the top
    tiles, the pawns), so a list worked out on his view serves the state too:
    ``decide`` then checks a declared T9 without generating the moves again.
    """
    derived = state.__dict__
    shared: dict[str, object] | None = derived.get(TURN_KEY)
    if shared is None:
        shared = derived[TURN_KEY] = {}
    return shared


def view_for(state: State, seat: int) -> PlayerView:
    """``state`` as ``seat`` sees it: other hands, the pile, lower tiles, seed and secret hidden."""
    hands = state.hands
    hand_sizes = tuple(map(sum, hands))
    count = len(hands)
    open_hands = state.options.open_hands
    if not open_hands:
        shown = [EMPTY_HAND] * count
        if 0 <= seat < count:
            shown[seat] = hands[seat]
        # else NO_SEAT: a watcher, or a shared hot-seat screen, holds no hand
        hands = tuple(shown)
    active = state.current == seat
    bought = state.bought if active or open_hands else EMPTY_HAND
    derived = state.__dict__
    spaces = derived.get(HIDDEN_SPACES_KEY)
    if spaces is None:
        spaces = derived[HIDDEN_SPACES_KEY] = hide_lower_tiles(state.spaces)
    hidden = replace(state, hands=hands, deck=(), seed=0, secret="", bought=bought, spaces=spaces)
    seen = hidden.__dict__
    # The view shows the same top tiles, so it has the same board; hiding is done.
    seen[BOARD_KEY] = derived.get(BOARD_KEY) or Board.of(state)
    seen[HIDDEN_SPACES_KEY] = spaces
    if active and state.phase == "playing":
        seen[TURN_KEY] = derived.get(TURN_KEY) or shared_with_view(state)
    return PlayerView(seat, hidden, hand_sizes, len(state.deck))


NO_SEAT = -1
"""A viewer who holds no hand: every hand is hidden (a hot-seat table's shared screen)."""


def event_for(event: AnyEvent, seat: int | None, open_hands: bool = False) -> AnyEvent:
    """An event as ``seat`` may see it; ``None`` means a spectator of a finished game,
    ``NO_SEAT`` one who may see no hand."""
    if seat is None:
        return event
    # Open hands (a rule option) show every hand, so every draw; never the pile's
    # order, the tiles under the top ones, or the secret that deals them.
    if isinstance(event, CardsDrawn) and event.player != seat and not open_hands:
        return replace(event, cards=())
    if isinstance(event, DeckReshuffled | PileShuffled):
        return replace(event, deck=())
    if isinstance(event, GameStarted):
        return replace(event, deck=(), seed=0, secret="", path=hide_lower_tiles(event.path))
    return event


def with_revealed(event: AnyEvent, after: State) -> AnyEvent:
    """``event`` carrying what it made public, from the full state just after it.

    A tile taken from a stack lays bare the tile beneath, which every view hid
    until then: the event a seat or watcher receives names it, so that their
    own fold of the events (their log) knows the tile the board shows.
    """
    if isinstance(event, TileTaken):
        stack = after.spaces[event.space]
        if stack:
            return replace(event, uncovered=stack[-1])
    return event
