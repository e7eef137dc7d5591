"""The app in French and Dutch, at 120×40 and 80×24: the layout holds with longer words.

Each picture shows the same scene as its English snapshot (``test_snapshots.py``,
``test_tutorial_snapshots.py``), every text in the language, the item letters of
that language's edition on the path and in the hand (French D O C A N K S, Dutch
V O H A R K B), and nothing cut off that matters.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from atlantis_tui.tutorial_app import TutorialApp
from core.kernel.i18n import set_language
from tests.tui import scenes

SnapCompare = Callable[..., bool]
SIZES = [pytest.param((120, 40), id="120x40"), pytest.param((80, 24), id="80x24")]
LANGUAGES = [pytest.param("fr", id="fr"), pytest.param("nl", id="nl")]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_start_screen(
    snap_compare: SnapCompare, save_dir: Path, code: str, size: tuple[int, int]
) -> None:
    """The menu in the language, with "Language: Français/Nederlands" among its entries."""
    set_language(code)
    assert snap_compare(scenes.start_app(save_dir), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_pawn_selected_over_water(
    snap_compare: SnapCompare, save_dir: Path, code: str, size: tuple[int, int]
) -> None:
    """Pawn A chosen, the move over water previewed: what it owes, the tile it takes."""
    set_language(code)
    assert snap_compare(scenes.water_app(save_dir), press=["a", "4"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_payment_chooser(
    snap_compare: SnapCompare, save_dir: Path, code: str, size: tuple[int, int]
) -> None:
    """The ways to pay for the water, and the choice to pick the cards oneself."""
    set_language(code)
    press = ["a", "4", "enter"]
    assert snap_compare(scenes.water_app(save_dir), press=press, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_end_screen(
    snap_compare: SnapCompare, save_dir: Path, code: str, size: tuple[int, int]
) -> None:
    """Each player's final crossing, the scores and the winner."""
    set_language(code)
    assert snap_compare(scenes.finished_app(save_dir), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_tutorial_lesson(
    snap_compare: SnapCompare, save_dir: Path, code: str, size: tuple[int, int]
) -> None:
    """Lesson 4, its question answered, with pawn A chosen: the lesson's text and task, the
    answer worked out, the labelled path and the tile the move would take."""
    set_language(code)
    app = TutorialApp(save_dir, "tile", bot_delay=0)
    press = ["down", "down", "down", "enter", "a"]  # the question first: O1, the third option
    assert snap_compare(app, press=press, terminal_size=size)
