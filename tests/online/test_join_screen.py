"""The join screen: the usual game screen, playing one seat of a game hosted elsewhere."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from textual.screen import ModalScreen

from atlantis_tui.games.atlantis.end_screen import EndScreen
from atlantis_tui.games.atlantis.online_screen import OnlineGameScreen
from atlantis_tui.games.atlantis.payment import PaymentScreen
from atlantis_tui.online.app import OnlineApp
from atlantis_tui.online.table import Table
from core.atlantis.bots import make_bot
from core.atlantis.check import check_events
from core.atlantis.events import FinalCrossingPaid, FinalCrossingStarted, PawnMoved
from tests.online.conftest import hosting, until


async def test_a_joined_seat_moves_by_keys_and_the_host_records_it(tmp_path: Path) -> None:
    async with hosting("Ann,bot:random", tmp_path, seed=2) as (table, address, _task):
        app = OnlineApp(address, table.codes[0])
        async with app.run_test(size=(120, 40)) as pilot:
            await until(lambda: isinstance(app.screen, OnlineGameScreen))
            screen = app.screen
            assert isinstance(screen, OnlineGameScreen)
            await until(lambda: screen._human_to_act() == 0)
            assert "you are Ann" in str(screen.sub_title)
            await pilot.press("a", "enter")
            await until(lambda: any(isinstance(e, PawnMoved) for e in table.events))
            moved = next(e for e in table.events if isinstance(e, PawnMoved))
            assert moved.player == 0
            # The bot replied on the host, and the screen follows.
            await until(
                lambda: (
                    len(screen.session.events) == len(table.events) and screen._human_to_act() == 0
                )
            )
            await pilot.press("u")
            await pilot.pause()
            assert "Undo is off" in str([n.message for n in app._notifications])


async def test_a_wrong_code_ends_the_app_with_one_line(tmp_path: Path) -> None:
    async with hosting("Ann,Bob", tmp_path) as (_table, address, _task):
        app = OnlineApp(address, "nope")
        async with app.run_test() as pilot:
            await until(lambda: app.failure is not None)
            await pilot.pause()
        assert app.failure is not None and "bad-code" in app.failure


async def test_a_watcher_sees_the_table_and_no_hand(tmp_path: Path) -> None:
    async with hosting("Ann,bot:random", tmp_path, seed=2) as (table, address, _task):
        app = OnlineApp(address, "")
        async with app.run_test(size=(120, 40)) as pilot:
            await until(lambda: isinstance(app.screen, OnlineGameScreen))
            screen = app.screen
            assert isinstance(screen, OnlineGameScreen)
            await pilot.pause()
            assert "watching" in str(screen.sub_title)
            assert "waiting for Ann" in str(screen.sub_title)
            assert screen.viewer is None and screen._human_to_act() is None
            assert all(sum(hand) == 0 for hand in screen.remote.client.view.state.hands)
            await pilot.press("a", "enter")
            await pilot.pause()
            assert len(table.events) == len(screen.session.events)


async def test_a_whole_game_is_played_through_the_join_screen(tmp_path: Path) -> None:
    """The screen asks for every decision the game needs (moves here come from a bot;
    the final crossing is paid in its dialog) and shows the end of the game."""
    async with hosting("Ann,bot:greedy", tmp_path, seed=6) as (table, address, task):
        app = OnlineApp(address, table.codes[0])
        bot, rng = make_bot("greedy"), random.Random(1)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(lambda: isinstance(app.screen, OnlineGameScreen))
            screen = app.screen
            assert isinstance(screen, OnlineGameScreen)
            while True:
                await until(lambda: table.is_over or _decision(app, screen), timeout=20)
                if _finished(table):
                    break
                if isinstance(app.screen, PaymentScreen):
                    await pilot.press("enter")  # the final crossing (E2): the suggested payment
                elif isinstance(app.screen, ModalScreen):
                    await pilot.press("escape")  # a stuck or other chooser: decided below
                else:
                    view = screen.remote.client.view
                    assert view is not None
                    screen.apply(bot.decide(view, rng))
                await until(lambda: table.is_over or not _decision(app, screen), timeout=20)
            await until(lambda: isinstance(app.screen, EndScreen))
            await pilot.pause()
        await asyncio.wait_for(task, 10)
    moves = [e for e in table.events if isinstance(e, PawnMoved) and e.player == 0]
    assert len(moves) > 10
    started = next(e for e in table.events if isinstance(e, FinalCrossingStarted))
    paid = [e.player for e in table.events if isinstance(e, FinalCrossingPaid)]
    assert 0 in started.pending  # this seed leaves Ann a final crossing to pay in the dialog
    assert paid == list(started.pending)
    assert check_events(table.events).problem is None


def _finished(table: Table) -> bool:
    return table.is_over


def _decision(app: OnlineApp, screen: OnlineGameScreen) -> bool:
    """The screen waits for this seat: a dialog is open, or it is its turn."""
    return isinstance(app.screen, ModalScreen) or screen._human_to_act() is not None
