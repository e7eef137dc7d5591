"""What a puzzle looks like, in each game, at 120×40 and at 80×24.

Each puzzle is ``test_puzzles.make_puzzle``'s: the position after a few seeded moves
of a two-player game, Ann or Bob to decide.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from atlantis_tui.app import AtlantisApp
from core.games import GAMES
from tests.tui.test_puzzles import (
    ANSWER_KEYS,
    GAME_IDS,
    OFTEN_PLAYED,
    make_puzzle,
    played_game,
    ship,
    wait,
)

SnapCompare = Callable[..., bool]  # pytest-textual-snapshot's fixture
SIZES = [pytest.param((120, 40), id="120x40"), pytest.param((80, 24), id="80x24")]


def shipped_app(
    game_id: str, save_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> AtlantisApp:
    """The app, with one puzzle of ``game_id`` shipped: its answer a move the keys of
    ``ANSWER_KEYS`` do not play."""
    game = GAMES.get(game_id)
    legal = game.legal_commands(played_game(game_id).state)
    other = [c for c in legal if type(c).__name__ not in OFTEN_PLAYED][-1]
    ship(monkeypatch, tmp_path, game_id, [make_puzzle(game_id, other)])
    return AtlantisApp(save_dir=save_dir, game=game_id)


async def open_puzzle(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, AtlantisApp)
    await pilot.pause()
    app.action_puzzles()
    await wait(pilot, app)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_puzzle_position(
    snap_compare: SnapCompare,
    save_dir: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    game_id: str,
    size: tuple[int, int],
) -> None:
    """The game's own board and panels, the log of the game so far; above them, in place
    of the header, the puzzle's panel: "Puzzles · <game>", 0 of 1 solved, the puzzle's
    rating and the player's (1500), and "Find the best move for <name>". Only the
    mover's hand is shown."""
    app = shipped_app(game_id, save_dir, tmp_path, monkeypatch)
    assert snap_compare(app, run_before=open_puzzle, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_puzzle_missed(
    snap_compare: SnapCompare,
    save_dir: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    game_id: str,
    size: tuple[int, int],
) -> None:
    """A wrong answer, judged: "✗ <the answer>: it loses 3.0 points.", the better move
    (a shows it), the rules that matter (the puzzle's T1, then those of the better
    move's events and the answer's), the rating's change and "n: next puzzle
    · this one comes back later"; the board shows the answer (up to what it would have
    drawn), and the footer offers n and a."""

    async def missed(pilot: Pilot[None]) -> None:
        await open_puzzle(pilot)
        app = pilot.app
        assert isinstance(app, AtlantisApp)
        for key in (*ANSWER_KEYS[game_id], "enter"):
            await pilot.press(key)
            await wait(pilot, app)

    app = shipped_app(game_id, save_dir, tmp_path, monkeypatch)
    assert snap_compare(app, run_before=missed, terminal_size=size)
