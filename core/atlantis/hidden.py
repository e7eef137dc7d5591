"""What each Atlantis seat may not see, said by planting marker values there.

The conformance kit (``tests/conformance``) proves that no view and no event a
seat receives gives away hidden information, without knowing Atlantis: it
plants distinctive values where the game says a seat must not look, and checks
that ``view_for`` and ``event_for`` show that seat exactly what they showed
before. This module is that saying, written apart from ``core.atlantis.view``
so that a slip in one is caught by the other.

Hidden from a seat (RULES.md S2, S4, T8 and the V option ``open_hands``): the
draw pile, its order after a shuffle, the secret and seed (they predict the
pile), the tiles under the top of a stack, and, unless hands are open, the
other hands, the cards another seat draws and what the active seat has just
bought. A hand's size is public, so a planted hand keeps its size and moves
its cards to other items.
"""

from __future__ import annotations

from msgspec.structs import replace

from core.atlantis.events import AnyEvent, CardsDrawn, DeckReshuffled, GameStarted, PileShuffled
from core.atlantis.items import ITEM_COUNT
from core.atlantis.state import Hand, State

Stacks = tuple[tuple[int, ...], ...]


def plant(state: State, seat: int, marker: int) -> State:
    """``state`` with everything ``seat`` may not see replaced (see ``GameType.privacy.plant``)."""
    hands_open = state.options.open_hands
    hands = tuple(
        hand if hands_open or player == seat else _other_hand(hand, marker)
        for player, hand in enumerate(state.hands)
    )
    bought = state.bought
    if not hands_open and state.current != seat:
        bought = _other_hand(bought, marker)
    return replace(
        state,
        hands=hands,
        bought=bought,
        deck=(marker,) * len(state.deck),
        spaces=_planted_stacks(state.spaces, marker),
        seed=marker,
        secret=str(marker),
    )


def plant_in_event(event: AnyEvent, seat: int | None, open_hands: bool, marker: int) -> AnyEvent:
    """``event`` with everything ``seat`` may not see replaced (``None``: a watcher of
    a finished game, who may see everything)."""
    if seat is None:
        return event
    if isinstance(event, CardsDrawn) and event.player != seat and not open_hands:
        return replace(event, cards=(marker,) * len(event.cards))
    if isinstance(event, DeckReshuffled | PileShuffled):
        return replace(event, deck=(marker,) * len(event.deck))
    if isinstance(event, GameStarted):
        return replace(
            event,
            deck=(marker,) * len(event.deck),
            seed=marker,
            secret=str(marker),
            path=_planted_stacks(event.path, marker),
        )
    return event


def _other_hand(hand: Hand, marker: int) -> Hand:
    """A hand of the same size with its cards on one item, never the hand itself
    unless it is empty."""
    size = sum(hand)
    item = marker % ITEM_COUNT
    if hand[item] == size:
        item = (item + 1) % ITEM_COUNT
    return tuple(size if index == item else 0 for index in range(ITEM_COUNT))


def _planted_stacks(stacks: Stacks, marker: int) -> Stacks:
    """Every tile under the top of a stack (S2) replaced by the marker."""
    return tuple((marker,) * (len(stack) - 1) + stack[-1:] if stack else stack for stack in stacks)
