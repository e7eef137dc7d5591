"""Colours and glyphs shared by the widgets of every game: players, keys, the log.

Colour is never the only carrier of information: every item also has a
letter, every player a symbol, and the widgets print both. A game's own
colours (Atlantis's items) are in its folder, ``atlantis_tui/games/<game>/``.
"""

from __future__ import annotations

from rich.style import Style

from core.kernel.i18n import N_, _

PLAYER_COLOURS = ("red1", "dodger_blue1", "green1", "yellow1", "magenta1")
# The same hues, dark enough to read on a light theme (see ``light_theme``).
LIGHT_PLAYER_COLOURS = ("red3", "dodger_blue3", "green4", "dark_goldenrod", "magenta3")
PLAYER_COLOUR_NAMES = (N_("red"), N_("blue"), N_("green"), N_("yellow"), N_("purple"))
"""One colour per seat, for the most seats any game takes (five)."""


def colour_name(seat: int) -> str:
    """The name of a seat's colour, in the reader's language."""
    return _(PLAYER_COLOUR_NAMES[seat % len(PLAYER_COLOUR_NAMES)])


PLAYER_SYMBOLS = ("●", "▲", "■", "◆", "★")

WARNING_COLOUR = "gold1"
"""A warning that is not an error (a cost to come); darker on light themes."""
LIGHT_WARNING_COLOUR = "dark_orange3"
DIM = Style(dim=True)


def player_style(seat: int, bold: bool = True) -> Style:
    return Style(color=PLAYER_COLOURS[seat % len(PLAYER_COLOURS)], bold=bold)


def player_tag(seat: int) -> str:
    """The player's symbol, drawn next to his name and on his pawns."""
    return PLAYER_SYMBOLS[seat % len(PLAYER_SYMBOLS)]


#: The bots as players read their names; the command line keeps the English ones.
BOT_NAMES = {"expert": N_("expert"), "greedy": N_("greedy"), "random": N_("random")}


def bot_label(kind: str) -> str:
    """A bot's name (``greedy``) in the reader's language; other kinds as they are."""
    return _(BOT_NAMES[kind]) if kind in BOT_NAMES else kind
