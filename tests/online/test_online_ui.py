"""The online screens as a newcomer meets them: the Host dialog's name, the join lines
shown again, who the game waits for, and only the keys that do something.

Every test runs a real host over loopback (see ``conftest.hosting``) or hosts from the
start menu, and drives the app with Textual's pilot.
"""

from __future__ import annotations

from pathlib import Path

from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot
from textual.widgets import Input, Label

from atlantis_tui.app import AtlantisApp
from atlantis_tui.games.atlantis.online_screen import OnlineGameScreen
from atlantis_tui.games.atlantis.panels import PreviewPanel
from atlantis_tui.online.app import OnlineApp
from atlantis_tui.online.client import OnlineClient
from atlantis_tui.online.join_lines import JoinLinesScreen
from atlantis_tui.online.menu import HostScreen
from atlantis_tui.settings import Settings, save_settings
from tests.online.conftest import hosting, until

MOVE_ACTIONS = {"pawn(0)", "pawn(1)", "pawn(2)", "confirm", "buy", "bridge", "resign"}
OFF_ONLINE = {"undo", "redo", "hint"}


def _shown_actions(screen: OnlineGameScreen) -> set[str]:
    """The actions of the keys the footer shows."""
    return {
        active.binding.action for active in screen.active_bindings.values() if active.binding.show
    }


def _palette_titles(app: AtlantisApp, screen: OnlineGameScreen) -> set[str]:
    return {str(command.title) for command in app.get_system_commands(screen)}


def _preview(screen: OnlineGameScreen) -> str:
    return str(screen.query_one(PreviewPanel).render())


def _labels(app: AtlantisApp) -> str:
    return " ".join(str(label.render()) for label in app.screen.query(Label))


async def _open_host_dialog(app: AtlantisApp, pilot: Pilot[None]) -> HostScreen:
    """The start menu's Host a game online (its place in the menu is tested elsewhere)."""
    await pilot.pause()
    app.action_host_game()
    await until(lambda: isinstance(app.screen, HostScreen))
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, HostScreen)
    screen.query_one("#port", Input).value = "0"
    return screen


