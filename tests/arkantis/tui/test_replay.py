"""An ArkantiS game replayed in the app: the shell's replay screen around ArkantiS's
board view, stepped by keys, from the first event to the last."""

from __future__ import annotations

from pathlib import Path

from atlantis_tui.app import AtlantisApp
from atlantis_tui.cli import main
from atlantis_tui.games.arkantis.board import BoardWidget
from atlantis_tui.games.arkantis.board_view import ArkantisBoardView
from atlantis_tui.screens.replay import ReplayScreen


def _played_game(folder: Path) -> Path:
    argv = ["simulate", "--game", "arkantis", "--games", "1", "--players", "greedy,random"]
    assert main([*argv, "--seed", "3", "--save-dir", str(folder)]) == 0
    (path,) = folder.glob("*.jsonl")
    return path


async def test_a_finished_game_replays_step_by_step(tmp_path: Path) -> None:
    path = _played_game(tmp_path / "games")
    app = AtlantisApp(tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_replay(path)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        view = screen.query_one(ArkantisBoardView)
        board = view.query_one(BoardWidget)
        opening = board.tokens
        assert opening.bit_count() == 42  # S5.3: the board as set up
        for _ in range(6):
            await pilot.press("right")
        await pilot.pause()
        assert board.tokens.bit_count() < 42  # an action has lifted tokens (T3)
        await pilot.press("end")
        await pilot.pause()
        assert screen.replay.position == len(screen.replay.events) - 1
        await pilot.press("home")
        await pilot.pause()
        assert board.tokens == opening


async def test_a_replay_shows_every_hand_once_all_are_shown(tmp_path: Path) -> None:
    """A finished game (every hand allowed) shows each player's hand, not only the hand
    of the player to act."""
    from atlantis_tui.games.arkantis.panels import HandPanel

    path = _played_game(tmp_path / "games")
    app = AtlantisApp(tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_replay(path)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        for _ in range(4):
            await pilot.press("right")
        await pilot.pause()
        shown = str(screen.query_one(ArkantisBoardView).query_one(HandPanel).render())
        names = screen.replay.states[-1].players
        assert all(f"{name}'s hand" in shown for name in names), shown
