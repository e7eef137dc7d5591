"""The start menu's Host and Join dialogs."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Label

from atlantis_tui.app import AtlantisApp
from atlantis_tui.games.atlantis.online_screen import OnlineGameScreen
from atlantis_tui.online.menu import HostScreen, JoinScreen, parse_host, parse_join
from core.atlantis.events import PawnMoved
from tests.online.conftest import hosting, until


def test_a_pasted_join_line_or_address_and_code_are_understood() -> None:
    pasted = parse_join("atlantis join 127.0.0.1:8700 Xy3-abc  # Ann")
    assert (pasted.address, pasted.code) == ("127.0.0.1:8700", "Xy3-abc")
    assert parse_join(" 10.0.0.2:9 code ").address == "10.0.0.2:9"
    for bad in ("", "127.0.0.1:8700", "nowhere code", "a:1 b c"):
        with pytest.raises(ValueError):
            parse_join(bad)
    assert parse_host("You,bot:greedy", "0").port == 0
    for players, port in (("You", "8700"), ("bot:random,bot:greedy", "8700"), ("A,B", "x")):
        with pytest.raises(ValueError):
            parse_host(players, port)


async def test_join_from_the_start_menu_plays_a_seat(tmp_path: Path) -> None:
    async with hosting("Ann,bot:random", tmp_path / "host", seed=4) as (table, address, _task):
        app = AtlantisApp(tmp_path / "saves", bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("down", "down", "down", "down", "enter")
            await until(lambda: isinstance(app.screen, JoinScreen))
            await pilot.press(*f"atlantis join {address} {table.codes[0]}  # Ann", "enter")
            await until(lambda: isinstance(app.screen, OnlineGameScreen))
            screen = app.screen
            assert isinstance(screen, OnlineGameScreen)
            await until(lambda: screen._human_to_act() == 0)
            await pilot.press("a", "enter")
            await until(lambda: any(isinstance(e, PawnMoved) for e in table.events))


async def test_host_from_the_start_menu_seats_you_and_shows_the_join_lines(
    tmp_path: Path,
) -> None:
    app = AtlantisApp(tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("down", "down", "down", "enter")
        await until(lambda: isinstance(app.screen, HostScreen))
        app.screen.query_one("#name", Input).value = "Ann"
        app.screen.query_one("#players", Input).value = "Friend"
        app.screen.query_one("#port", Input).value = "0"
        await pilot.press("enter")
        await until(lambda: any(isinstance(s, OnlineGameScreen) for s in app.screen_stack))
        await until(lambda: "atlantis join 127.0.0.1:" in _labels(app))
        texts = _labels(app)
        assert "# Friend" in texts and "# Ann" not in texts
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, OnlineGameScreen)
        assert "waiting for Friend" in str(screen.sub_title)
        saves = list((tmp_path / "saves").glob("*.atlantis.jsonl"))
        assert len(saves) == 1


def _labels(app: AtlantisApp) -> str:
    return " ".join(str(label.render()) for label in app.screen.query(Label))
