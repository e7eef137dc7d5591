"""Reading the path: where a card leads, what water costs, which tile is taken.

``Board`` is a flat snapshot of the top tiles built once per question, so the
move generator asks many questions of one position without walking stacks of
tiles again. It only reads the state; it never changes it.
"""

from __future__ import annotations

from typing import NamedTuple

from core.state import ATLANTIS, MAINLAND, State

NO_ITEM = -1


class Gap(NamedTuple):
    """A maximal run of water between two land spaces (T5.1, T7.2).

    ``price`` is the lower value of the two bordering land spaces; ``bridged``
    is true when a bridge stands anywhere on the run (T2, T5.3).
    """

    first: int
    last: int
    price: int
    bridged: bool

    @property
    def cost(self) -> int:
        return 0 if self.bridged else self.price


class Board:
    """Top items and values of every space, plus the gaps, of one state."""

    __slots__ = ("first_land", "gaps", "items", "last_land", "values")

    def __init__(self, state: State) -> None:
        tiles = state.tiles
        items = [NO_ITEM] * (MAINLAND + 1)
        values = [0] * (MAINLAND + 1)
        first_land = MAINLAND
        last_land = ATLANTIS
        for space in range(ATLANTIS + 1, MAINLAND):
            stack = state.spaces[space]
            if stack:
                tile = tiles[stack[-1]]
                items[space] = tile.item
                values[space] = tile.value
                if first_land == MAINLAND:
                    first_land = space
                last_land = space
        self.items = items
        self.values = values
        self.first_land = first_land
        self.last_land = last_land
        bridge_spaces = [space for space in state.bridges if space is not None]
        gaps: list[Gap] = []
        space = first_land + 1
        while space < last_land:
            if items[space] == NO_ITEM:
                first = space
                while items[space + 1] == NO_ITEM:
                    space += 1
                price = min(values[first - 1], values[space + 1])
                bridged = any(first <= bridge <= space for bridge in bridge_spaces)
                gaps.append(Gap(first, space, price, bridged))
            space += 1
        self.gaps = gaps

    def is_land(self, space: int) -> bool:
        return self.items[space] != NO_ITEM

    def is_path_water(self, space: int) -> bool:
        """Water that is still part of the path (inside a gap, T7.2)."""
        return self.first_land < space < self.last_land and self.items[space] == NO_ITEM

    def gap_at(self, space: int) -> Gap | None:
        for gap in self.gaps:
            if gap.first <= space <= gap.last:
                return gap
        return None

    def landing(self, start: int, item: int) -> int:
        """T4.1–T4.2: the nearest space ahead showing ``item``, else the Mainland."""
        items = self.items
        for space in range(start + 1, self.last_land + 1):
            if items[space] == item:
                return space
        return MAINLAND

    def gaps_between(self, start: int, end: int) -> list[Gap]:
        """The gaps a pawn crosses going from ``start`` to ``end`` (T5.1)."""
        return [gap for gap in self.gaps if start < gap.first and gap.last < end]

    def cost_between(self, start: int, end: int) -> int:
        """T5.1/T5.3: the summed price of the unbridged gaps between two spaces."""
        total = 0
        for gap in self.gaps:
            if start < gap.first and gap.last < end and not gap.bridged:
                total += gap.price
        return total

    def tile_to_take(self, stop: int, occupied: frozenset[int] | set[int]) -> int | None:
        """T6.1–T6.3: looking back from ``stop``, the first free land space.

        ``occupied`` must already reflect the move (the space left is free).
        """
        items = self.items
        for space in range(min(stop, MAINLAND) - 1, ATLANTIS, -1):
            if items[space] != NO_ITEM and space not in occupied:
                return space
        return None
