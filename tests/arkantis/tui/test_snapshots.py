"""What the ArkantiS screens look like in the whole app, at 120×40 and 80×24, in
English and French. Each docstring says what to see."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from core.kernel.i18n import set_language
from tests.arkantis.tui import scenes

SnapCompare = Callable[..., bool]  # pytest-textual-snapshot's fixture
SIZES = [pytest.param((120, 40), id="120x40"), pytest.param((80, 24), id="80x24")]
LANGUAGES = [pytest.param("en", id="en"), pytest.param("fr", id="fr")]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_board_at_setup(
    snap_compare: SnapCompare, tmp_path: Path, code: str, size: tuple[int, int]
) -> None:
    """A new game: 42 blue ● and 7 red ○ (one per row, column D full), columns A–G and
    rows 1–7; Ann's three cards drawn with their figures, names and values; the piles
    with their face-up tops; the action bar, "Remove one" on."""
    set_language(code)
    app = scenes.real_app(scenes.opening_session(), tmp_path)
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_preview_with_a_stain(
    snap_compare: SnapCompare, tmp_path: Path, code: str, size: tuple[int, int]
) -> None:
    """X2: B2 chosen (brackets / a double frame), nothing played yet. The blue set A1 B1
    A2 is marked + (+3), the red stain C1 B2 C2 A3 B3 ♦ (W5, the stands); the preview
    lists both sets, the card laid and pions 4 → 7."""
    set_language(code)
    app = scenes.real_app(scenes.stain_session(), tmp_path)
    assert snap_compare(app, press=["b", "2"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_buy_dialog(
    snap_compare: SnapCompare, tmp_path: Path, code: str, size: tuple[int, int]
) -> None:
    """The four piles: colour letter, price, size; the face-up tops (U5 arch, T4 mallet),
    the face-down tops hidden; Ana's pions above."""
    set_language(code)
    app = scenes.real_app(scenes.stain_session(), tmp_path)
    assert snap_compare(app, press=["y"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_end_screen(
    snap_compare: SnapCompare, tmp_path: Path, code: str, size: tuple[int, int]
) -> None:
    """X6: both 21; each score taken apart (laid cards with values, pions, −cards in
    hand); the tie broken by laid cards (E3): Ana wins."""
    set_language(code)
    app = scenes.real_app(scenes.tie_session(), tmp_path)
    assert snap_compare(app, terminal_size=size)
