"""The review in the replay, at 120×40 and at 80×24. Each docstring says what to see.

The saves are short greedy games of two players ("greedy-1" ● red, "greedy-2" ▲ blue),
reviewed with the smallest budget and a fixed seed: the same marks on every run.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from atlantis_tui.app import AtlantisApp
from core.atlantis.game_type import ATLANTIS
from core.games import GAMES
from tests.tui.test_replay_review import greedy_save, reviewed

SnapCompare = Callable[..., bool]  # pytest-textual-snapshot's fixture
SIZES = [pytest.param((120, 40), id="120x40"), pytest.param((80, 24), id="80x24")]


def reviewed_app(
    save_dir: Path, folder: Path, game_id: str = "atlantis", cut: int = 0
) -> AtlantisApp:
    path = greedy_save(GAMES.get(game_id), folder, cut)
    reviewed(path)
    return AtlantisApp(save_dir, bot_delay=0, replay=path)


@pytest.mark.parametrize("size", SIZES)
def test_replay_at_a_mistake(
    snap_compare: SnapCompare, save_dir: Path, tmp_path: Path, size: tuple[int, int]
) -> None:
    """n: the first mistake, greedy-2's move at event 16. The step says "? Mistake: 7.2
    lost", the better move (a bridge at space 8) and both expected leads. At 120×40 the
    log's line ends with the orange ? badge, the chart under the step and the log shows
    ● and ▲ around the zero line with the position's bar near the left, its legend in
    the bottom border, and the footer offers m Review; at 80×24 the step has no blank
    lines and scrolls (its scrollbar: the better move goes on below), the chart and the
    log wait behind o, and the footer is unchanged."""
    app = reviewed_app(save_dir, tmp_path)
    assert snap_compare(app, press=["n"], terminal_size=size)


def test_replay_log_and_chart_at_80x24(
    snap_compare: SnapCompare, save_dir: Path, tmp_path: Path
) -> None:
    """n then o at 80×24: the log (its highlighted line marked ?) above a three-row chart
    of the expected leads, beside the players and hands."""
    app = reviewed_app(save_dir, tmp_path)
    assert snap_compare(app, press=["n", "o"], terminal_size=(80, 24))


def test_replay_shows_the_better_move(
    snap_compare: SnapCompare, save_dir: Path, tmp_path: Path
) -> None:
    """n then a: the path after the better move (a bridge over space 8, outlined), the
    players' panel says greedy-2's bridge is on 8, and the step says the board shows the
    better move, what it does, both expected leads and how to go back."""
    app = reviewed_app(save_dir, tmp_path)
    assert snap_compare(app, press=["n", "a"], terminal_size=(120, 40))


def test_atlantica_replay_at_a_mistake(
    snap_compare: SnapCompare, save_dir: Path, tmp_path: Path
) -> None:
    """Atlantica in the shell's replay, n: greedy-1 passes at event 1, an inaccuracy
    (?! in yellow after its log line); the step names the better move (the research
    centre) and the chart spans the whole width under the step and the log."""
    app = reviewed_app(save_dir, tmp_path, "atlantica")
    assert snap_compare(app, press=["n"], terminal_size=(120, 40))


def test_hot_seat_replay_hides_the_review(
    snap_compare: SnapCompare, save_dir: Path, tmp_path: Path
) -> None:
    """An unfinished game of two people at one keyboard, with a review kept: no mark in
    the log, no chart, hands hidden; the step says the review is hidden with the hands
    and that m shows both."""
    app = reviewed_app(save_dir, tmp_path, ATLANTIS.id, cut=4)
    assert snap_compare(app, press=["right"] * 16, terminal_size=(120, 40))
