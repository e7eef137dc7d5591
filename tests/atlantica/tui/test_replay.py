"""An Atlantica game replayed in the app: with every hand allowed (a finished game),
each player's hand is shown, not only the hand of the player to act."""

from __future__ import annotations

from pathlib import Path

from atlantis_tui.app import AtlantisApp
from atlantis_tui.cli import main
from atlantis_tui.games.atlantica.board_view import AtlanticaBoardView
from atlantis_tui.games.atlantica.panels import HandPanel
from atlantis_tui.screens.replay import ReplayScreen


def _played_game(folder: Path) -> Path:
    argv = ["simulate", "--game", "atlantica", "--games", "1", "--players", "greedy,random"]
    assert main([*argv, "--seed", "3", "--save-dir", str(folder)]) == 0
    (path,) = folder.glob("*.jsonl")
    return path


async def test_a_replay_shows_every_hand_once_all_are_shown(tmp_path: Path) -> None:
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
        shown = str(screen.query_one(AtlanticaBoardView).query_one(HandPanel).render())
        names = screen.replay.states[-1].players
        assert all(f"{name}'s hand" in shown for name in names), shown
