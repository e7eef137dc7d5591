"""What one player may see (L4): hidden information as a projection.

``view_for`` keeps everything on the table (displays, ship tops, every
player's treasures, ships and research, the discard pile, the hurricane's
holder) and the seat's own hand (every hand with ``open_hands``). Another
seat's hand and hired cards, and the seat's own hired cards unless
``hired_cards_seen_by_owner``, become as many blank cards (``HIDDEN``); so do
every face-down pile, each ship pile under its top card, and the box. The
secret goes. Sizes stay, so the rules' own functions (``legal_commands``,
``preview``) work on a view. ``event_for`` does the same to an event.
"""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from core.atlantica.cards import SHIP_PILES
from core.atlantica.events import (
    AnyEvent,
    DiverDeckReshuffled,
    DiversHired,
    GameStarted,
    HiredDiversJoinedHand,
    PileShuffled,
    TurnPassed,
)
from core.atlantica.locations import RESEARCH_SPACES, TREASURE_SPACES
from core.atlantica.state import HAND_DEAL, State

HIDDEN = ""
"""A card the viewer may not see."""
NO_SEAT = -1
"""A viewer who holds no hand (a shared screen, a watcher of a game in progress)."""


class PlayerView(msgspec.Struct, frozen=True):
    """A state as ``seat`` sees it, with what is public about what is hidden.

    ``hand_sizes`` and ``hired_counts`` are every seat's (L4: public);
    ``pile_sizes`` the hidden piles' sizes by ``events.HiddenPile`` name plus
    ``discard``; ``ship_tops`` the top card of piles A, B, C (``""``: empty).
    """

    seat: int
    state: State
    hand_sizes: tuple[int, ...]
    hired_counts: tuple[int, ...]
    pile_sizes: dict[str, int]
    ship_tops: tuple[str, str, str]


_BLANKS: tuple[tuple[str, ...], ...] = tuple((HIDDEN,) * size for size in range(128))
"""Blank card lists by size, made once: a view blanks every hidden pile each time."""


def _blank(cards: tuple[str, ...]) -> tuple[str, ...]:
    size = len(cards)
    return _BLANKS[size] if size < len(_BLANKS) else (HIDDEN,) * size


def sees_hand(state: State, seat: int, player: int) -> bool:
    """L4: whether ``seat`` sees ``player``'s hand."""
    return state.options.open_hands or seat == player


def sees_hired(state: State, seat: int, player: int) -> bool:
    """L4, T5.5: whether ``seat`` sees ``player``'s hired cards before they join his hand."""
    return state.options.open_hands or (seat == player and state.options.hired_cards_seen_by_owner)


def pile_sizes(state: State) -> dict[str, int]:
    """The sizes of the hidden piles and of the discard pile (L4: public)."""
    first, second, third = state.ship_piles
    return {
        "divers": len(state.divers),
        "treasures": len(state.main_pile),
        "hurricane": len(state.hurricane_pile),
        "research": len(state.research_pile),
        SHIP_PILES[0]: len(first),
        SHIP_PILES[1]: len(second),
        SHIP_PILES[2]: len(third),
        "discard": len(state.discard),
    }


def ship_tops(state: State) -> tuple[str, str, str]:
    first, second, third = state.ship_piles
    return (first[0] if first else "", second[0] if second else "", third[0] if third else "")


def view_for(state: State, seat: int) -> PlayerView:
    """``state`` as ``seat`` sees it (a seat outside the table sees no hand)."""
    options = state.options
    if options.open_hands:  # sees_hand and sees_hired are true for every player
        hands, hired = state.hands, state.hired
    else:  # sees_hand, sees_hired: the seat's own hand, its hired cards if the option says
        hands = tuple(
            [hand if player == seat else _blank(hand) for player, hand in enumerate(state.hands)]
        )
        own = seat if options.hired_cards_seen_by_owner else NO_SEAT
        hired = tuple(  # most seats have hired nothing: an empty list is its own blank
            [
                cards if player == own or not cards else _blank(cards)
                for player, cards in enumerate(state.hired)
            ]
        )
    hidden = replace(
        state,
        hands=hands,
        hired=hired,
        divers=_blank(state.divers),
        main_pile=_blank(state.main_pile),
        hurricane_pile=_blank(state.hurricane_pile),
        research_pile=_blank(state.research_pile),
        box=_blank(state.box),
        ship_piles=tuple([pile[:1] + _blank(pile[1:]) for pile in state.ship_piles]),
        seed=0,
        secret="",
    )
    return PlayerView(
        seat,
        hidden,
        tuple(map(len, state.hands)),
        tuple(map(len, state.hired)),
        pile_sizes(state),
        ship_tops(state),
    )


def shown_positions(event: GameStarted, seat: int, open_hands: bool) -> dict[str, set[int]]:
    """The positions of each order of ``GameStarted`` that ``seat`` sees: its dealt
    hand (every hand with open hands), the first displays, each ship pile's top."""
    count = len(event.players)
    shown: dict[str, set[int]] = {"divers": set(), "treasures": set(), "research": set()}
    if event.prepared is None:
        for player in range(count):
            if open_hands or player == seat:
                shown["divers"].update(range(player * HAND_DEAL, (player + 1) * HAND_DEAL))
        shown["treasures"] = set(range(TREASURE_SPACES))
        shown["research"] = set(range(RESEARCH_SPACES))
    return shown


def _blanked_opening(event: GameStarted, seat: int, open_hands: bool) -> GameStarted:
    shown = shown_positions(event, seat, open_hands)

    def keep(order: tuple[str, ...], positions: set[int]) -> tuple[str, ...]:
        return tuple(card if index in positions else HIDDEN for index, card in enumerate(order))

    prepared = event.prepared
    if prepared is not None and not open_hands:
        prepared = replace(
            prepared,
            hands=tuple(
                hand if player == seat else _blank(hand)
                for player, hand in enumerate(prepared.hands)
            ),
        )
    ships = tuple(pile[:1] + _blank(pile[1:]) for pile in event.ships)
    return replace(
        event,
        divers=keep(event.divers, shown["divers"]),
        box=_blank(event.box),
        hurricane=_blank(event.hurricane),
        treasures=keep(event.treasures, shown["treasures"]),
        ships=(ships[0], ships[1], ships[2]),
        research=keep(event.research, shown["research"]),
        prepared=prepared,
        seed=0,
        secret="",
    )


def event_for(event: AnyEvent, seat: int | None, open_hands: bool = False) -> AnyEvent:
    """An event as ``seat`` may see it; ``None`` is a watcher of a finished game, who
    sees everything."""
    if seat is None:
        return event
    if isinstance(event, GameStarted):
        return _blanked_opening(event, seat, open_hands)
    if isinstance(event, DiversHired):
        if open_hands or (seat == event.player and event.seen_by_owner):
            return event
        return replace(event, cards=())
    if isinstance(event, TurnPassed | HiredDiversJoinedHand):
        if open_hands or seat == event.player:
            return event
        return replace(event, cards=())
    if isinstance(event, DiverDeckReshuffled):
        return replace(event, order=())
    if isinstance(event, PileShuffled):
        if event.pile in SHIP_PILES:
            return replace(event, order=event.order[:1] + _blank(event.order[1:]))
        return replace(event, order=_blank(event.order))
    return event


def with_revealed(event: AnyEvent, after: State) -> AnyEvent:
    """``event`` carrying what it made public (``GameType.privacy.with_revealed``): Atlantica's
    events already hold it (the ship a charter uncovers, the cards a refill draws), so
    the event as it is."""
    return event
