"""A fourth game's end screen costs a few lines: the kit's toy game gives its report,
the shell's ``GameEndScreen`` the rest (title, headline, keys, buttons)."""

from __future__ import annotations

from pathlib import Path

from textual.app import App, ComposeResult
from textual.widgets import Button, Static

from atlantis_tui.screens.end_screen import GameEndScreen, outcome_text
from atlantis_tui.session import GameSession, Seat
from tests.conformance.toy_game import TOY


class ToyEnd(GameEndScreen):
    """The toy's end screen: every line of it that is the toy's own."""

    GAME = TOY

    def report(self) -> ComposeResult:
        state = self.session.state
        result = TOY.result(state)
        yield Static(
            outcome_text(state.players, result.winners, result.scores, lambda names, n: ""),
            id="toy-outcome",
        )


async def test_the_toy_game_ends_on_the_shells_end_screen(tmp_path: Path) -> None:
    session = GameSession.new(
        [Seat("Ann", "high"), Seat("Bot", "high")], seed=3, game=TOY, save_dir=tmp_path
    )
    while not TOY.is_over(session.state):
        session.play(session.bot_command())
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        end = ToyEnd(session)
        app.push_screen(end)
        await pilot.pause()
        assert (end.title, end.sub_title) == (TOY.display_name(), "The end")
        buttons = [button.id for button in end.query(Button)]
        assert buttons == ["new", "replay", "review", "menu", "back"]
        assert "wins." in str(end.query_one("#toy-outcome", Static).render())
        await pilot.press("escape")  # See the board
        await pilot.pause()
        assert app.screen is not end
    session.close()
