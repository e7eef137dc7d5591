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


def name(sq: int) -> str:
    """``C4`` for the square in column C, row 4."""
    return f"{COLUMNS[sq % SIZE]}{sq // SIZE + 1}"


def parse(text: str) -> int | None:
    """The square a player named (``c4``, `` C4 ``), or ``None`` for no square."""
    text = text.strip().upper()
    if len(text) != 2 or text[0] not in COLUMNS or not "1" <= text[1] <= "7":
        return None
    return square(int(text[1]) - 1, COLUMNS.index(text[0]))


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


def names(mask: int) -> tuple[str, ...]:
    """The names of the squares of ``mask``, in reading order."""
    return tuple(name(sq) for sq in members(mask))
