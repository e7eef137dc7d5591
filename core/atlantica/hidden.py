"""What each Atlantica seat may not see, said by planting marker values there (L4).

The conformance kit (``tests/conformance``) checks that ``view_for`` and
``event_for`` show a seat the same thing whatever is planted where it may not
look. This module says where that is, apart from ``view``, so that a slip in
one is caught by the other: the other hands (unless hands are open), hired
cards (the owner's too, unless he may look at them), the diver draw pile, the
main treasure pile, the hurricane pile, the research pile, each ship pile under
its top card, the box, the secret and seed, the orders of ``GameStarted``,
``PileShuffled`` and ``DiverDeckReshuffled``, and the cards another seat drew.
Sizes are public, so planted hands and piles keep them.
"""

from __future__ import annotations

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
from core.atlantica.state import State
from core.atlantica.view import sees_hand, sees_hired, shown_positions


def _card(marker: int, index: int = 0) -> str:
    """A planted card: a back cannot be told from another, so any text will do."""
    return f"X{marker}-{index}"


def _planted(cards: tuple[str, ...], marker: int) -> tuple[str, ...]:
    return tuple(_card(marker, index) for index in range(len(cards)))


def plant(state: State, seat: int, marker: int) -> State:
    """``state`` with everything ``seat`` may not see replaced (``GameType.privacy.plant``)."""
    hands = tuple(
        hand if sees_hand(state, seat, player) else _planted(hand, marker)
        for player, hand in enumerate(state.hands)
    )
    hired = tuple(
        cards if sees_hired(state, seat, player) else _planted(cards, marker)
        for player, cards in enumerate(state.hired)
    )
    return replace(
        state,
        hands=hands,
        hired=hired,
        divers=_planted(state.divers, marker),
        main_pile=_planted(state.main_pile, marker),
        hurricane_pile=_planted(state.hurricane_pile, marker),
        research_pile=_planted(state.research_pile, marker),
        box=_planted(state.box, marker),
        ship_piles=tuple(pile[:1] + _planted(pile[1:], marker) for pile in state.ship_piles),
        seed=marker,
        secret=f"{marker:x}",
    )


def plant_in_event(event: AnyEvent, seat: int | None, open_hands: bool, marker: int) -> AnyEvent:
    """``event`` with everything ``seat`` may not see replaced (``None``: a watcher of a
    finished game sees everything)."""
    if seat is None:
        return event
    if isinstance(event, GameStarted):
        shown = shown_positions(event, seat, open_hands)

        def keep(order: tuple[str, ...], positions: set[int]) -> tuple[str, ...]:
            return tuple(
                card if index in positions else _card(marker, index)
                for index, card in enumerate(order)
            )

        prepared = event.prepared
        if prepared is not None and not open_hands:
            prepared = replace(
                prepared,
                hands=tuple(
                    hand if player == seat else _planted(hand, marker)
                    for player, hand in enumerate(prepared.hands)
                ),
            )
        ships = tuple(pile[:1] + _planted(pile[1:], marker) for pile in event.ships)
        return replace(
            event,
            divers=keep(event.divers, shown["divers"]),
            box=_planted(event.box, marker),
            hurricane=_planted(event.hurricane, marker),
            treasures=keep(event.treasures, shown["treasures"]),
            ships=(ships[0], ships[1], ships[2]),
            research=keep(event.research, shown["research"]),
            prepared=prepared,
            seed=marker,
            secret=f"{marker:x}",
        )
    if isinstance(event, DiversHired):
        if open_hands or (seat == event.player and event.seen_by_owner):
            return event
        return replace(event, cards=_planted(event.cards, marker))
    if isinstance(event, TurnPassed | HiredDiversJoinedHand):
        if open_hands or seat == event.player:
            return event
        return replace(event, cards=_planted(event.cards, marker))
    if isinstance(event, DiverDeckReshuffled):
        return replace(event, order=_planted(event.order, marker))
    if isinstance(event, PileShuffled):
        if event.pile in SHIP_PILES:
            return replace(event, order=event.order[:1] + _planted(event.order[1:], marker))
        return replace(event, order=_planted(event.order, marker))
    return event
