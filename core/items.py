"""The seven items shown on tiles and cards (RULES.md S1.1).

Items are small integers so that a hand can be a tuple of seven counts and the
hot paths of the engine stay on plain ints; names, abbreviations and colours
live here so every other module speaks about items the same way.
"""

from __future__ import annotations

from enum import IntEnum


class Item(IntEnum):
    """An item, numbered in the order of RULES.md S1.1."""

    FLAG = 0
    OLIVES = 1
    HELMET = 2
    AMPHORA = 3
    RING = 4
    CROWN = 5
    STATUE = 6

    @property
    def abbreviation(self) -> str:
        """Two letters used by the compact text notation: ``Fl``, ``Ol`` …"""
        return ABBREVIATIONS[self]

    @property
    def letter(self) -> str:
        """One distinct letter, so no information is carried by colour alone."""
        return LETTERS[self]

    @property
    def colour(self) -> str:
        """The colour printed on the tiles and cards (S1.1)."""
        return COLOURS[self]

    @property
    def label(self) -> str:
        """The English name used in messages."""
        return self.name.lower()


ITEMS: tuple[Item, ...] = tuple(Item)
ITEM_COUNT = len(ITEMS)

ABBREVIATIONS: dict[Item, str] = {
    Item.FLAG: "Fl",
    Item.OLIVES: "Ol",
    Item.HELMET: "He",
    Item.AMPHORA: "Am",
    Item.RING: "Ri",
    Item.CROWN: "Cr",
    Item.STATUE: "St",
}
LETTERS: dict[Item, str] = {
    Item.FLAG: "F",
    Item.OLIVES: "O",
    Item.HELMET: "H",
    Item.AMPHORA: "A",
    Item.RING: "R",
    Item.CROWN: "C",
    Item.STATUE: "S",
}
COLOURS: dict[Item, str] = {
    Item.FLAG: "red",
    Item.OLIVES: "green",
    Item.HELMET: "grey",
    Item.AMPHORA: "brown",
    Item.RING: "blue",
    Item.CROWN: "yellow",
    Item.STATUE: "white",
}

_BY_TEXT: dict[str, Item] = {}
for _item in ITEMS:
    for _key in (_item.abbreviation, _item.letter, _item.label, str(int(_item))):
        _BY_TEXT[_key.lower()] = _item


def parse_item(text: str) -> Item:
    """Read an item from its name, abbreviation, letter or number.

    >>> parse_item("Ol"), parse_item("ring"), parse_item("S")
    (<Item.OLIVES: 1>, <Item.RING: 4>, <Item.STATUE: 6>)
    """
    try:
        return _BY_TEXT[text.strip().lower()]
    except KeyError:
        names = ", ".join(item.label for item in ITEMS)
        raise ValueError(f"unknown item {text!r} (expected one of {names})") from None
