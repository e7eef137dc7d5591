"""Prepared ArkantiS positions for the rule tests (``GameStarted.board`` and friends)."""

from __future__ import annotations

from collections.abc import Sequence

from core.arkantis.board import from_picture, to_picture
from core.arkantis.cards import card_ids
from core.arkantis.commands import AnyCommand
from core.arkantis.data import default_data_set
from core.arkantis.decide import decide
from core.arkantis.events import AnyEvent, GameStarted
from core.arkantis.evolve import evolve, fold
from core.arkantis.options import DEFAULT_OPTIONS, Options
from core.arkantis.state import State


def prepared(
    picture: str,
    players: Sequence[str] = ("Ana", "Ben"),
    *,
    pions: Sequence[int] = (),
    hands: Sequence[Sequence[str]] = (),
    laid: Sequence[Sequence[str]] = (),
    start: int = 0,
    options: Options = DEFAULT_OPTIONS,
    orange: Sequence[str] | None = None,
    emerald: Sequence[str] | None = None,
) -> GameStarted:
    """A prepared position: the board drawn, the rest of the cards in the piles."""
    data = default_data_set()
    held = {card for hand in [*hands, *laid] for card in hand}
    orders: dict[str, list[str]] = {"orange": [], "emerald": []}
    for kind in data.kinds:
        orders[kind.colour] += [card for card in card_ids(kind) if card not in held]
    return GameStarted(
        tuple(players),
        options,
        data.name,
        data.hash,
        data.free_column,
        data.kinds,
        start,
        (),
        tuple(orders["orange"] if orange is None else orange),
        tuple(orders["emerald"] if emerald is None else emerald),
        board=to_picture(from_picture(picture)),
        pions=tuple(pions),
        hands=tuple(tuple(hand) for hand in hands),
        laid=tuple(tuple(hand) for hand in laid),
    )


def play(state: State, command: AnyCommand) -> tuple[State, list[AnyEvent]]:
    """The state after ``command``, and its events."""
    events = decide(state, command)
    for event in events:
        state = evolve(state, event)
    return state, events


def start(opening: GameStarted) -> State:
    return fold([opening])
