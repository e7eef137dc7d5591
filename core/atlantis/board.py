"""Reading the path: where a card leads, what water costs, which tile is taken.

``Board`` is a flat snapshot of the top tiles, so the move generator asks many
questions of one position without walking stacks of tiles again. It only
reads the state; it never changes it. ``Board.of`` keeps the snapshot on the
state it describes (states are immutable, so it never goes stale), and
``evolve`` derives the next state's snapshot from the tile taken or the bridge
placed instead of rebuilding it (see ``core.atlantis.derived``).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from itertools import accumulate, pairwise
from typing import NamedTuple

from core.atlantis.items import ITEM_COUNT
from core.atlantis.state import ATLANTIS, MAINLAND, State
from core.atlantis.tiles import TileSet

NO_ITEM = -1
UNKNOWN_ITEM = -2
"""A hidden tile that became a top tile in a player's what-if (see ``HIDDEN_TILE``)."""
UNKNOWN_VALUE = 4
"""The mean tile value, used for a hidden tile's value in what-ifs."""
SENTINELS = list(range(ITEM_COUNT))
BOARD_KEY = "board"
"""Where a state keeps its board among its derived values (``State.__dict__``)."""

Sums = tuple[list[int], list[int], list[int]]
"""``(firsts, lasts, paid)``: the gaps' first and last spaces, in order, and
``paid[k]``, what the first ``k`` gaps cost (see ``Board.sums``)."""


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


def land_beside(items: Sequence[int], space: int) -> tuple[int, int]:
    """The nearest land either side of ``space`` (Atlantis or the Mainland at the ends)."""
    before = space - 1
    while before > ATLANTIS and items[before] == NO_ITEM:
        before -= 1
    after = space + 1
    while after < MAINLAND and items[after] == NO_ITEM:
        after += 1
    return before, after


class Board:
    """Top items and values of every space, plus the gaps, of one state.

    A board is never changed once built: the derivations below return new ones.
    """

    __slots__ = (
        "_sums",
        "bridge_spaces",
        "first_land",
        "gaps",
        "items",
        "last_land",
        "reach",
        "values",
    )

    items: list[int]
    values: list[int]
    first_land: int
    last_land: int
    gaps: list[Gap]
    bridge_spaces: tuple[int, ...]
    reach: list[int]
    """The items up to the last land space, then one of each item: a search for an
    item from any space up to the last land always succeeds, at ``last_land`` or
    beyond meaning the Mainland (no exception to catch in the move generator)."""
    _sums: Sums | None

    def __init__(self, state: State) -> None:
        tile_items, tile_values = tile_columns(state.tiles)
        spaces = state.spaces
        items = [tile_items[stack[-1]] if stack else NO_ITEM for stack in spaces]
        values = [tile_values[stack[-1]] if stack else 0 for stack in spaces]
        land = [space for space, stack in enumerate(spaces) if stack]
        last_land = land[-1] if land else ATLANTIS
        bridge_spaces = tuple(space for space in state.bridges if space is not None)
        self.items = items
        self.values = values
        self.first_land = land[0] if land else MAINLAND
        self.last_land = last_land
        self.bridge_spaces = bridge_spaces
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
        self.reach = items[: last_land + 1] + SENTINELS
        self._sums = None

    @classmethod
    def of(cls, state: State) -> Board:
        """The board of ``state``, built once and kept with the state."""
        derived = state.__dict__
        board: Board | None = derived.get(BOARD_KEY)
        if board is None:
            board = derived[BOARD_KEY] = cls(state)
        return board

    def _gap(self, before: int, after: int) -> Gap:
        """The gap between land spaces ``before`` and ``after`` (water in between)."""
        values = self.values
        bridged = False
        for bridge in self.bridge_spaces:
            if before < bridge < after:
                bridged = True
        price = values[before] if values[before] < values[after] else values[after]
        return Gap(before + 1, after - 1, price, bridged)

    def _copy(self) -> Board:
        board = Board.__new__(Board)
        board.items = self.items.copy()
        board.values = self.values.copy()
        board.first_land = self.first_land
        board.last_land = self.last_land
        board.gaps = self.gaps
        board.bridge_spaces = self.bridge_spaces
        board.reach = self.reach
        board._sums = None
        return board

    def after_taking(self, space: int, uncovered: int | None, tiles: TileSet) -> Board:
        """The board once the top tile of ``space`` is taken (T6).

        ``uncovered`` is the tile now on top there (``HIDDEN_TILE`` in a view),
        or None when the space turned to water. Only the gaps either side of
        ``space`` can change, so only they are recomputed.
        """
        board = self._copy()
        items, values = board.items, board.values
        if uncovered is not None:
            # The space stays land (so at or before the last land space, in ``reach``).
            tile_items, tile_values = tile_columns(tiles)
            item = items[space] = tile_items[uncovered]
            values[space] = tile_values[uncovered]
            reach = board.reach = self.reach.copy()
            reach[space] = item
            sums = self._sums
            if items[space - 1] == NO_ITEM or items[space + 1] == NO_ITEM:
                # Water beside it: the gaps there may change price.
                board.gaps, sums = self._repriced(board, space)
            board._sums = sums
            return board
        items[space] = NO_ITEM
        values[space] = 0
        before, after = land_beside(items, space)
        if space == self.first_land:
            board.first_land = after
        if space == self.last_land:
            board.last_land = before
            board.reach = items[: before + 1] + SENTINELS
        else:
            reach = board.reach = self.reach.copy()
            reach[space] = NO_ITEM
        # The water either side of ``space`` joins into one gap, or leaves the path
        # when it now touches either end (T7.2): the gaps starting between the land
        # spaces ``before`` and ``after`` give way to it.
        gaps = self.gaps
        sums = self._sums
        firsts = sums[0] if sums is not None else [gap.first for gap in gaps]
        low, high = bisect_right(firsts, before), bisect_left(firsts, after)
        joined: Gap | None = None
        if before > ATLANTIS and after < MAINLAND:
            joined = board._gap(before, after)
            board.gaps = [*gaps[:low], joined, *gaps[high:]]
        else:
            board.gaps = gaps[:low] + gaps[high:]
        if sums is not None:
            board._sums = _spliced(sums, low, high, joined)
        return board

    def _repriced(self, board: Board, space: int) -> tuple[list[Gap], Sums | None]:
        """The gaps of ``board`` (``space`` with its new value), and its sums: this
        board's, changed by what each gap beside ``space`` now costs more or less."""
        gaps = self.gaps.copy()
        sums = self._sums
        for index, gap in enumerate(gaps):
            if gap.last + 1 == space or gap.first - 1 == space:
                new = gaps[index] = board._gap(gap.first - 1, gap.last + 1)
                change = (0 if new.bridged else new.price) - (0 if gap.bridged else gap.price)
                if change and sums is not None:
                    firsts, lasts, paid = sums
                    after = index + 1
                    sums = firsts, lasts, paid[:after] + list(map(change.__add__, paid[after:]))
        return gaps, sums

    def with_bridges(self, bridges: tuple[int | None, ...]) -> Board:
        """The board once a bridge is placed (T2): only the gaps' bridged flags change."""
        board = self._copy()
        board.bridge_spaces = tuple(space for space in bridges if space is not None)
        board.gaps = [board._gap(gap.first - 1, gap.last + 1) for gap in self.gaps]
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
        if start >= self.last_land:
            return MAINLAND
        space = self.reach.index(item, start + 1)
        return space if space <= self.last_land else MAINLAND

    def gaps_between(self, start: int, end: int) -> list[Gap]:
        """The gaps a pawn crosses going from ``start`` to ``end`` (T5.1)."""
        return [gap for gap in self.gaps if start < gap[0] and gap[1] < end]

    def sums(self) -> Sums:
        """``(firsts, lasts, paid)`` of the gaps, worked out once per board and kept up
        to date as tiles are taken: what a crossing costs is two binary searches
        (``crossing_price``) instead of a walk over the gaps."""
        sums = self._sums
        if sums is None:
            gaps = self.gaps
            sums = self._sums = (
                [gap.first for gap in gaps],
                [gap.last for gap in gaps],
                [0, *accumulate(0 if gap.bridged else gap.price for gap in gaps)],
            )
        return sums

    def cost_between(self, start: int, end: int) -> int:
        """T5.1/T5.3: the summed price of the unbridged gaps between two spaces."""
        total = 0
        for first, last, price, bridged in self.gaps:
            if start < first and last < end and not bridged:
                total += price
        return total

    def tile_to_take(
        self, stop: int, occupied: frozenset[int] | set[int], left: int = ATLANTIS
    ) -> int | None:
        """T6.1–T6.3: looking back from ``stop``, the first free land space.

        ``occupied`` must already reflect the move (the space left is free), or the
        space the pawn ``left`` be given: it counts as free whatever ``occupied`` says.
        """
        items = self.items
        for space in range(min(stop, MAINLAND) - 1, ATLANTIS, -1):
            if items[space] != NO_ITEM and (space not in occupied or space == left):
                return space
        return None


