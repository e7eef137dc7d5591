"""Reading the path: where a card leads, what water costs, which tile is taken.

``Board`` is a flat snapshot of the top tiles built once per question, so the
move generator asks many questions of one position without walking stacks of
tiles again. It only reads the state; it never changes it.
"""

from __future__ import annotations

from itertools import pairwise
from typing import NamedTuple

from core.state import ATLANTIS, MAINLAND, State
from core.tiles import TileSet

NO_ITEM = -1
UNKNOWN_ITEM = -2
"""A hidden tile that became a top tile in a player's what-if (see ``HIDDEN_TILE``)."""
UNKNOWN_VALUE = 4
"""The mean tile value, used for a hidden tile's value in what-ifs."""


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
        tile_items, tile_values = _tile_columns(state)
        spaces = state.spaces
        items = [tile_items[stack[-1]] if stack else NO_ITEM for stack in spaces]
        values = [tile_values[stack[-1]] if stack else 0 for stack in spaces]
        land = [space for space, stack in enumerate(spaces) if stack]
        first_land = land[0] if land else MAINLAND
        last_land = land[-1] if land else ATLANTIS
        self.items = items
        self.values = values
        self.first_land = first_land
        self.last_land = last_land
        bridge_spaces = [space for space in state.bridges if space is not None]
        self.gaps = [
            Gap(
                before + 1,
                after - 1,
                min(values[before], values[after]),
                bool(bridge_spaces) and any(before < b < after for b in bridge_spaces),
            )
            for before, after in pairwise(land)
            if after - before > 1
        ]

    @classmethod
    def of(cls, state: State) -> Board:
        """The board of ``state``, reusing the last one built from the same tiles.

        A board depends only on the spaces, the bridges and the tile set. States
        are immutable and ``evolve`` keeps every field an event does not touch,
        so consecutive states (and a player's view of them) share those tuples
        until a tile is taken or a bridge placed: an identity test suffices.
        """
        spaces = _same_tops.get(id(state.spaces), state.spaces)
        key = (spaces, state.bridges, state.tiles)
        for cached_key, board in _recent:
            if all(a is b for a, b in zip(cached_key, key, strict=True)):
                return board
        board = cls(state)
        # Two slots: a position and a player's view of it are asked about in turn.
        _recent.insert(0, (key, board))
        del _recent[2:]
        return board

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
        try:
            return self.items.index(item, start + 1, self.last_land + 1)
        except ValueError:
            return MAINLAND

    def gaps_between(self, start: int, end: int) -> list[Gap]:
        """The gaps a pawn crosses going from ``start`` to ``end`` (T5.1)."""
        return [gap for gap in self.gaps if start < gap[0] and gap[1] < end]

    def cost_between(self, start: int, end: int) -> int:
        """T5.1/T5.3: the summed price of the unbridged gaps between two spaces."""
        total = 0
        for first, last, price, bridged in self.gaps:
            if start < first and last < end and not bridged:
                total += price
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


_recent: list[tuple[tuple[object, object, object], Board]] = []
_same_tops: dict[int, tuple[tuple[int, ...], ...]] = {}


def share_board(copy: tuple[tuple[int, ...], ...], original: tuple[tuple[int, ...], ...]) -> None:
    """Declare that ``copy`` has the same top tiles as ``original`` (a player's view
    hides only lower tiles), so both use one ``Board``. One pair is remembered."""
    _same_tops.clear()
    _same_tops[id(copy)] = original


_columns: tuple[TileSet, list[int], list[int]] | None = None


def _tile_columns(state: State) -> tuple[list[int], list[int]]:
    """Items and values of the tile set as flat lists, built once per tile set.

    One extra entry at the end stands for ``HIDDEN_TILE`` (index -1), so a
    player's what-if that uncovers a hidden tile reads an unknown item.
    """
    global _columns
    if _columns is None or _columns[0] is not state.tiles:
        tiles = state.tiles
        items = [t.item for t in tiles] + [UNKNOWN_ITEM]
        values = [t.value for t in tiles] + [UNKNOWN_VALUE]
        _columns = (tiles, items, values)
    return _columns[1], _columns[2]
