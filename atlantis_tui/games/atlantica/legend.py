"""The legends of Atlantica's small screens: what the short marks of a player's row
mean (under the players), and the diver colours' letters in the reader's language
(under the hand)."""

from __future__ import annotations

from rich.text import Text

from atlantis_tui.games.atlantica import style as st
from atlantis_tui.games.atlantica.cards_text import colours_legend
from core.atlantica.i18n import _

SEPARATOR = " · "
"""Between two colours of the legend (``colours_legend``'s own separator)."""


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


def letters_legend(width: int) -> Text:
    """The diver colours' letters in the reader's language, each with its name, on as
    few lines of at most ``width`` columns as hold them, as many colours on each (a
    small screen's hand panel is narrower than the six): a line breaks between two
    colours, never inside one."""
    entries = colours_legend().split(SEPARATOR)
    for count in range(1, len(entries) + 1):
        per_line = -(-len(entries) // count)
        lines = [
            Text(SEPARATOR, style=st.DIM).join(entries[first : first + per_line])
            for first in range(0, len(entries), per_line)
        ]
        if all(line.cell_len <= width for line in lines):
            break
    return Text("\n").join(lines)
