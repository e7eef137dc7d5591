"""What ArkantiS's screens read from a session: its type, and the public table.

An ArkantiS session is a ``Session`` of ArkantiS's types (played here, or one
seat of a game hosted elsewhere). ``state`` is whole locally; remotely it is
the seat's view's state, where other hands are blanked, so the screens read
every hand's size and colours, and the piles, from a view (``table_for``).
"""

from __future__ import annotations

from typing import Any

from atlantis_tui.games.arkantis.cards_text import Table
from atlantis_tui.session_protocol import Session, own_view
from core.arkantis.commands import AnyCommand
from core.arkantis.events import AnyEvent
from core.arkantis.state import PILES
from core.arkantis.view import PlayerView

ArkantisSession = Session[Any, AnyEvent, AnyCommand, PlayerView]
"""A session of an ArkantiS game, played here or hosted elsewhere (its state is a
``core.arkantis.state.State``)."""


def table_of_view(view: PlayerView) -> Table:
    """The public table (L3) as a view holds it."""
    top_up = {colour: top for (colour, _pile), top in zip(PILES[1::2], view.top_up, strict=False)}
    return Table(
        tuple(view.hand_sizes),
        tuple(tuple(pair) for pair in view.hand_colours),  # type: ignore[misc]
        tuple(view.pile_sizes),
        top_up,
    )


def table_for(session: ArkantisSession) -> Table:
    """The public table as the seat at this keyboard (or a watcher) may see it."""
    return table_of_view(own_view(session))
