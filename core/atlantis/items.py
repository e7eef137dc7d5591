"""The seven items shown on tiles and cards (RULES.md S1.1).

Items are small integers so that a hand can be a tuple of seven counts and the
hot paths of the engine stay on plain ints; names, abbreviations and colours
live here so every other module speaks about items the same way.
"""

from __future__ import annotations

from enum import IntEnum

from core.atlantis.i18n import N_, NC_, _, pgettext


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
        """The item's letter in the reader's language (``H`` for a helmet in English,
        ``C`` in French): seven distinct letters, so no information is carried by
        colour alone."""
        return pgettext("item letter", LETTERS[self])

    @property
    def colour(self) -> str:
        """The colour printed on the tiles and cards (S1.1)."""
        return COLOURS[self]

    @property
    def label(self) -> str:
        """The English name, as the save format and the command line write it."""
        return self.name.lower()

    @property
    def shown_name(self) -> str:
        """The item's name in the reader's language."""
        return _(NAMES[self])


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
    Item.FLAG: NC_("item letter", "F"),
    Item.OLIVES: NC_("item letter", "O"),
    Item.HELMET: NC_("item letter", "H"),
    Item.AMPHORA: NC_("item letter", "A"),
    Item.RING: NC_("item letter", "R"),
    Item.CROWN: NC_("item letter", "C"),
    Item.STATUE: NC_("item letter", "S"),
}
NAMES: dict[Item, str] = {
    Item.FLAG: N_("flag"),
    Item.OLIVES: N_("olives"),
    Item.HELMET: N_("helmet"),
    Item.AMPHORA: N_("amphora"),
    Item.RING: N_("ring"),
    Item.CROWN: N_("crown"),
    Item.STATUE: N_("statue"),
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
    for _key in (_item.abbreviation, LETTERS[_item], _item.label, str(int(_item))):
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
        message = _("unknown item {text!r} (expected one of {names})")
        raise ValueError(message.format(text=text, names=names)) from None
