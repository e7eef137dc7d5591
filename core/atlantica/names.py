"""The words of the game, translated: locations, colours, treasure types, cards.

``describe`` (the log), ``decide`` (refusals) and the screens all name things
the same way through these functions.
"""

from __future__ import annotations

from core.atlantica.cards import (
    HURRICANE,
    crates,
    diver_colour,
    is_diver,
    is_research,
    is_ship,
    is_treasure,
    research_kind,
    ship_name,
    ship_pile,
    treasure_type,
)
from core.atlantica.i18n import N_, _, ngettext
from core.atlantica.locations import Location

_LOCATIONS: dict[str, str] = {
    "submarine": N_("the submarine"),
    "port": N_("the port"),
    "bistro": N_("the bistro"),
    "research": N_("the research centre"),
}
_COLOURS: dict[str, str] = {
    "W": N_("white"),
    "Y": N_("yellow"),
    "R": N_("red"),
    "G": N_("green"),
    "B": N_("blue"),
    "V": N_("violet"),
}
_TYPES: dict[str, str] = {
    "ARC": N_("architecture"),
    "TER": N_("terracotta"),
    "GLD": N_("gold"),
    "AMP": N_("amphorae"),
    "EPI": N_("inscriptions"),
    "STA": N_("statues"),
    "ARM": N_("armour"),
}
_TREASURE_CARD: dict[str, str] = {
    "ARC": N_("architecture card"),
    "TER": N_("terracotta"),
    "GLD": N_("gold piece"),
    "AMP": N_("amphora"),
    "EPI": N_("inscription"),
    "STA": N_("statue"),
    "ARM": N_("armour"),
}
_SHIPS: dict[str, str] = {"A": N_("motorboat"), "B": N_("barge"), "C": N_("transport ship")}
_TREASURE_COLOURS: dict[str, str] = {
    "blue": N_("blue"),
    "red": N_("red"),
    "yellow": N_("yellow"),
    "pink": N_("pink"),
    "orange": N_("orange"),
    "green": N_("green"),
    "violet": N_("violet"),
}


def location_name(location: Location | str) -> str:
    """``the port``."""
    return _(_LOCATIONS.get(location, location))


def colour_name(colour: str) -> str:
    """A diver colour (``W``) or a treasure colour (``pink``), in words."""
    if colour in _COLOURS:
        return _(_COLOURS[colour])
    return _(_TREASURE_COLOURS.get(colour, colour))


def type_name(kind: str) -> str:
    """A treasure type: ``amphorae``."""
    return _(_TYPES.get(kind, kind))


def pile_name(pile: str) -> str:
    """A ship pile: ``pile B``."""
    return _("pile {pile}").format(pile=pile)


def card_name(card: str) -> str:
    """A card in words: ``amphora``, ``barge B4``, ``research R6``, ``white diver``."""
    if not card:
        return _("a hidden card")
    if card == HURRICANE:
        return _("the hurricane")
    if is_diver(card):
        return _("{colour} diver").format(colour=colour_name(diver_colour(card)))
    if is_treasure(card):
        return _(_TREASURE_CARD[treasure_type(card)])
    if is_ship(card):
        return _("{ship} {name}").format(ship=_(_SHIPS[ship_pile(card)]), name=ship_name(card))
    if is_research(card):
        return _("research {kind}").format(kind=research_kind(card))
    return card


def crates_name(card: str) -> str:
    """``4 crates``."""
    count = crates(card)
    return ngettext("{count} crate", "{count} crates", count).format(count=count)
