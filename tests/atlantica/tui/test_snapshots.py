"""What the Atlantica screens look like in the whole app, at 120×40 and 80×24, in
English and French. Each docstring says what to see."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from core.kernel.i18n import set_language
from tests.atlantica.tui import scenes

SnapCompare = Callable[..., bool]  # pytest-textual-snapshot's fixture
SIZES = [pytest.param((120, 40), id="120x40"), pytest.param((80, 24), id="80x24")]
LANGUAGES = [pytest.param("en", id="en"), pytest.param("fr", id="fr")]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_board_at_setup(
    snap_compare: SnapCompare, tmp_path: Path, code: str, size: tuple[int, int]
) -> None:
    """A new game of three: the four locations with their levels (slots as letters on
    colours, G|Y), six treasures (ARC …), the three ship piles' tops with their crates,
    the hurricane pile of 11, four research cards; Ann's hand by colour; each player's
    score now and hand size; the action bar."""
    set_language(code)
    app = scenes.real_app(scenes.opening_session(3), tmp_path)
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_builder_with_a_pair(
    snap_compare: SnapCompare, tmp_path: Path, code: str, size: tuple[int, int]
) -> None:
    """T2.5: the port at level 2 chosen (o 2), highlighted on the board; slot 1 W|R paid
    W, slot 2 G|B with no card that fits, paid by the pair Y Y; "Payment 1 of 2"; the
    preview: what it pays, the ship it takes, the score now before and after, the slots
    and actions left."""
    set_language(code)
    app = scenes.real_app(scenes.pair_session(), tmp_path)
    assert snap_compare(app, press=["o", "2"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_end_screen(
    snap_compare: SnapCompare, tmp_path: Path, code: str, size: tuple[int, int]
) -> None:
    """X1–X3: Christian 60 (◀, the winner), Andréa 50, Maja 40; each type's cards:points
    (Maja's gold 4:15, amphorae 3:10), research points, the kept cards of the tie-break;
    Maja's release EPI ARC and her R6 on GLD; no tie-break needed."""
    set_language(code)
    app = scenes.real_app(scenes.end_session(), tmp_path)
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_preview_of_a_dive_short_of_crates(
    snap_compare: SnapCompare, tmp_path: Path, code: str, size: tuple[int, int]
) -> None:
    """E3: T2.5's position, the submarine at level 2 (s 2) paid Y + V, spaces 1 and 2
    picked (AMP, GLD): four treasures on three crates. The preview's "Score now: 7 →
    13 (+6)" counts the three kept, and the line below, "With crates for all: 7 → 14
    (+7) · 1 crate short", what all four would score shipped. Ben's block (120×40)
    says the same of his gold piece with no ship: "With crates for all: 3"."""
    set_language(code)
    app = scenes.real_app(scenes.pair_session(), tmp_path)
    assert snap_compare(app, press=["s", "2", "1", "2"], terminal_size=size)