async def test_the_host_dialog_asks_for_your_name_and_remembers_it(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    app = AtlantisApp(saves, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        dialog = await _open_host_dialog(app, pilot)
        # The defaults do not seat a player called "You": the name is asked for.
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is dialog
        assert "type your name" in str(dialog.query_one("#form-error", Label).render())
        dialog.query_one("#name", Input).value = "Ann"
        await pilot.press("enter")
        await until(lambda: isinstance(app.screen, JoinLinesScreen))
        game = next(s for s in app.screen_stack if isinstance(s, OnlineGameScreen))
        assert "you are Ann" in str(game.sub_title)
        assert "You" not in [seat.name for seat in game.client.seats]
    # The next time, the dialog offers the name hosted under.
    again = AtlantisApp(saves, bot_delay=0)
    async with again.run_test(size=(120, 40)) as pilot:
        dialog = await _open_host_dialog(again, pilot)
        assert dialog.query_one("#name", Input).value == "Ann"


async def test_the_host_dialog_offers_the_name_from_the_settings(tmp_path: Path) -> None:
    save_settings(tmp_path, Settings(name="Zoé"))
    app = AtlantisApp(tmp_path, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        dialog = await _open_host_dialog(app, pilot)
        assert dialog.query_one("#name", Input).value == "Zoé"
        assert "You" not in dialog.query_one("#players", Input).value


async def test_the_join_lines_can_be_shown_again_from_the_palette_and_a_key(
    tmp_path: Path,
) -> None:
    app = AtlantisApp(tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        dialog = await _open_host_dialog(app, pilot)
        dialog.query_one("#name", Input).value = "Ann"
        dialog.query_one("#players", Input).value = "Bob,bot:random"
        await pilot.press("enter")
        await until(lambda: isinstance(app.screen, JoinLinesScreen))
        first = _labels(app)
        assert "atlantis join 127.0.0.1:" in first and "# Bob" in first and "# Ann" not in first
        await pilot.press("escape")
        await until(lambda: isinstance(app.screen, OnlineGameScreen))
        screen = app.screen
        assert isinstance(screen, OnlineGameScreen)
        # The footer offers them to the player who hosts.
        assert "join_lines" in _shown_actions(screen)

        await pilot.press("ctrl+p")
        await until(lambda: isinstance(app.screen, CommandPalette))
        await pilot.press(*"join lines")
        await until(lambda: app.screen.query_one(CommandList).option_count > 0)
        await pilot.pause()
        await pilot.press("enter")
        await until(lambda: isinstance(app.screen, JoinLinesScreen))
        assert _labels(app) == first

        # Copy-friendly: every line whole on a line of its own, and a Copy option.
        lines = app.screen.query_one(".join-lines", Label)
        assert str(lines.render()).splitlines()[-1].startswith("atlantis watch 127.0.0.1:")
        await pilot.press("down", "enter")
        assert app.clipboard == str(lines.render())
        await pilot.press("escape")
        await until(lambda: app.screen is screen)

        await pilot.press("j")
        await until(lambda: isinstance(app.screen, JoinLinesScreen))
        assert _labels(app) == first


async def test_a_player_who_joined_has_no_join_lines(tmp_path: Path) -> None:
    async with hosting("Ann,Bob", tmp_path) as (table, address, _task):
        app = OnlineApp(address, table.codes[1])
        async with app.run_test(size=(120, 40)) as pilot:
            await until(lambda: isinstance(app.screen, OnlineGameScreen))
            screen = app.screen
            assert isinstance(screen, OnlineGameScreen)
            await pilot.pause()
            assert "join_lines" not in _shown_actions(screen)
            assert "Join lines" not in _palette_titles(app, screen)


async def test_a_seated_player_whose_opponent_is_away_sees_who_the_game_waits_for(
    tmp_path: Path,
) -> None:
    async with hosting("Ann,Bob", tmp_path, seed=3) as (table, address, _task):
        app = OnlineApp(address, table.codes[0])
        async with app.run_test(size=(120, 40)) as pilot:
            await until(lambda: isinstance(app.screen, OnlineGameScreen))
            screen = app.screen
            assert isinstance(screen, OnlineGameScreen)
            # Bob has not joined yet.
            await until(lambda: "Waiting for Bob" in _preview(screen))
            assert "is playing" not in _preview(screen)

            bob = OnlineClient(address, table.codes[1], rejoin=False)
            await bob.join()
            await until(lambda: "Waiting" not in _preview(screen))
            await pilot.pause()
            assert "waiting for" not in str(screen.sub_title)

            # Bob goes away: the game waits for him, and Ann's screen says so.
            await bob.close()
            await until(lambda: "Waiting for Bob to join or come back" in _preview(screen))
            assert "waiting for Bob" in str(screen.sub_title)


async def test_a_watchers_footer_and_palette_offer_no_move(tmp_path: Path) -> None:
    async with hosting("Ann,bot:random", tmp_path, seed=2) as (_table, address, _task):
        app = OnlineApp(address, "")
        async with app.run_test(size=(120, 40)) as pilot:
            await until(lambda: isinstance(app.screen, OnlineGameScreen))
            screen = app.screen
            assert isinstance(screen, OnlineGameScreen)
            await pilot.pause()
            shown = _shown_actions(screen)
            assert not shown & (MOVE_ACTIONS | OFF_ONLINE), shown
            assert "help" in shown  # the footer is there, with the keys that work
            titles = _palette_titles(app, screen)
            for title in ("Choose pawn A", "Make the move", "Buy cards", "Place bridge", "Resign"):
                assert title not in titles
            assert "Rules" in titles and "Search the log" in titles
            await pilot.press("a", "p", "w")
            await pilot.pause()
            assert app.screen is screen


async def test_online_undo_and_hint_are_not_offered(tmp_path: Path) -> None:
    async with hosting("Ann,bot:random", tmp_path, seed=2) as (table, address, _task):
        app = OnlineApp(address, table.codes[0])
        async with app.run_test(size=(120, 40)) as pilot:
            await until(lambda: isinstance(app.screen, OnlineGameScreen))
            screen = app.screen
            assert isinstance(screen, OnlineGameScreen)
            await until(lambda: screen._human_to_act() == 0)
            shown = _shown_actions(screen)
            assert not shown & OFF_ONLINE, shown
            assert {"pawn(0)", "confirm", "buy", "bridge"} <= shown  # a seat's moves are
            titles = _palette_titles(app, screen)
            assert not {"Undo", "Redo", "Hint"} & titles
            assert "Make the move" in titles
            # A player used to them who presses the keys is told why nothing happens.
            await pilot.press("u")
            await pilot.press("H")
            await pilot.pause()
            said = str([n.message for n in app._notifications])
            assert "Undo is off" in said and "Hints are off" in said
