"""The toy game, played on the screen the shell gives it: keys, bots, undo, the end."""

from __future__ import annotations

from pathlib import Path

from textual.app import App

from atlantis_tui.session import GameSession, Seat
from core.kernel.events import EventsUndone
from tests.conformance.toy_game import TOY
from tests.shell.toy_screen import ToyEndScreen, ToyScreen


class ToyApp(App[None]):
    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session

    def on_mount(self) -> None:
        self.push_screen(ToyScreen(self.session, 0))


async def test_a_toy_game_is_played_to_its_end_with_undo_and_back_to_the_scores(
    tmp_path: Path,
) -> None:
    session = GameSession.new(
        [Seat("Ann"), Seat("Bot", "high")], seed=3, game=TOY, save_dir=tmp_path
    )
    app = ToyApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        played = len(session.events)
        await pilot.press("1")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert len(session.events) > played  # Ann's card, then the bot's reply
        await pilot.press("u")
        await pilot.pause()
        # Taken back with the bot's reply: the shell asked the session for it (the toy's
        # own fold ignores the undo marker, so its state is not checked here).
        assert isinstance(session.events[-1], EventsUndone)
        await pilot.press("U")
        await pilot.pause()
        for _ in range(20):
            if TOY.is_over(session.state):
                break
            await pilot.press("1")
            await app.workers.wait_for_complete()
            await pilot.pause()
        assert TOY.is_over(session.state)
        assert isinstance(app.screen, ToyEndScreen)
        await pilot.press("escape")  # see the board
        await pilot.pause()
        board = app.screen
        assert isinstance(board, ToyScreen)
        await pilot.press("escape")  # back to the scores
        await pilot.pause()
        assert isinstance(app.screen, ToyEndScreen)
