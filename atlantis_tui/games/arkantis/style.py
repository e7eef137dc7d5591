"""Colours and glyphs of ArkantiS's board and cards.

Colour is never the only carrier of information (``NO_COLOR`` turns Textual
monochrome): a token is a filled ``●`` and an empty square a hollow ``○``; a
chosen square has brackets (double frame on the large board), a square the
action changed has parentheses (a heavy frame), a square of a modified set
carries its payment mark (``+`` pions, ``♦`` a laid card, ``-`` nothing).
"""

from __future__ import annotations

from rich.style import Style

from core.arkantis.cards import Colour

TOKEN_GLYPH = "●"
"""A square holding a token: blue (S1.3)."""
EMPTY_GLYPH = "○"
"""An empty square: its red circle shows (S1.3)."""

TOKEN = Style(color="bright_white", bgcolor="dodger_blue3", bold=True)
EMPTY = Style(color="bright_white", bgcolor="red3")
CURSOR = Style(reverse=True, underline=True)
SELECTED = Style(color="bright_yellow", bold=True)
CHANGED = Style(color="bright_white", bold=True)
PAYS_PIONS = Style(color="gold1", bold=True)
LAYS_CARD = Style(color="magenta1", bold=True)
PAYS_NOTHING = Style(color="grey62")
LABEL = Style(dim=True)
DIM = Style(dim=True)

PIONS_MARK = "+"
CARD_MARK = "♦"
NOTHING_MARK = "-"

CARD_STYLES: dict[Colour, Style] = {
    "orange": Style(color="black", bgcolor="dark_orange", bold=True),
    "emerald": Style(color="black", bgcolor="green3", bold=True),
}
"""A card's back and figure, in its colour."""
CARD_LETTERS: dict[Colour, str] = {"orange": "O", "emerald": "E"}
"""A card's colour as a letter, so that it reads without colour too."""
FIGURE_CELL = "█"
"""One square of a card's figure (drawn twice: a square is two columns wide)."""
FIGURE_COLOURS: dict[Colour, str] = {"orange": "dark_orange", "emerald": "green3"}
"""A figure's squares, drawn in its card's colour."""
