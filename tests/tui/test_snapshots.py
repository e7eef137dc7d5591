"""What the app looks like, at 120×40 and at 80×24. Each docstring says what to see."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tui import scenes

SIZES = [pytest.param((120, 40), id="120x40"), pytest.param((80, 24), id="80x24")]


@pytest.mark.parametrize("size", SIZES)
def test_start_screen(snap_compare, save_dir: Path, size: tuple[int, int]) -> None:
    """The title, a tagline and the menu; Continue is greyed out (no saved game)."""
    assert snap_compare(scenes.start_app(save_dir), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_new_game_screen(snap_compare, save_dir: Path, size: tuple[int, int]) -> None:
    """Four seats (human, greedy bot, two empty), names, seed and every V option."""
    assert snap_compare(scenes.start_app(save_dir), press=["enter"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_game_at_start(snap_compare, save_dir: Path, size: tuple[int, int]) -> None:
    """The whole path with water at 27, all pawns on Atlantis, Ann's hand, the log."""
    assert snap_compare(scenes.opening_app(save_dir), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_pawn_selected_with_a_water_crossing(
    snap_compare, save_dir: Path, size: tuple[int, int]
) -> None:
    """Pawn A chosen: labelled destinations; the preview crosses water (price 3 in red,
    the bridged gap free), says what it owes and which tile it takes."""
    assert snap_compare(scenes.water_app(save_dir), press=["a", "4"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_payment_chooser(snap_compare, save_dir: Path, size: tuple[int, int]) -> None:
    """Paying for water: the least-overpaying payments first, then "Choose myself…"."""
    press = ["a", "4", "enter"]
    assert snap_compare(scenes.water_app(save_dir), press=press, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_bridge_placement(snap_compare, save_dir: Path, size: tuple[int, int]) -> None:
    """The bridge chooser lists each unbridged gap, its price and the pawns behind it."""
    assert snap_compare(scenes.water_app(save_dir), press=["w"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_hot_seat_curtain(snap_compare, save_dir: Path, size: tuple[int, int]) -> None:
    """Three humans: the table is hidden until Ann says she is at the keyboard."""
    assert snap_compare(scenes.hot_seat_app(save_dir), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_end_screen(snap_compare, save_dir: Path, size: tuple[int, int]) -> None:
    """Final crossings player by player (E2), the score table (E3) and the winner."""
    assert snap_compare(scenes.finished_app(save_dir), terminal_size=size)
