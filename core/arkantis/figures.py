"""Figures (D3): a set of squares up to translation, quarter turns and reflection.

A figure is normalised to one canonical form, the least of its eight
transformations once each is moved to the top-left corner; two sets match
when their canonical forms are equal. A card matches a set when the set's
figure is the card's (either figure of a chiral card counts, since a
reflection is one of the eight transformations).
"""

from __future__ import annotations

from functools import lru_cache

from core.arkantis.cards import Kind
from core.arkantis.squares import SIZE, members

_ROW = (1 << SIZE) - 1
Cells = tuple[tuple[int, int], ...]
"""(row, column) pairs, sorted."""
Figure = Cells
"""A figure in canonical form (``normalise``)."""


def _moved_to_corner(cells: list[tuple[int, int]]) -> Cells:
    top = min(row for row, _ in cells)
    left = min(column for _, column in cells)
    return tuple(sorted((row - top, column - left) for row, column in cells))


def orientations(cells: Cells) -> tuple[Cells, ...]:
    """The distinct placings of ``cells`` under the eight turns and reflections."""
    found: list[Cells] = []
    current = list(cells)
    for _turn in range(4):
        current = [(column, -row) for row, column in current]  # a quarter turn
        for shape in (current, [(row, -column) for row, column in current]):
            moved = _moved_to_corner(shape)
            if moved not in found:
                found.append(moved)
    return tuple(found)


@lru_cache(maxsize=4096)
def normalise(cells: Cells) -> Figure:
    """The canonical form of ``cells``: the least of its orientations."""
    return min(orientations(tuple(cells)))


@lru_cache(maxsize=65536)
def figure_of_mask(mask: int) -> Figure:
    """The figure of a set of board squares given as bits."""
    return normalise(tuple((sq // SIZE, sq % SIZE) for sq in members(mask)))


def corner_mask(mask: int) -> int:
    """A set of squares (bits) moved to the top-left corner: its first row to row 1, its
    leftmost column to A. Two sets have the same placing exactly when these are equal."""
    mask >>= ((mask & -mask).bit_length() - 1) // SIZE * SIZE
    columns, rest = 0, mask
    while rest:
        columns |= rest & _ROW
        rest >>= SIZE
    return mask >> (columns & -columns).bit_length() - 1


def placings(cells: Cells) -> tuple[int, ...]:
    """The figure of ``cells`` in each of its orientations, as corner masks
    (``corner_mask``): a set matches the figure when its corner mask is one of them.
    A figure that does not fit the board, or repeats a cell, has none (it matches no set)."""
    if len(set(cells)) != len(cells):
        return ()
    found = []
    for shape in orientations(tuple(cells)):
        if any(not (0 <= row < SIZE and 0 <= column < SIZE) for row, column in shape):
            return ()
        mask = 0
        for row, column in shape:
            mask |= 1 << (row * SIZE + column)
        found.append(mask)
    return tuple(found)


def figure_cells(kind: Kind) -> Cells:
    """The cells of a kind's first figure, as the data file gives them."""
    return tuple(sorted(kind.cells))


def mirror_cells(kind: Kind) -> Cells | None:
    """The left–right mirror of a chiral kind's figure, ``None`` for a kind that
    equals its mirror under turns (it shows one figure)."""
    cells = figure_cells(kind)
    width = max(column for _, column in cells)
    mirror = tuple(sorted((row, width - column) for row, column in cells))
    same = _moved_to_corner(list(mirror)) in _turns(cells)
    return None if same else mirror


def _turns(cells: Cells) -> tuple[Cells, ...]:
    """The four quarter turns of ``cells``, without reflection."""
    found: list[Cells] = []
    current = list(cells)
    for _turn in range(4):
        current = [(column, -row) for row, column in current]
        found.append(_moved_to_corner(current))
    return tuple(found)


@lru_cache(maxsize=256)
def kind_figure(kind: Kind) -> Figure:
    """A kind's figure in canonical form."""
    return normalise(tuple((row, column) for row, column in kind.cells))


def matches(squares_mask: int, kind: Kind) -> bool:
    """D3: whether the squares (bits) have the figure of ``kind``'s card."""
    return len(kind.cells) == squares_mask.bit_count() and figure_of_mask(
        squares_mask
    ) == kind_figure(kind)


def is_connected(cells: Cells) -> bool:
    """Whether ``cells`` are side-connected (D1)."""
    if not cells:
        return False
    left = set(cells)
    stack = [cells[0]]
    left.discard(cells[0])
    while stack:
        row, column = stack.pop()
        for near in ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)):
            if near in left:
                left.discard(near)
                stack.append(near)
    return not left
