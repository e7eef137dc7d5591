"""Atlantica's online screen, driven by Textual's pilot against a real host over
loopback: join, be refused with the rule's id, play an action and end the turn by
keys; a watcher is offered no move and sees no hand, and undo and hints are off;
with ``final_choices = ask`` the seat's own scoring dialog opens when the host waits
for it, and its choices go to the host.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input

from atlantis_tui.app import AtlantisApp
from atlantis_tui.games import GAME_UIS
from atlantis_tui.games.atlantica.end_screen import EndScreen
from atlantis_tui.games.atlantica.online_screen import OnlineGameScreen
from atlantis_tui.games.atlantica.panels import HandPanel, PreviewPanel
from atlantis_tui.games.atlantica.scoring_dialog import ScoringScreen
from atlantis_tui.online.app import OnlineApp
from atlantis_tui.online.join_lines import JoinLinesScreen
from atlantis_tui.online.menu import HostScreen
from atlantis_tui.online.protocol import Act, encode
from atlantis_tui.online.table import Table
from core.atlantica.commands import ChooseScoring, PerformAction
from core.atlantica.events import DiverCardsPlayed, ResearchChoicesMade, TurnEnded
from core.atlantica.game_type import ATLANTICA
from core.atlantica.scoring import best_choices
from core.atlantica.view import HIDDEN
from tests.atlantica.online.knowledge import hosting, hosting_table, table_at_scoring
from tests.conformance.online_access import Raw
from tests.online.conftest import until

LOCATION_KEYS = {"submarine": "s", "port": "o", "bistro": "b", "research": "c"}


def _text(screen: OnlineGameScreen, panel: type[HandPanel | PreviewPanel]) -> str:
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


def test_atlantica_can_be_joined_from_this_app() -> None:
    ui = GAME_UIS["atlantica"]
    assert ui.load_online_screen is not None
    assert ui.load_online_screen() is OnlineGameScreen
    assert ui.shows(OnlineGameScreen.__new__(OnlineGameScreen))  # its palette is the game's


async def test_a_seat_is_refused_then_plays_an_action_and_ends_its_turn_by_keys(
    tmp_path: Path,
) -> None:
    async with hosting("Ann,bot:greedy", tmp_path, 4) as (table, address, _task):
        app = OnlineApp(address, table.codes[0])
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await _screen(app, pilot)
            assert "you are Ann" in str(screen.sub_title)
            await until(lambda: screen._human_to_act() == 0)
            await pilot.pause()
            # Ann's own hand, from the view the host sent; Bob's is blanks.
            assert "Ann's hand" in _text(screen, HandPanel)
            assert screen.state.hands[0] == table.session.state.hands[0]
            assert set(screen.state.hands[1]) == {HIDDEN}
            assert screen.table().hand_sizes == tuple(map(len, table.session.state.hands))
            # Undo and hints are off online: the footer offers neither.
            assert not {"undo", "hint", "hint_is_off", "undo_is_off"} & _shown_actions(screen)

            # Ending the turn before acting: the host refuses, with the rule's id.
            await pilot.press("n")
            await until(lambda: screen.refusal is not None)
            assert screen.refusal is not None and screen.refusal.rule == "T2.7"
            assert "T2.7" in _text(screen, PreviewPanel)
            assert not _mine(table, TurnEnded)

            state = table.session.state
            action = next(
                command
                for command in ATLANTICA.legal_commands(state)
                if isinstance(command, PerformAction) and not command.picks
            )
            await pilot.press(LOCATION_KEYS[action.location], str(action.level))
            await pilot.pause()
            assert screen.current_command() is not None  # the preview shows the action
            await pilot.press("enter")
            await until(lambda: bool(_mine(table, DiverCardsPlayed)))
            played = _mine(table, DiverCardsPlayed)[0]
            assert isinstance(played, DiverCardsPlayed)
            assert (played.location, played.level) == (action.location, action.level)
            await until(lambda: screen.state.acted == (action.location,))
            await until(lambda: screen._human_to_act() == 0)
            await pilot.press("n")
            await until(lambda: bool(_mine(table, TurnEnded)))
            # The bot plays on the host; Ann's screen follows it.
            await until(lambda: screen.client.to_act == 0 and screen.state.turn > 1)
            await until(lambda: len(screen.session.events) == len(table.events))


async def test_a_watcher_sees_no_hand_and_is_offered_no_move_nor_undo(tmp_path: Path) -> None:
    async with hosting("Ann,bot:greedy", tmp_path, 4) as (_table, address, _task):
        app = OnlineApp(address, "")
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await _screen(app, pilot)
            assert "watching" in str(screen.sub_title)
            assert "Hands are hidden" in _text(screen, HandPanel)
            assert all(set(hand) <= {HIDDEN} for hand in screen.state.hands)
            # Ann has not joined: the game waits for her, and says so.
            await until(lambda: "Waiting for Ann" in _text(screen, PreviewPanel))
            shown = _shown_actions(screen)
            assert "undo" not in shown and "help" in shown
            for action in ("location", "level", "confirm", "pass_turn", "end_turn", "pair"):
                assert screen.check_action(action, ()) is False, action
            assert screen.check_action("join_lines", ()) is False
            titles = {str(command.title) for command in app.get_system_commands(screen)}
            assert not {"Pass", "Undo", "Redo", "Join lines"} & titles
            await pilot.press("s", "1", "enter", "p", "n", "u", "h", "J")
            await pilot.pause()
            assert app.screen is screen
            said = str([n.message for n in app._notifications])
            assert "Undo is off" in said and "Hints are off" in said


async def test_each_seat_chooses_its_releases_in_its_own_dialog(tmp_path: Path) -> None:
    table = table_at_scoring("Ann,Bob", tmp_path, 2)
    state = table.session.state
    assert state.choosing == 0
    async with hosting_table(table) as (_table, address, _task):
        bob = await Raw.open(
            address, ATLANTICA, table.codes[1]
        )  # at the table, so the game goes on
        app = OnlineApp(address, table.codes[0])
        async with app.run_test(size=(120, 40)) as pilot:
            # The host waits for Ann's choices: her dialog opens, on her own view.
            await until(lambda: isinstance(app.screen, ScoringScreen))
            dialog = app.screen
            assert isinstance(dialog, ScoringScreen) and dialog.seat == 0
            screen = app.screen_stack[-2]
            assert isinstance(screen, OnlineGameScreen)
            await pilot.pause()
            await pilot.press("b", "enter")
            await until(lambda: bool(_mine(table, ResearchChoicesMade)))
            best = best_choices(state, 0)
            made = _mine(table, ResearchChoicesMade)[0]
            assert isinstance(made, ResearchChoicesMade)
            assert (made.r6_types, made.r11_types) == (best.r6_types, best.r11_types)
            # Now Bob chooses, elsewhere: Ann's screen says so, and offers her nothing.
            await until(lambda: screen.state.choosing == 1)
            assert app.screen is screen
            assert "Bob is choosing" in _text(screen, PreviewPanel)
            now = table.session.state
            bobs = best_choices(now, 1)
            await bob.socket.send(
                encode(Act(ChooseScoring(1, bobs.releases, bobs.r6_types, bobs.r11_types)))
            )
            await until(lambda: isinstance(app.screen, EndScreen))
            assert table.session.state.is_over
            # Let the end screen finish mounting: leaving the app within the same
            # moment races its header's first title (Textual's, at teardown only).
            for _ in range(5):
                await pilot.pause(0.1)


async def test_the_start_menus_host_seats_you_and_j_shows_the_lines_again(
    tmp_path: Path,
) -> None:
    """Atlantica chosen, then Host a game online: the lines to pass on, then the first
    seat's screen, where ``J`` shows them again (``j`` pays with a pair here)."""
    app = AtlantisApp(tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.game_id = "atlantica"
        app.action_host_game()
        await until(lambda: isinstance(app.screen, HostScreen))
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, HostScreen)
        dialog.query_one("#name", Input).value = "Ann"
        dialog.query_one("#players", Input).value = "Bob,bot:greedy,bot:random,bot:greedy"
        dialog.query_one("#port", Input).value = "0"
        await pilot.press("enter")
        await until(lambda: isinstance(app.screen, JoinLinesScreen), timeout=20)
        await pilot.press("escape")
        screen = await _screen(app, pilot)
        assert screen.client.game is ATLANTICA
        assert [seat.name for seat in screen.client.seats][:2] == ["Ann", "Bob"]
        assert len(screen.client.seats) == 5
        assert "join_lines" in _shown_actions(screen)
        await pilot.press("J")
        await until(lambda: isinstance(app.screen, JoinLinesScreen))
        await pilot.press("escape")
        await until(lambda: app.screen is screen)
