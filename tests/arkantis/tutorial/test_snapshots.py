"""The ArkantiS tutorial at 120×40 and 80×24, in English and French. Each docstring
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
def test_split_lesson_after_a_right_answer(
    snap_compare: SnapCompare, save_dir: Path, code: str, size: tuple[int, int]
) -> None:
    """Lesson 2, "Split a blue set": the board (rows 1–2 and 6–7 blue, rows 3 and 5
    red, the blue bar in row 4), the cursor on D4 but nothing marked; the players, the
    hand (mallet T4, boot L5) and the piles; the lesson's text, its task, "Right: 0."
    worked out, and the keys to play."""
    set_language(code)
    app = TutorialApp(save_dir, "split", bot_delay=0, game="arkantis")
    assert snap_compare(app, press=["down", "enter"], terminal_size=size)
