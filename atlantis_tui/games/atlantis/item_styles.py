"""The colours of Atlantis's seven items, on tiles, cards and hands.

Colour is never the only carrier of information: every item also has a letter.
"""

from __future__ import annotations

from rich.style import Style

from core.atlantis.items import Item

ITEM_STYLES: dict[int, Style] = {
    Item.FLAG: Style(color="white", bgcolor="red3", bold=True),
    Item.OLIVES: Style(color="white", bgcolor="green4", bold=True),
    Item.HELMET: Style(color="black", bgcolor="grey62", bold=True),
    Item.AMPHORA: Style(color="white", bgcolor="orange4", bold=True),
    Item.RING: Style(color="white", bgcolor="blue3", bold=True),
    Item.CROWN: Style(color="black", bgcolor="gold1", bold=True),
    Item.STATUE: Style(color="black", bgcolor="grey93", bold=True),
}
