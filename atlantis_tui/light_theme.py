"""Darker player colours on light themes, applied to everything drawn.

The player colours are bright so that they read on the dark default theme; on a
light theme bright yellow and green text all but vanish. Rather than every
widget asking which theme is on, the app adds this line filter while a light
theme is chosen: it swaps each bright colour for a darker one of the same hue,
wherever it is used (log, panels, path, end screen, new-game form). Only these
few colours are touched, so the item chips and Textual's own colours stay as
the theme made them.
"""

from __future__ import annotations

from functools import lru_cache

from rich.color import Color as RichColor
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.filter import LineFilter

from atlantis_tui import style as st

# bright colour → darker colour of the same hue, readable on a light background
DARKER: dict[tuple[int, int, int], str] = {
    RichColor.parse(bright).get_truecolor(): dark
    for bright, dark in (
        *zip(st.PLAYER_COLOURS, st.LIGHT_PLAYER_COLOURS, strict=True),
        (st.WARNING_COLOUR, st.LIGHT_WARNING_COLOUR),
    )
}


@lru_cache(1024)
def darker_style(style: Style) -> Style:
    colour = style.color
    if colour is None:
        return style
    red, green, blue = colour.get_truecolor()
    dark = DARKER.get((red, green, blue))
    return style if dark is None else style + Style(color=dark)


class LightThemeColours(LineFilter):
    """Swaps the bright player colours for darker ones (enabled on light themes)."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [
            Segment(segment.text, darker_style(segment.style), segment.control)
            if segment.style is not None
            else segment
            for segment in segments
        ]
