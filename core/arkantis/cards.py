"""Relic cards (S1.5): the kinds a data set describes, and card ids.

A card id is its kind and copy number, ``L4-1`` … ``L4-4``; saves, events and
hands hold ids. ``Kind`` is one ``[[kind]]`` table of ``arkantis.toml``
(S1.6); ``data.py`` loads and checks a data file, and the kinds a game uses
are recorded in its ``game-started`` event, so a save never depends on the
file it was started from.
"""

from __future__ import annotations

from typing import Literal

import msgspec

Colour = Literal["orange", "emerald"]
"""A card's colour, shown on its back (S1.5)."""
COLOURS: tuple[Colour, ...] = ("orange", "emerald")
PRICES: dict[Colour, int] = {"orange": 2, "emerald": 1}
"""T6.1: what a card of each colour costs."""


class Kind(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One kind of card: its figure, names, colour, face value and copies (S1.5).

    ``cells`` are (row, column), 0-based, of the card's first figure; a chiral
    figure's mirror counts too (D3).
    """

    id: str
    fr: str
    en: str
    nl: str
    colour: Colour
    value: int
    copies: int
    cells: tuple[tuple[int, int], ...]


def kind_of(card: str) -> str:
    """The kind of card ``card``: ``L4`` for ``L4-2``."""
    return card.rsplit("-", 1)[0]


def card_ids(kind: Kind) -> tuple[str, ...]:
    """The ids of a kind's copies, ``L4-1`` first."""
    return tuple(f"{kind.id}-{copy}" for copy in range(1, kind.copies + 1))
