"""Reading the path: where a card leads, what water costs, which tile is taken.

``Board`` is a flat snapshot of the top tiles, so the move generator asks many
questions of one position without walking stacks of tiles again. It only
reads the state; it never changes it. ``Board.of`` keeps the snapshot on the
state it describes (states are immutable, so it never goes stale), and
``evolve`` derives the next state's snapshot from the tile taken or the bridge
placed instead of rebuilding it (see ``core.atlantis.derived``).
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from itertools import pairwise
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

Tolls = tuple[tuple[int, ...], tuple[int, ...]]
"""``(passed, toll)``: per space, the summed cost of the gaps that begin at or before
it, and of the gaps that end before it (see ``Board.tolls``)."""


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
        "_tolls",
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
    _tolls: Tolls | None

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
        self._tolls = None

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
        board._tolls = None
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
            tolls = self._tolls
            if items[space - 1] == NO_ITEM or items[space + 1] == NO_ITEM:
                # Water beside it: the gaps there may change price.
                board.gaps, tolls = self._repriced(board, space)
            board._tolls = tolls
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
        # when it now touches either end (T7.2).
        gaps: list[Gap] = []
        removed = 0
        for gap in self.gaps:
            if gap.last < before or gap.first > after:
                gaps.append(gap)
            elif not gap.bridged:
                removed += gap.price
        added = 0
        if before > ATLANTIS and after < MAINLAND:
            joined = board._gap(before, after)
            insort(gaps, joined)
            added = joined.cost
        board.gaps = gaps
        if self._tolls is not None:
            board._tolls = _rejoined(self._tolls, before, after, added, added - removed)
        return board

    def _repriced(self, board: Board, space: int) -> tuple[list[Gap], Tolls | None]:
        """The gaps of ``board`` (``space`` with its new value), and its tolls: this
        board's, changed by what each gap beside ``space`` now costs more or less."""
        gaps: list[Gap] = []
        tolls = self._tolls
        for gap in self.gaps:
            if gap.last + 1 == space or gap.first - 1 == space:
                new = board._gap(gap.first - 1, gap.last + 1)
                change = new.cost - gap.cost
                if change and tolls is not None:
                    passed, toll = tolls
                    tolls = (
                        _shifted(passed, gap.first, change),
                        _shifted(toll, gap.last + 1, change),
                    )
                gap = new
            gaps.append(gap)
        return gaps, tolls

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

    def tolls(self) -> Tolls:
        """``(passed, toll)``, worked out once per board: what crossings cost as two lookups.

        ``passed[s]`` sums the cost of the gaps that begin at or before space ``s``,
        ``toll[s]`` of those that end before it. A crossing from ``start`` to an
        ``end`` that is not water (a land space or the Mainland, as every move's
        stop is) costs ``toll[end] - passed[start]``, which is ``cost_between``:
        no gap holds both ends, since ``end`` lies in none.
        """
        tolls = self._tolls
        if tolls is None:
            tolls = self._tolls = _tolls(self.gaps)
        return tolls

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


def _tolls(gaps: Sequence[Gap]) -> Tolls:
    """``Board.tolls`` from the gaps, in order: each sum steps up at a gap's first space
    (``passed``) or just after its last (``toll``), so runs of equal sums are laid
    whole instead of summed space by space."""
    passed: list[int] = []
    toll: list[int] = []
    total = 0
    for first, last, price, bridged in gaps:
        if bridged or not price:
            continue
        passed += [total] * (first - len(passed))
        toll += [total] * (last + 1 - len(toll))
        total += price
    passed += [total] * (MAINLAND + 1 - len(passed))
    toll += [total] * (MAINLAND + 1 - len(toll))
    return tuple(passed), tuple(toll)


def _shifted(sums: tuple[int, ...], start: int, change: int) -> tuple[int, ...]:
    """``sums`` with ``change`` added from index ``start`` on."""
    return sums[:start] + tuple(map(change.__add__, sums[start:]))


def _rejoined(tolls: Tolls, before: int, after: int, added: int, change: int) -> Tolls:
    """The tolls once the gaps between land spaces ``before`` and ``after`` became one
    gap costing ``added`` (0 when it is off the path), ``change`` more than they did.

    Nothing up to ``before`` moves; between the two, a pawn has passed the start of
    the new gap (``passed``) but not its end (``toll``); from ``after`` on, every
    sum moves by ``change``.
    """
    passed, toll = tolls
    inside = after - before - 1
    later = change.__add__
    return (
        passed[: before + 1]
        + (passed[before] + added,) * inside
        + tuple(map(later, passed[after:])),
        toll[: before + 1] + (toll[before + 1],) * inside + tuple(map(later, toll[after:])),
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
