"""What Atlantica's screens read from a session: its type, and the public table.

An Atlantica session is a ``Session`` of Atlantica's types (played here, or one
seat of a game hosted elsewhere). ``state`` is whole locally; remotely it is
the seat's view's state, where other hands, hired cards and hidden piles are
blanked (sizes kept), so the screens read the sizes and the ship piles' tops
from a view (``table_for``), never another seat's cards (L4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from atlantis_tui.session_protocol import Session, own_view
from core.atlantica.cards import SHIP_PILES
from core.atlantica.commands import AnyCommand
from core.atlantica.events import AnyEvent
from core.atlantica.state import State
from core.atlantica.view import PlayerView

AtlanticaSession = Session[Any, AnyEvent, AnyCommand, PlayerView]
"""A session of an Atlantica game, played here or hosted elsewhere (its state is a
``core.atlantica.state.State``)."""


@dataclass(frozen=True)
class Table:
    """What everyone may see of hands and piles (L4): each hand's size, each seat's
    hired cards, each pile's size, and the three ship piles' top cards."""

    hand_sizes: tuple[int, ...]
    hired_counts: tuple[int, ...]
    pile_sizes: dict[str, int]
    """Keyed ``divers``, ``treasures``, ``hurricane``, ``research``, ``A``, ``B``,
    ``C`` and ``discard``."""
    ship_tops: tuple[str, ...]
    """The top card of piles A, B and C, ``""`` when a pile is empty."""


def table_of_state(state: State) -> Table:
    """The public table of a whole state (a game played here, or one that is over)."""
    sizes = {
        "divers": len(state.divers),
        "treasures": len(state.main_pile),
        "hurricane": len(state.hurricane_pile),
        "research": len(state.research_pile),
        "discard": len(state.discard),
    }
    for pile, cards in zip(SHIP_PILES, state.ship_piles, strict=False):
        sizes[pile] = len(cards)
    return Table(
        tuple(len(hand) for hand in state.hands),
        tuple(len(hired) for hired in state.hired),
        sizes,
        tuple(cards[0] if cards else "" for cards in state.ship_piles),
    )


def table_of_view(view: PlayerView) -> Table:
    """The public table as a view holds it."""
    return Table(
        tuple(view.hand_sizes),
        tuple(view.hired_counts),
        dict(view.pile_sizes),
        tuple(view.ship_tops),
    )


def table_for(session: AtlanticaSession) -> Table:
    """The public table as the seat at this keyboard (or a watcher) may see it."""
    return table_of_view(own_view(session))
