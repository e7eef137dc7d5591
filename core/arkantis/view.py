"""What one player may see (L3): hidden information as a projection.

``view_for`` keeps the board, pions, laid cards, moves and passes, and the
seat's own hand (every hand with ``open_hands``). Another seat's hand becomes
as many blank cards (``HIDDEN``), face-down piles become blank cards, a
face-up pile keeps only its top card, and the secret goes: the sizes stay,
so the rules' own functions (``legal_commands``) work on a view. ``event_for``
does the same to an event; ``with_revealed`` gives an event the card a
purchase from a face-up pile turns up, which the other views did not hold.

A view is asked for before every command a bot gives, so what it shows of the
hands and piles is worked out once while they stay the same (``public``).
"""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from core.arkantis.cards import Colour
from core.arkantis.events import AnyEvent, CardBought, GameStarted, PileShuffled
from core.arkantis.public import HIDDEN as HIDDEN
from core.arkantis.public import hands_seen, kind_colours, piles_seen
from core.arkantis.setup import cut
from core.arkantis.state import DEAL, PILES, State


class PlayerView(msgspec.Struct, frozen=True):
    """A state as ``seat`` sees it, with what is public about what is hidden.

    ``hand_colours`` is each seat's (orange, emerald) count (card backs);
    ``pile_sizes`` the four piles' sizes (``state.PILES`` order); ``top_up`` the
    top card of the face-up orange and emerald piles, ``""`` for an empty pile.
    """

    seat: int
    state: State
    hand_sizes: tuple[int, ...]
    hand_colours: tuple[tuple[int, int], ...]
    pile_sizes: tuple[int, ...]
    top_up: tuple[str, ...]


def colour_of(state: State, card: str) -> Colour:
    """A card's colour, from the game's kinds."""
    return kind_colours(state.kinds)[card.rsplit("-", 1)[0]]


def hand_colours(state: State) -> tuple[tuple[int, int], ...]:
    """Each seat's (orange, emerald) cards in hand: their backs are public (L3)."""
    derived = state.__dict__
    found: tuple[tuple[int, int], ...] | None = derived.get("hand_colours")
    if found is None:
        found = derived["hand_colours"] = hands_seen(state.hands, state.kinds).colours
    return found


def view_for(state: State, seat: int) -> PlayerView:
    """``state`` as ``seat`` sees it (a seat outside the table sees no hand)."""
    seen = hands_seen(state.hands, state.kinds)
    piles = piles_seen(state.piles)
    hands = state.hands if state.options.open_hands else seen.hidden_for(seat)
    colours = state.__dict__.get("hand_colours")  # a view's state knows its blanks' colours
    if colours is None:
        colours = seen.colours
    hidden = replace(state, hands=hands, piles=piles.hidden, seed=0, secret="")
    hidden.__dict__["hand_colours"] = colours
    return PlayerView(seat, hidden, seen.sizes, colours, piles.sizes, piles.top_up)


def _blanked_orders(event: GameStarted, seat: int | None, open_hands: bool) -> GameStarted:
    """``GameStarted`` with every card ``seat`` may not see blank: the orders keep the
    cards dealt to the seat (to every seat with open hands) and the face-up tops."""
    count = len(event.players)
    prepared = bool(event.board)
    orders = {}
    for colour, order in (("orange", event.orange), ("emerald", event.emerald)):
        per = 0 if prepared else DEAL[colour]  # type: ignore[index]
        dealt = count * per
        down, up = cut(order[dealt:])
        shown: set[int] = set()
        for player in range(count):
            if open_hands or player == seat:
                shown.update(range(player * per, (player + 1) * per))
        if up:
            shown.add(dealt + len(down))
        orders[colour] = tuple(card if i in shown else HIDDEN for i, card in enumerate(order))
    hands = event.hands
    if hands and not open_hands:
        hands = tuple(
            hand if player == seat else (HIDDEN,) * len(hand) for player, hand in enumerate(hands)
        )
    return replace(
        event,
        orange=orders["orange"],
        emerald=orders["emerald"],
        hands=hands,
        seed=0,
        secret="",
    )


NO_SEAT = -1
"""A viewer who holds no hand (a shared screen, a watcher of a game in progress)."""


def event_for(event: AnyEvent, seat: int | None, open_hands: bool = False) -> AnyEvent:
    """An event as ``seat`` may see it; ``None`` is a watcher of a finished game, who
    sees everything."""
    if seat is None:
        return event
    if isinstance(event, GameStarted):
        return _blanked_orders(event, seat, open_hands)
    if isinstance(event, PileShuffled):
        return replace(event, order=(HIDDEN,) * len(event.order))
    if (
        isinstance(event, CardBought)
        and event.pile == "down"
        and event.player != seat
        and not open_hands
    ):
        return replace(event, card=HIDDEN)
    return event


def with_revealed(event: AnyEvent, after: State) -> AnyEvent:
    """``event`` carrying what it made public, from the full state just after it: a
    purchase from a face-up pile turns up its next card (T6.4)."""
    if isinstance(event, CardBought) and event.pile == "up":
        index = PILES.index((event.colour, "up"))
        pile = after.piles[index]
        if pile:
            return replace(event, uncovered=pile[0])
    return event
