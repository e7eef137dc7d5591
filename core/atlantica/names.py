"""The words of the game, translated: locations, colours, treasure types, cards.

``describe`` (the log), ``decide`` (refusals) and the screens all name things
the same way through these functions. ``card_name`` names a card alone (a label
beside its chip: ``gold piece``); ``a_card`` and ``some_cards`` name cards as a
sentence does, with their article (``a gold piece and an amphora``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

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
from core.atlantica.i18n import N_, NC_, _, ngettext, pgettext
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
# A type's name and one card's may be spelt alike in English (terracotta, armour) but
# not in French (terres cuites, une terre cuite): each has its context.
_TYPES: dict[str, str] = {
    "ARC": NC_("treasure type", "architecture"),
    "TER": NC_("treasure type", "terracotta"),
    "GLD": NC_("treasure type", "gold"),
    "AMP": NC_("treasure type", "amphorae"),
    "EPI": NC_("treasure type", "inscriptions"),
    "STA": NC_("treasure type", "statues"),
    "ARM": NC_("treasure type", "armour"),
}
_TREASURE_CARD: dict[str, str] = {
    "ARC": NC_("treasure card", "architecture card"),
    "TER": NC_("treasure card", "terracotta"),
    "GLD": NC_("treasure card", "gold piece"),
    "AMP": NC_("treasure card", "amphora"),
    "EPI": NC_("treasure card", "inscription"),
    "STA": NC_("treasure card", "statue"),
    "ARM": NC_("treasure card", "armour"),
}
_A_TREASURE_CARD: dict[str, str] = {
    "ARC": N_("an architecture card"),
    "TER": N_("a terracotta"),
    "GLD": N_("a gold piece"),
    "AMP": N_("an amphora"),
    "EPI": N_("an inscription"),
    "STA": N_("a statue"),
    "ARM": N_("a piece of armour"),
}
"""A treasure card with its indefinite article, for the sentences of the log."""
_SHIPS: dict[str, str] = {"A": N_("motorboat"), "B": N_("barge"), "C": N_("transport ship")}
_A_SHIP: dict[str, str] = {
    "A": N_("a motorboat {name}"),
    "B": N_("a barge {name}"),
    "C": N_("a transport ship {name}"),
}
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
    return pgettext("treasure type", _TYPES[kind]) if kind in _TYPES else kind


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
        return pgettext("treasure card", _TREASURE_CARD[treasure_type(card)])
    if is_ship(card):
        return _("{ship} {name}").format(ship=_(_SHIPS[ship_pile(card)]), name=ship_name(card))
    if is_research(card):
        return _("research {kind}").format(kind=research_kind(card))
    return card


def a_card(card: str) -> str:
    """A card with its indefinite article, as a sentence names it: ``an amphora``,
    ``a barge B4``, ``a research card R6``, ``a white diver``, ``the hurricane``."""
    if not card:
        return _("a hidden card")
    if card == HURRICANE:
        return _("the hurricane")
    if is_diver(card):
        return _("a {colour} diver").format(colour=colour_name(diver_colour(card)))
    if is_treasure(card):
        return _(_A_TREASURE_CARD[treasure_type(card)])
    if is_ship(card):
        return _(_A_SHIP[ship_pile(card)]).format(name=ship_name(card))
    if is_research(card):
        return _("a research card {kind}").format(kind=research_kind(card))
    return card


def listed(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(words) <= 1:
        return "".join(words)
    return _("{first} and {last}").format(first=", ".join(words[:-1]), last=words[-1])


def some_cards(cards: Iterable[str]) -> str:
    """Cards as a sentence lists them: ``a gold piece and an amphora``."""
    return listed([a_card(card) for card in cards])


def crates_name(card: str) -> str:
    """``4 crates``."""
    count = crates(card)
    return ngettext("{count} crate", "{count} crates", count).format(count=count)
