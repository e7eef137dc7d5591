"""Choosing a move with keys: a pawn, then one of its destinations, then the cards.

Shared by the game and the tutorial, and free of Textual so it is tested alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.atlantis.choosing import ways_by_destination
from core.atlantis.commands import Payment
from core.atlantis.moves import MovePreview, move_payments
from core.atlantis.state import State

LABELS = "1234567890"
"""Keys that label a chosen pawn's destinations, in path order."""


@dataclass
class Selection:
    """The chosen pawn, its destinations in path order, and the highlighted one."""

    pawn: int
    destinations: list[int]
    ways: dict[int, list[MovePreview]]
    index: int = 0
    way: int = 0

    @property
    def destination(self) -> int | None:
        return self.destinations[self.index] if self.destinations else None

    @property
    def preview(self) -> MovePreview | None:
        destination = self.destination
        if destination is None:
            return None
        ways = self.ways[destination]
        return ways[self.way % len(ways)]

    def suggested_payment(self, state: State) -> Payment | None:
        """The least-overpaying payment of the highlighted move, when it owes water."""
        preview = self.preview
        if preview is None or not preview.owed or not preview.affordable:
            return None
        return move_payments(state, preview, limit=1)[0]

    def step(self, delta: int) -> None:
        """The next (or previous) destination, wrapping around."""
        if self.destinations:
            self.index = (self.index + delta) % len(self.destinations)
            self.way = 0

    def other_way(self, delta: int) -> None:
        """Other cards that reach the same destination."""
        if self.destination is not None:
            self.way += delta

    def choose(self, index: int) -> bool:
        """Highlight destination ``index``; True when it already was (a second press moves)."""
        if index >= len(self.destinations):
            return False
        if self.index == index:
            return True
        self.index, self.way = index, 0
        return False


def select_pawn(state: State, pawn: int) -> Selection:
    """Group a pawn's moves by destination; the cheapest way to each comes first."""
    ways = ways_by_destination(state, pawn)
    destinations = list(ways)
    # Start on the first destination the player can afford.
    index = next((i for i, d in enumerate(destinations) if ways[d][0].affordable), 0)
    return Selection(pawn, destinations, ways, index)
