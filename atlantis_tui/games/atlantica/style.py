"""Colours and glyphs of Atlantica's board and cards.

Colour is never the only carrier of information (``NO_COLOR`` turns Textual
monochrome): a diver card is its colour letter (``W Y R G B V``) on its
colour, a treasure its three-letter type (``ARC``) on the type's colour, a
ship its pile and crates (``B4``), a research card its kind (``R6``). A slot
prints the letters it accepts (``G|Y``).
"""

from __future__ import annotations

from rich.style import Style

from core.atlantica.cards import DiverColour, TreasureType

DIVER_STYLES: dict[DiverColour, Style] = {
    "W": Style(color="black", bgcolor="grey93", bold=True),
    "Y": Style(color="black", bgcolor="gold1", bold=True),
    "R": Style(color="bright_white", bgcolor="red3", bold=True),
    "G": Style(color="black", bgcolor="green3", bold=True),
    "B": Style(color="bright_white", bgcolor="dodger_blue3", bold=True),
    "V": Style(color="bright_white", bgcolor="dark_violet", bold=True),
}
"""S1.1: a diver card's letter on its colour."""

TREASURE_STYLES: dict[TreasureType, Style] = {
    "ARC": Style(color="bright_white", bgcolor="blue3", bold=True),
    "TER": Style(color="bright_white", bgcolor="red3", bold=True),
    "GLD": Style(color="black", bgcolor="gold1", bold=True),
    "AMP": Style(color="black", bgcolor="hot_pink", bold=True),
    "EPI": Style(color="black", bgcolor="dark_orange", bold=True),
    "STA": Style(color="black", bgcolor="green3", bold=True),
    "ARM": Style(color="bright_white", bgcolor="dark_violet", bold=True),
}
"""S1.2: a treasure's type code on the type's colour."""

SHIP = Style(color="black", bgcolor="tan", bold=True)
"""A ship card (S1.4): its pile letter and crates."""
RESEARCH = Style(color="bright_white", bgcolor="dark_cyan", bold=True)
"""A research card (S1.5): its kind."""
HURRICANE = Style(color="bright_white", bgcolor="grey30", bold=True)
HIDDEN = Style(color="grey70", bgcolor="grey23")
"""A card face down: hired divers, another player's hand."""
EMPTY = Style(color="grey50")
"""An empty space."""

LOCATION = Style(bold=True, underline=True)
LOCATION_CHOSEN = Style(color="black", bgcolor="bright_yellow", bold=True)
"""The location and level the builder is on."""
LEVEL_CHOSEN = Style(color="black", bgcolor="khaki1", bold=True)
USED = Style(color="grey50", strike=True)
"""A location already used this turn (T2.2)."""
PICKED = Style(color="black", bgcolor="bright_green", bold=True)
"""A space the action will take from."""
PICK_CURSOR = Style(reverse=True, underline=True)
FITS = Style(color="bright_green", bold=True)
NO_FIT = Style(color="red1")
GAIN = Style(color="bright_green", bold=True)
LOSS = Style(color="red1", bold=True)
RELEASE = Style(color="orange1", bold=True)
"""Treasures that would be released now (E3)."""
DIM = Style(dim=True)
BOLD = Style(bold=True)
KEY = Style(color="black", bgcolor="bright_yellow", bold=True)
"""A key to press, drawn in a text: `s`."""

PICK_MARK = "✓"
"""Beside a picked space, so that a pick reads without colour."""
EMPTY_SPACE = "·"
HIDDEN_CARD = "▒"
