"""Cards, slots and locations as the screens draw them: short chips in colour and
letters, and names in the reader's language.

A chip carries its information in letters as well as in colour: a diver is
``W`` … ``V``, a treasure ``ARC`` … ``ARM``, a ship ``B4`` (pile and crates), a
research card ``R6``, the hurricane ``H``. A hidden card is ``▒``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from rich.style import Style
from rich.text import Text

from atlantis_tui.games.atlantica import style as st
from core.atlantica.cards import (
    DIVER_COLOURS,
    HURRICANE,
    DiverColour,
    is_diver,
    is_research,
    is_ship,
    is_treasure,
    research_kind,
    ship_name,
)
from core.atlantica.i18n import N_, NC_, _, pgettext
from core.atlantica.locations import Location, Slot

LOCATION_NAMES: dict[Location, str] = {
    "submarine": N_("Submarine"),
    "port": N_("Port"),
    "bistro": N_("Bistro"),
    "research": N_("Research centre"),
}
"""S1: the four locations."""
LOCATION_SHORT: dict[Location, str] = {
    "submarine": N_("Sub"),
    "port": N_("Port"),
    "bistro": N_("Bistro"),
    "research": N_("Research"),
}
"""The locations' names on a small board."""
LOCATION_KEYS: dict[Location, str] = {
    "submarine": "s",
    "port": "o",
    "bistro": "b",
    "research": "c",
}
"""The key that chooses each location in the action builder."""

LEVEL_EFFECTS: dict[str, str] = {
    "T3.1": N_("take treasure space 1"),
    "T3.2": N_("up to 2 treasures from spaces 1–3"),
    "T3.3": N_("up to 3 treasures from spaces 1–6"),
    "T4.1": N_("the top ship of pile A"),
    "T4.2": N_("the top ship of pile B"),
    "T4.3": N_("the top ship of pile C"),
    "T5.1": N_("hire 3 divers (face down)"),
    "T5.2": N_("hire 6 divers (face down)"),
    "T5.3": N_("pay the round: 2 cards, 2 locations"),
    "T6.1": N_("take research space 1"),
    "T6.2": N_("one research card from spaces 1–4"),
    "T6.3": N_("up to 2 research cards from 1–4"),
}
"""What each level does (T3–T6), short enough for one line of the board."""

RESEARCH_EFFECTS: dict[str, str] = {
    "R1": N_("2 points"),
    "R2": N_("3 points"),
    "R3": N_("4 points"),
    "R4": N_("5 if 3 colours"),
    "R5": N_("7 if 4 colours"),
    "R6": N_("1 per card of a type"),
    "R7": N_("1 per ARC"),
    "R8": N_("1 per research"),
    "R9": N_("1 per ship"),
    "R10": N_("6 if 12 crates"),
    "R11": N_("wild treasure"),
}
"""S1.5: each research kind's effect at the end, in a few words."""

DIVER_NAMES: dict[DiverColour, str] = {
    "W": N_("white"),
    "Y": N_("yellow"),
    "R": N_("red"),
    "G": N_("green"),
    "B": N_("blue"),
    "V": N_("violet"),
}
"""S1.1: the diver colours."""

DIVER_LETTERS: dict[DiverColour, str] = {
    "W": NC_("diver colour letter", "W"),
    "Y": NC_("diver colour letter", "Y"),
    "R": NC_("diver colour letter", "R"),
    "G": NC_("diver colour letter", "G"),
    "B": NC_("diver colour letter", "B"),
    "V": NC_("diver colour letter", "V"),
}
"""The letter each diver colour is shown with: the initial of its name in the reader's
language, chosen by the translators (six distinct letters: in French *vert* and
*violet*, *blanc* and *bleu* share an initial)."""


def diver_letter(colour: str) -> str:
    """``V`` for violet in English; the translators' letter in another language."""
    letter = colour[:1]
    return pgettext("diver colour letter", letter) if letter in DIVER_LETTERS else letter


def colours_legend() -> Text:
    """Each diver colour's letter on its colour, and its name: ``W white · Y yellow…``."""
    text = Text()
    for index, (colour, name) in enumerate(DIVER_NAMES.items()):
        if index:
            text.append(" · ", style=st.DIM)
        text.append_text(diver_chip(colour))
        text.append(" " + _(name), style=st.DIM)
    return text


def location_name(location: Location) -> str:
    """``Port``, in the reader's language."""
    return _(LOCATION_NAMES[location])


def diver_chip(colour: str, wide: bool = False, style: Style | None = None) -> Text:
    """A diver card or colour: its letter on its colour (`` W `` when ``wide``)."""
    letter = colour[:1]
    shown = f" {diver_letter(letter)} " if wide else diver_letter(letter)
    base = st.DIVER_STYLES.get(letter, st.HIDDEN)  # type: ignore[call-overload]
    return Text(shown, style=base + style if style else base)


def treasure_chip(card: str, style: Style | None = None) -> Text:
    """A treasure card or type: its code on the type's colour (``ARC``)."""
    if card == HURRICANE:
        return Text(" H ", style=st.HURRICANE)
    kind = card.split("-", 1)[0]
    base = st.TREASURE_STYLES.get(kind, st.HIDDEN)  # type: ignore[call-overload]
    return Text(kind, style=base + style if style else base)


def ship_chip(card: str) -> Text:
    """A ship card: pile and crates (``B4``)."""
    return Text(ship_name(card), style=st.SHIP)


def research_chip(card: str) -> Text:
    """A research card: its kind (``R6``)."""
    return Text(research_kind(card), style=st.RESEARCH)


def card_chip(card: str) -> Text:
    """Any card, as its chip; a hidden card as ``▒``. (``B4`` is a blue diver, ``B4-1``
    a barge; ``R6`` a red diver, ``R6-1`` a research card.)"""
    if not card:
        return Text(st.HIDDEN_CARD, style=st.HIDDEN)
    if card == HURRICANE or is_treasure(card):
        return treasure_chip(card)
    if is_research(card):
        return research_chip(card)
    if is_ship(card):
        return ship_chip(card)
    if is_diver(card):
        return diver_chip(card)
    return Text(card)


def slot_text(slot: Slot, fits: bool | None = None) -> Text:
    """A slot: the colours it takes, ``G|Y``, each letter on its colour."""
    text = Text()
    for index, colour in enumerate(slot):
        if index:
            text.append("|", style=st.DIM)
        text.append_text(diver_chip(colour))
    return text


def chips(cards: Iterable[str], sep: str = " ") -> Text:
    """Cards side by side."""
    text = Text()
    for index, card in enumerate(cards):
        if index:
            text.append(sep)
        text.append_text(card_chip(card))
    return text


def hand_by_colour(hand: Iterable[str]) -> list[tuple[DiverColour, int]]:
    """A hand's counts per colour, in the order W Y R G B V; colours held only."""
    counts = Counter(card[:1] for card in hand if card)
    return [(colour, counts[colour]) for colour in DIVER_COLOURS if counts[colour]]


def divers_text(cards: Iterable[str]) -> Text:
    """Diver cards grouped by colour: ``W×2 Y R×3`` (letters on colours)."""
    text = Text()
    for index, (colour, count) in enumerate(hand_by_colour(cards)):
        if index:
            text.append(" ")
        text.append_text(diver_chip(colour, wide=True))
        if count > 1:
            text.append(f"×{count}")
    return text


def research_effect(card: str) -> str:
    """What a research card scores, in a few words (S1.5)."""
    kind = card.split("-", 1)[0]
    return _(RESEARCH_EFFECTS[kind]) if kind in RESEARCH_EFFECTS else ""