def crossing_price(sums: Sums, start: int, stop: int) -> int:
    """T5.1/T5.3: ``cost_between(start, stop)`` for a ``stop`` ahead of ``start`` that is
    land or the Mainland, as every move's is, from the board's ``sums``.

    The gaps ending before ``stop`` are the first ``a``, those beginning at or
    before ``start`` the first ``b``, and ``b <= a``: a gap among the ``b`` but
    not the ``a`` would hold ``stop``, which is no water. The gaps crossed are
    the ones between.
    """
    firsts, lasts, paid = sums
    return paid[bisect_left(lasts, stop)] - paid[bisect_right(firsts, start)]


def _spliced(sums: Sums, low: int, high: int, joined: Gap | None) -> Sums:
    """The sums once the gaps ``low`` to ``high`` (excluded) gave way to ``joined``
    (one gap, or None when the water left the path): the sums after them move by
    what ``joined`` costs less what they did."""
    firsts, lasts, paid = sums
    total = paid[low]
    if joined is None:
        firsts, lasts = firsts[:low] + firsts[high:], lasts[:low] + lasts[high:]
        before = paid[: low + 1]
    else:
        if not joined.bridged:
            total += joined.price
        firsts = [*firsts[:low], joined.first, *firsts[high:]]
        lasts = [*lasts[:low], joined.last, *lasts[high:]]
        before = [*paid[: low + 1], total]
    change = total - paid[high]
    return (
        firsts,
        lasts,
        before + (list(map(change.__add__, paid[high + 1 :])) if change else paid[high + 1 :]),
    )


_columns: tuple[TileSet, list[int], list[int]] | None = None


def tile_columns(tiles: TileSet) -> tuple[list[int], list[int]]:
    """Items and values of the tile set as flat lists, built once per tile set.

    One extra entry at the end stands for ``HIDDEN_TILE`` (index -1), so a
    player's what-if that uncovers a hidden tile reads an unknown item. The
    one remembered set is read once into a local name, so a thread that
    replaces it meanwhile cannot hand back another set's columns.
    """
    global _columns
    columns = _columns
    if columns is None or columns[0] is not tiles:
        items = [t.item for t in tiles] + [UNKNOWN_ITEM]
        values = [t.value for t in tiles] + [UNKNOWN_VALUE]
        columns = _columns = (tiles, items, values)
    return columns[1], columns[2]
