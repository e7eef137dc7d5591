"""Choosing a move with keys: a pawn, then one of its destinations, then the cards.

Shared by the game and the tutorial, and free of Textual so it is tested alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.commands import Payment
from core.i18n import _
from core.moves import MovePreview, move_payments, pawn_moves
from core.state import MAINLAND, PAWN_LETTERS, State

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
    ways: dict[int, list[MovePreview]] = {}
    for preview in pawn_moves(state, pawn):
        ways.setdefault(preview.destination, []).append(preview)
    for options in ways.values():
        options.sort(key=lambda p: (not p.affordable, len(p.cards), p.cards))
    destinations = sorted(ways)
    # Start on the first destination the player can afford.
    index = next((i for i, d in enumerate(destinations) if ways[d][0].affordable), 0)
    return Selection(pawn, destinations, ways, index)


def why_not_pawn(state: State, seat: int, pawn: int) -> str | None:
    """Why a pawn cannot be chosen (T3), or None when it can."""
    if state.pawns[seat][pawn] == MAINLAND:
        return _("Pawn {p} is already on the Mainland (T3).").format(p=PAWN_LETTERS[pawn])
    return None


def no_destination(pawn: int) -> str:
    return _("Pawn {p} cannot move: you hold no cards (T4.1).").format(p=PAWN_LETTERS[pawn])
