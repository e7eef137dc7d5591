"""Atlantis's end screen and the board behind it: Esc goes from one to the other.

On the scores, Esc ("See the board") shows the board; on the board of a finished
game, Esc ("Scores", in the footer, the help and the palette) comes back to them.
Before the end, Esc on the board only puts the chosen pawn down.
"""

from __future__ import annotations

from pathlib import Path

from atlantis_tui.app import AtlantisApp
from atlantis_tui.games.atlantis.end_screen import EndScreen
from atlantis_tui.games.atlantis.game_screen import GameScreen
from atlantis_tui.games.atlantis.palette import palette_commands
from atlantis_tui.screens.simple import HELP_TEXT, HelpScreen
from atlantis_tui.session import GameSession, Seat
from tests.tui import scenes
from tests.tui.driver import settle


def _footer_keys(screen: object) -> dict[str, str]:
    """What the footer shows: key → description, for the keys it shows."""
    shown = getattr(screen, "active_bindings", {})
    return {
        key: active.binding.description
        for key, active in shown.items()
        if active.binding.show and active.enabled
    }


async def test_esc_goes_from_the_scores_to_the_board_and_back(save_dir: Path) -> None:
    app = scenes.finished_app(save_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, EndScreen)
        await pilot.press("escape")  # See the board
        await settle(pilot, app)
        board = app.screen
        assert isinstance(board, GameScreen)
        assert _footer_keys(board).get("escape") == "Scores"
        await pilot.press("escape")
        await settle(pilot, app)
        assert isinstance(app.screen, EndScreen)
        await pilot.press("escape")
        await settle(pilot, app)
        assert app.screen is board  # the same board, not another one on top
        titles = [command.title for command in palette_commands(board)]
        assert "Scores" in titles
        await pilot.press("question_mark")
        await settle(pilot, app)
        assert isinstance(app.screen, HelpScreen)
        assert "once the game is over, back to the scores" in HELP_TEXT


async def test_before_the_end_esc_only_puts_the_pawn_down(save_dir: Path) -> None:
    session = GameSession.new([Seat("Ann"), Seat("Bot", "greedy")], seed=14, save_dir=save_dir)
    app = AtlantisApp(save_dir, session, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        board = app.screen
        assert isinstance(board, GameScreen)
        assert "escape" not in _footer_keys(board)
        assert "Scores" not in [command.title for command in palette_commands(board)]
        await pilot.press("a")
        await settle(pilot, app)
        assert board.selection is not None
        await pilot.press("escape")
        await settle(pilot, app)
        assert app.screen is board and board.selection is None
