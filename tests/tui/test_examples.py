"""The Replay list offers the shipped games; choosing one replays it."""

from __future__ import annotations

from pathlib import Path

from atlantis_tui.app import AtlantisApp
from atlantis_tui.games.atlantis.examples import FOLDER, examples
from atlantis_tui.saves import latest_unfinished, list_saves
from atlantis_tui.screens.load import LoadScreen
from atlantis_tui.screens.replay import ReplayScreen
from core.atlantis.events import FinalCrossingPaid
from core.atlantis.examples import SHIPPED
from tests.tui.driver import settle


def test_every_shipped_game_is_offered_with_what_it_shows() -> None:
    offered = examples()
    assert [e.id.removeprefix("example:") for e in offered] == list(SHIPPED)
    assert offered[0].description.startswith("Rulebook example X1:")
    assert "4-player" in offered[-1].description


async def test_choosing_an_example_replays_it_and_leaves_the_users_list_alone(
    save_dir: Path,
) -> None:
    app = AtlantisApp(save_dir, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        app.action_replay_game()
        await settle(pilot, app)
        assert isinstance(app.screen, LoadScreen)
        # No saves of the user's: the heading (not choosable), then X1 highlighted, X2…
        await pilot.press("down", "enter")
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.replay.state.players == ("Red", "Blue")  # X2
    assert (save_dir / FOLDER / "rulebook-X2.atlantis.jsonl").exists()
    assert list_saves(save_dir) == [] and latest_unfinished(save_dir) is None


async def test_every_event_of_the_shipped_4_player_game_can_be_shown(save_dir: Path) -> None:
    """Stepping a replay through a whole game, the final crossings included: each
    position draws (the one after the last payment, before the end, used to fail)."""
    app = AtlantisApp(save_dir, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        app.action_replay_game()
        await settle(pilot, app)
        await pilot.press("end", "enter")  # the last example: the 4-player game
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        for position in range(screen.replay.last + 1):
            screen.replay.seek(position)
            screen.show()
        # A final crossing's step says which pawn crossed which water.
        paid = next(
            i for i, e in enumerate(screen.replay.events) if isinstance(e, FinalCrossingPaid)
        )
        screen.replay.seek(paid)
        screen.show()
        await pilot.pause()
        assert "crosses water at" in str(screen.query_one("#step").render())
