"""The legends of Atlantica's small screens: what the short marks of a player's row
mean (under the players), and the diver colours' letters in the reader's language
(under the hand)."""

from __future__ import annotations

from rich.text import Text

from atlantis_tui.games.atlantica import style as st
from atlantis_tui.games.atlantica.cards_text import colours_legend
from core.atlantica.i18n import _


def players_legend() -> Text:
    """``h: hand · cr: crates``, with the marks as the rows write them (the same
    translated words, a number left out)."""
    hand_mark = _("h{n}").format(n="")
    crates_mark = _("{n}cr").format(n="")
    text = Text(
        _("{hand}: hand · {crates}: crates").format(hand=hand_mark, crates=crates_mark),
        style=st.DIM,
    )
    return text


def letters_legend() -> Text:
    """The diver colours' letters in the reader's language, each with its name."""
    return colours_legend()
