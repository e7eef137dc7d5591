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

DEBT_COLOUR = "gold1"
LIGHT_DEBT_COLOUR = "dark_orange3"
DEBT = Style(color=DEBT_COLOUR, bold=True)
"""What a final crossing would cost (E2): a warning, not an error."""
WATER = Style(color="bright_cyan", bgcolor="navy_blue")
WATER_PAID = Style(color="white", bgcolor="dark_red", bold=True)
BRIDGE = Style(color="black", bgcolor="tan", bold=True)
DIM = Style(dim=True)
LABEL = Style(color="black", bgcolor="bright_yellow", bold=True)
LABEL_ACTIVE = Style(color="white", bgcolor="magenta", bold=True, underline=True)
TAKE = Style(color="black", bgcolor="bright_green", bold=True)


def player_style(seat: int, bold: bool = True) -> Style:
    return Style(color=PLAYER_COLOURS[seat % len(PLAYER_COLOURS)], bold=bold)


def player_tag(seat: int) -> str:
    """The player's symbol, drawn next to his name and on his pawns."""
    return PLAYER_SYMBOLS[seat % len(PLAYER_SYMBOLS)]


def key_label(key: str) -> str:
    """A destination's key as drawn on the path: ``‹1›``.

    It stands in the row of the space numbers, so it must not look like one:
    the angle marks and the yellow key-cap make it a key to press, not a place.
    """
    return f"‹{key}›"


# The large board: its two ends are land masses, named on their own colour.
LAND = Style(color="white", bgcolor="grey23")
ATLANTIS = Style(color="white", bgcolor="dark_cyan", bold=True)
MAINLAND = Style(color="black", bgcolor="dark_khaki", bold=True)
STACK_EDGE = Style(color="grey50")
"""The edge of the tile beneath a stack, peeking out on its right."""
PAWN_CHIP = Style(bgcolor="grey7")
"""Under a pawn standing on a tile, so that his colour reads on every item's colour."""


#: The bots as players read their names; the command line keeps the English ones.
BOT_NAMES = {"expert": N_("expert"), "greedy": N_("greedy"), "random": N_("random")}


def bot_label(kind: str) -> str:
    """A bot's name (``greedy``) in the reader's language; other kinds as they are."""
    return _(BOT_NAMES[kind]) if kind in BOT_NAMES else kind
