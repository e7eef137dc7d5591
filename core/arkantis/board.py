"""Sets of one colour on the board (D1, D2), worked out on bit masks.

A colour's squares are an ``int`` of 49 bits (``core.arkantis.squares``). A set
is found by a flood fill that grows a mask by its side neighbours, all bits at
once, so a whole board splits into its sets in a few dozen integer operations:
the bots' searches resolve thousands of actions.
"""

from __future__ import annotations

from functools import lru_cache

from core.arkantis.i18n import _
from core.arkantis.squares import ALL, SIZE

_COLUMN_A = sum(1 << (row * SIZE) for row in range(SIZE))
_COLUMN_G = _COLUMN_A << (SIZE - 1)
_NOT_A = ALL & ~_COLUMN_A
_NOT_G = ALL & ~_COLUMN_G


def neighbours(mask: int) -> int:
    """Every square sharing a side with a square of ``mask`` (D1), ``mask`` itself left out
    unless a square of it touches another."""
    return (((mask & _NOT_G) << 1) | ((mask & _NOT_A) >> 1) | (mask << SIZE) | (mask >> SIZE)) & ALL


def grow(seed: int, within: int) -> int:
    """The set of ``within`` that holds ``seed`` (a square or more of it): flood fill."""
    current = seed & within
    while True:
        # ``neighbours``, written out: this loop is the resolution's inner loop.
        wider = (
            current
            | ((current & _NOT_G) << 1)
            | ((current & _NOT_A) >> 1)
            | (current << SIZE)
            | (current >> SIZE)
        ) & within
        if wider == current:
            return current
        current = wider


@lru_cache(maxsize=65536)
def sets_of(mask: int) -> tuple[int, ...]:
    """D2: the sets of the squares of ``mask``, in reading order of their first square."""
    found = []
    rest = mask
    while rest:
        one = grow(rest & -rest, rest)
        found.append(one)
        rest &= ~one
    return tuple(found)


def sets_touching(mask: int, area: int) -> tuple[int, ...]:
    """The sets of ``mask`` that hold a square of ``area``, in reading order."""
    found = []
    rest = mask & area
    while rest:
        one = grow(rest & -rest, mask)
        found.append(one)
        rest &= ~one
    found.sort(key=lambda s: s & -s)
    return tuple(found)


def reds(tokens: int) -> int:
    """S1.3: the empty squares of a board whose tokens are ``tokens``."""
    return ALL & ~tokens


def from_picture(picture: str) -> int:
    """The tokens of a board drawn as 49 characters (``#`` a token, ``.`` empty; spaces,
    row labels and line breaks ignored), row 1 first."""
    cells = [ch for ch in picture if ch in "#."]
    if len(cells) != SIZE * SIZE:
        raise ValueError(_("a board has 49 squares, not {count}").format(count=len(cells)))
    return sum(1 << index for index, ch in enumerate(cells) if ch == "#")


def to_picture(tokens: int) -> str:
    """The 49-character drawing of a board, row 1 first (``#`` a token, ``.`` empty)."""
    return "".join("#" if tokens >> index & 1 else "." for index in range(SIZE * SIZE))
