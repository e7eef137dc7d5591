"""What each ArkantiS seat may not see, said by planting marker values there (L3).

The conformance kit (``tests/conformance``) checks that ``view_for`` and
``event_for`` show a seat the same thing whatever is planted where it may not
look. This module says where that is, apart from ``view``, so that a slip in
one is caught by the other: the other hands (unless hands are open), the
face-down piles, the cards under the top of a face-up pile, the secret and
seed, the orders of ``GameStarted`` and ``PileShuffled``, and a card another
seat bought face down. Sizes and the colours of hands are public, so planted
hands and piles keep them.
"""

from __future__ import annotations

from msgspec.structs import replace

from core.arkantis.events import AnyEvent, CardBought, GameStarted, PileShuffled
from core.arkantis.setup import cut
from core.arkantis.state import DEAL, PILES, State


def _card(marker: int, card: str) -> str:
    """A planted card: the same colour's back cannot be told, so any text will do."""
    return f"{card.split('-')[0] if card else 'X'}-{marker}"


def plant(state: State, seat: int, marker: int) -> State:
    """``state`` with everything ``seat`` may not see replaced (``GameType.privacy.plant``)."""
    hands = tuple(
        hand
        if state.options.open_hands or player == seat
        else tuple(_card(marker, card) for card in hand)
        for player, hand in enumerate(state.hands)
    )
    piles = tuple(
        (pile[:1] if side == "up" else tuple(_card(marker, c) for c in pile[:1]))
        + tuple(_card(marker, c) for c in pile[1:])
        for pile, (_colour, side) in zip(state.piles, PILES, strict=True)
    )
    return replace(state, hands=hands, piles=piles, seed=marker, secret=f"{marker:x}")


def plant_in_event(event: AnyEvent, seat: int | None, open_hands: bool, marker: int) -> AnyEvent:
    """``event`` with everything ``seat`` may not see replaced (``None``: a watcher of a
    finished game sees everything)."""
    if seat is None:
        return event
    if isinstance(event, PileShuffled):
        return replace(event, order=tuple(_card(marker, c) for c in event.order))
    if isinstance(event, CardBought):
        if event.pile == "down" and event.player != seat and not open_hands:
            return replace(event, card=_card(marker, event.card))
        return event
    if isinstance(event, GameStarted):
        count = len(event.players)
        orders = {}
        for colour, order in (("orange", event.orange), ("emerald", event.emerald)):
            per = 0 if event.board else DEAL[colour]  # type: ignore[index]
            dealt = count * per
            down, up = cut(order[dealt:])
            seen = {dealt + len(down)} if up else set()
            for player in range(count):
                if open_hands or player == seat:
                    seen.update(range(player * per, (player + 1) * per))
            orders[colour] = tuple(
                card if i in seen else _card(marker, card) for i, card in enumerate(order)
            )
        hands = event.hands
        if hands and not open_hands:
            hands = tuple(
                hand if player == seat else tuple(_card(marker, c) for c in hand)
                for player, hand in enumerate(hands)
            )
        return replace(
            event,
            orange=orders["orange"],
            emerald=orders["emerald"],
            hands=hands,
            seed=marker,
            secret=f"{marker:x}",
        )
    return event
