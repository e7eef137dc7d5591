"""ArkantiS's online screen, driven by Textual's pilot against a real host over loopback:
join, play an action and end the turn by keys, buy through the dialog, be told a
refusal with its rule id; a watcher is offered no move and sees no hand; undo is off.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input

from atlantis_tui.app import AtlantisApp
from atlantis_tui.games import GAME_UIS
from atlantis_tui.games.arkantis.game_screen import GameScreen
from atlantis_tui.games.arkantis.online_screen import OnlineBuyScreen, OnlineGameScreen
from atlantis_tui.games.arkantis.panels import HandPanel, PlayersPanel, PreviewPanel
from atlantis_tui.online.app import OnlineApp
from atlantis_tui.online.join_lines import JoinLinesScreen
from atlantis_tui.online.menu import HostScreen
from atlantis_tui.online.table import Table
from core.arkantis.events import CardBought, TokensRemoved, TurnEnded
from core.arkantis.game_type import ARKANTIS
from core.arkantis.squares import members, name
from tests.online.conftest import hosting, until


def _text(screen: GameScreen, panel: type[HandPanel | PlayersPanel | PreviewPanel]) -> str:
    return str(screen.query_one(panel).render())


def _shown_actions(screen: OnlineGameScreen) -> set[str]:
    return {
        active.binding.action for active in screen.active_bindings.values() if active.binding.show
    }


async def _screen(app: App[None], pilot: Pilot[None]) -> OnlineGameScreen:
    await until(lambda: isinstance(app.screen, OnlineGameScreen))
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, OnlineGameScreen)
    return screen


def _mine(table: Table, kind: type[object], seat: int = 0) -> list[object]:
    return [e for e in table.events if isinstance(e, kind) and getattr(e, "player", -1) == seat]


def test_arkantis_can_be_joined_from_this_app() -> None:
    ui = GAME_UIS["arkantis"]
    assert ui.load_online_screen is not None
    assert ui.load_online_screen() is OnlineGameScreen
    assert ui.shows(OnlineGameScreen.__new__(OnlineGameScreen))  # its palette is the game's


async def test_a_seat_joins_and_plays_an_action_and_ends_its_turn_by_keys(tmp_path: Path) -> None:
    async with hosting("Ann,bot:greedy", tmp_path, seed=4, game=ARKANTIS) as (table, address, _t):
        app = OnlineApp(address, table.codes[0])
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await _screen(app, pilot)
            assert "you are Ann" in str(screen.sub_title)
            await until(lambda: screen._human_to_act() == 0)
            await pilot.pause()
            # Ann's own hand is drawn, from the view the host sent.
            hand = table.session.state.hands[0]
            assert "Ann's hand" in _text(screen, HandPanel)
            assert f"({len(hand)})" in _text(screen, HandPanel)
            # The other seat's cards in hand, by colour, as the host counts them.
            assert (
                screen.table().hand_colours
                == ARKANTIS.privacy.view_for(table.session.state, 0).hand_colours
            )

            # Undo and hints are off online: the footer offers neither.
            assert not {"undo", "hint", "hint_is_off", "undo_is_off"} & _shown_actions(screen)
            square = name(next(iter(members(table.session.state.tokens))))
            await pilot.press("o", square[0].lower(), square[1])
            await pilot.pause()
            assert square in _text(screen, PreviewPanel)
            await pilot.press("enter")
            await until(lambda: bool(_mine(table, TokensRemoved)))
            removed = _mine(table, TokensRemoved)[0]
            assert isinstance(removed, TokensRemoved) and removed.squares == (square,)
            await until(lambda: screen.state.phase == "after" and screen._human_to_act() == 0)
            await pilot.press("n")
            await until(lambda: bool(_mine(table, TurnEnded)))
            # The bot plays on the host; Ann's screen follows it.
            await until(lambda: screen.client.to_act == 0 and len(screen.session.events) > 0)
            assert len(screen.session.events) == len(table.events)


async def test_a_purchase_goes_through_the_dialog_and_a_refusal_shows_its_rule(
    tmp_path: Path,
) -> None:
    async with hosting("Ann,bot:greedy", tmp_path, seed=4, game=ARKANTIS) as (table, address, _t):
        app = OnlineApp(address, table.codes[0])
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await _screen(app, pilot)
            await until(lambda: screen._human_to_act() == 0)
            # Ending the turn before the action: the host refuses, with the rule's id.
            await pilot.press("n")
            await until(lambda: screen.refusal is not None)
            assert screen.refusal is not None and screen.refusal.rule == "T2.4"
            assert "T2.4" in _text(screen, PreviewPanel)
            assert not _mine(table, TurnEnded)

            await pilot.press("y")
            await until(lambda: isinstance(app.screen, OnlineBuyScreen))
            dialog = app.screen
            assert isinstance(dialog, OnlineBuyScreen)
            hand = len(table.session.state.hands[0])
            await pilot.press("enter")  # the first pile: orange, face down
            await until(lambda: bool(_mine(table, CardBought)))
            await until(lambda: dialog.pending is None)
            bought = _mine(table, CardBought)[0]
            assert isinstance(bought, CardBought)
            assert len(table.session.state.hands[0]) == hand + 1
            assert bought.card in str(dialog.status) or "Bought" in str(dialog.status)
            await until(lambda: len(screen.state.hands[0]) == hand + 1)
            await pilot.press("escape")
            await until(lambda: app.screen is screen)


async def test_a_watcher_sees_no_hand_and_is_offered_no_move_nor_undo(tmp_path: Path) -> None:
    async with hosting("Ann,bot:greedy", tmp_path, seed=4, game=ARKANTIS) as (_table, address, _t):
        app = OnlineApp(address, "")
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await _screen(app, pilot)
            assert "watching" in str(screen.sub_title)
            assert "Hands are hidden" in _text(screen, HandPanel)
            # Ann has not joined: the game waits for her, and says so.
            await until(lambda: "Waiting for Ann" in _text(screen, PreviewPanel))
            shown = _shown_actions(screen)
            assert "undo" not in shown and "help" in shown
            for action in ("mode", "buy", "confirm", "pass_turn", "end_turn", "undo", "hint"):
                assert screen.check_action(action, ()) is False, action
            titles = {str(command.title) for command in app.get_system_commands(screen)}
            assert not {"Buy cards", "Pass", "Undo", "Redo", "Join lines"} & titles
            assert "Help" in titles
            await pilot.press("o", "y", "p", "n", "u", "h")
            await pilot.pause()
            assert app.screen is screen
            said = str([n.message for n in app._notifications])
            assert "Undo is off" in said and "Hints are off" in said


async def test_the_start_menus_host_hosts_the_game_chosen_there(tmp_path: Path) -> None:
    """As in a browser tab of ``atlantis serve``: ArkantiS chosen, then Host a game online."""
    app = AtlantisApp(tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.game_id = "arkantis"
        app.action_host_game()
        await until(lambda: isinstance(app.screen, HostScreen))
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, HostScreen)
        dialog.query_one("#name", Input).value = "Ann"
        dialog.query_one("#players", Input).value = "bot:greedy,bot:random"  # three seats
        dialog.query_one("#port", Input).value = "0"
        await pilot.press("enter")
        await until(lambda: isinstance(app.screen, JoinLinesScreen), timeout=20)
        await pilot.press("escape")
        screen = await _screen(app, pilot)
        assert screen.client.game is ARKANTIS
        assert screen.client.seats[0].name == "Ann"
        await until(lambda: screen._human_to_act() == 0 or screen.state.current != 0)
