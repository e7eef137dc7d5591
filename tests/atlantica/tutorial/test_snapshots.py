"""The Atlantica tutorial at 120×40 and 80×24, in English and French. Each docstring
says what to see."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from atlantis_tui.tutorial_app import TutorialApp
from core.kernel.i18n import set_language

SnapCompare = Callable[..., bool]  # pytest-textual-snapshot's fixture
SIZES = [pytest.param((120, 40), id="120x40"), pytest.param((80, 24), id="80x24")]
LANGUAGES = [pytest.param("en", id="en"), pytest.param("fr", id="fr")]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_dive_lesson_at_level_3(
    snap_compare: SnapCompare, save_dir: Path, code: str, size: tuple[int, int]
) -> None:
    """Lesson 2, the level-3 dive: the board with the submarine's level 3 chosen (G|Y V
    W) and the treasure display GLD AMP ARC STA EPI TER, nothing picked yet; the table
    (your amphorae ×3, statues ×2, an inscription, ships C5 B4; Ann's) with the ladders
    below; the lesson's text and task, the builder's slots paid Y V W and "take up to 3
    cards", and the first question's answer, 7, worked out in the feedback."""
    set_language(code)
    app = TutorialApp(save_dir, "dive", bot_delay=0, game="atlantica")
    keys = ["down", "down", "down", "enter", "s", "3"]
    assert snap_compare(app, press=keys, terminal_size=size)
