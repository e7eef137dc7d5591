"""The help reads the game's marks as the panels write them, in every language."""

from __future__ import annotations

import pytest

from atlantis_tui.screens.simple import HELP_TEXT
from atlantis_tui.style import bridge_letter
from core.i18n import LANGUAGES, _, set_language


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_help_explains_the_compact_player_row_in_the_panels_own_words(code: str) -> None:
    set_language(code)
    help_text = _(HELP_TEXT)
    # The row's pieces, as ``player_line`` writes them for 12 points, 4 cards, owing 3.
    assert _("{points}pt {cards}c").format(points=12, cards=4) in help_text
    assert _(" owes {n}").format(n=3).strip() in help_text
    assert f"`{bridge_letter()}` " in help_text
    assert f"`═{bridge_letter()}═`" in help_text
