"""Colours and glyphs of Atlantis's board: the path, its water, its two lands, the keys.

The shell's styles (``atlantis_tui.style``) are every game's: players, the log, a
warning. These are Atlantis's own. Colour is never the only carrier of
information: every key has its angle marks, every pawn its player's symbol.
"""

from __future__ import annotations

from rich.style import Style

from atlantis_tui.style import WARNING_COLOUR

DEBT = Style(color=WARNING_COLOUR, bold=True)
"""What a final crossing would cost (E2): a warning, not an error."""
WATER = Style(color="bright_cyan", bgcolor="navy_blue")
WATER_PAID = Style(color="white", bgcolor="dark_red", bold=True)
BRIDGE = Style(color="black", bgcolor="tan", bold=True)
LABEL = Style(color="black", bgcolor="bright_yellow", bold=True)
LABEL_ACTIVE = Style(color="white", bgcolor="magenta", bold=True, underline=True)
TAKE = Style(color="black", bgcolor="bright_green", bold=True)


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
