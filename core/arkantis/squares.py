"""The 7 × 7 board's squares (S1.1): numbers, names, and sets of squares as bits.

A square is a number 0–48, ``row * 7 + column`` (row 1 at the top, column A at
the left); its name is ``C4`` (column C, row 4), the name saves, commands and
players use. A set of squares is an ``int`` whose bit ``square`` is set: the
board's tokens, a stain, the squares an action changed. Bits make the set
arithmetic of T4 (ancestors, flood fills) cheap enough for the bots' searches.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

SIZE = 7
"""Rows and columns (S1.1)."""
SQUARES = SIZE * SIZE
ALL = (1 << SQUARES) - 1
"""Every square of the board, as bits."""
COLUMNS = "ABCDEFG"


def square(row: int, column: int) -> int:
    """The square in ``row`` and ``column`` (both 0-based)."""
    return row * SIZE + column


NAMES: tuple[str, ...] = tuple(f"{COLUMNS[sq % SIZE]}{sq // SIZE + 1}" for sq in range(SQUARES))
"""Every square's name, by number: names are made once, looked up at the edges."""
NUMBERS: dict[str, int] = {text: sq for sq, text in enumerate(NAMES)}
"""Every square's number, by its name as the engine writes it (``C4``)."""


ONE: tuple[tuple[str], ...] = tuple((text,) for text in NAMES)
"""Each square's name alone in a tuple (a removal of one token names it so), made once."""
TWO: tuple[tuple[tuple[str, str], ...], ...] = tuple(
    tuple((first, second) for second in NAMES) for first in NAMES
)
"""``TWO[a][b]``: the names of squares ``a`` and ``b`` in a tuple, made once."""
NAMED: dict[tuple[str, ...], tuple[int, tuple[str, ...]]] = {
    **{texts: (1 << sq, texts) for sq, texts in enumerate(ONE)},
    **{
        TWO[a][b]: ((1 << a) | (1 << b), TWO[min(a, b)][max(a, b)])
        for a in range(SQUARES)
        for b in range(SQUARES)
        if a != b
    },
}
"""One or two different squares as the engine names them, in any order: their bits,
and their names in reading order. Commands and events name squares so, and are read
back with one look-up."""


def name(sq: int) -> str:
    """``C4`` for the square in column C, row 4."""
    return NAMES[sq]


def parse(text: str) -> int | None:
    """The square a player named (``c4``, `` C4 ``), or ``None`` for no square."""
    found = NUMBERS.get(text)
    if found is None:
        found = NUMBERS.get(text.strip().upper())
    return found


def bits(squares: Iterable[int]) -> int:
    """The squares as bits."""
    result = 0
    for sq in squares:
        result |= 1 << sq
    return result


def members(mask: int) -> Iterator[int]:
    """The squares of ``mask``, in reading order (row, then column)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


_ROW = (1 << SIZE) - 1
_ROW_NAMES: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(
        tuple(NAMES[row * SIZE + column] for column in range(SIZE) if pattern >> column & 1)
        for pattern in range(1 << SIZE)
    )
    for row in range(SIZE)
)
"""Per row, the names of each of its 128 patterns of squares: a set of 40 squares
(a board's great blue set) is named in seven look-ups."""


_ROW_COUNTS = tuple(pattern.bit_count() for pattern in range(1 << SIZE))
_ROW_COLUMNS = tuple(
    tuple(column for column in range(SIZE) if pattern >> column & 1) for pattern in range(1 << SIZE)
)
"""Per pattern of a row's squares: how many, and their columns."""


def nth_square(mask: int, index: int) -> int:
    """The ``index``-th square of ``mask`` in reading order (0 the first; ``mask`` must
    hold more than ``index`` squares): rows are skipped whole, by their counts."""
    first = 0
    while True:
        pattern = mask & _ROW
        count = _ROW_COUNTS[pattern]
        if index < count:
            return first + _ROW_COLUMNS[pattern][index]
        index -= count
        mask >>= SIZE
        first += SIZE


def names(mask: int) -> tuple[str, ...]:
    """The names of the squares of ``mask``, in reading order."""
    if mask.bit_count() > SIZE:  # a large set: one look-up per row, all seven at once
        r = _ROW_NAMES
        return (
            *r[0][mask & _ROW],
            *r[1][mask >> SIZE & _ROW],
            *r[2][mask >> 2 * SIZE & _ROW],
            *r[3][mask >> 3 * SIZE & _ROW],
            *r[4][mask >> 4 * SIZE & _ROW],
            *r[5][mask >> 5 * SIZE & _ROW],
            *r[6][mask >> 6 * SIZE & _ROW],
        )
    found: tuple[str, ...] = ()
    row = 0
    while mask:
        found += _ROW_NAMES[row][mask & _ROW]
        mask >>= SIZE
        row += 1
    return found
