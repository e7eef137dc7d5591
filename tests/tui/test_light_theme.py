"""On light themes the bright player colours are drawn darker, everything else as is."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.color import Color

from atlantis_tui import style as st
from atlantis_tui.games.atlantis import style as board_style
from atlantis_tui.games.atlantis.item_styles import ITEM_STYLES
from atlantis_tui.light_theme import LightThemeColours


def _colour(style: Style | None) -> str | None:
    assert style is not None and style.color is not None
    return style.color.name


def test_every_player_colour_and_the_debt_get_a_darker_shade() -> None:
    light = LightThemeColours()
    white = Color(255, 255, 255)
    for seat, dark in enumerate(st.LIGHT_PLAYER_COLOURS):
        [segment] = light.apply([Segment("Ann", st.player_style(seat))], white)
        assert _colour(segment.style) == dark
        assert segment.style is not None and segment.style.bold
    [debt] = light.apply([Segment("owes 3", board_style.DEBT)], white)
    assert _colour(debt.style) == st.LIGHT_WARNING_COLOUR


def test_item_chips_and_plain_text_are_left_alone() -> None:
    light = LightThemeColours()
    chip = Segment(" C ", ITEM_STYLES[5])
    plain = Segment("text", Style(color="grey50"))
    assert light.apply([chip, plain], Color(255, 255, 255)) == [chip, plain]
