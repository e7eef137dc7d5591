"""The replay's log keys are the game screens' (``atlantis_tui.keymap``): ``L`` filters
the log by player and ``/`` searches it; ``o`` shows it on a small screen, where ``l``
and ``h`` keep stepping as in game viewers."""

from __future__ import annotations

from pathlib import Path

from textual.screen import Screen

from atlantis_tui.app import AtlantisApp
from atlantis_tui.keymap import REPLAY_LOG_KEY, SHARED_KEYS
from atlantis_tui.screens.log_search import SearchScreen
from atlantis_tui.screens.replay import ReplayScreen
from atlantis_tui.widgets.event_log import EventLog
from tests.tui.driver import settle

DEMO = Path(__file__).parents[2] / "saves" / "demo-4-players.atlantis.jsonl"


def actions_and_keys(screen: type[Screen[None]]) -> dict[str, set[str]]:
    """Every action a screen binds, with its keys (read from its merged bindings)."""
    found: dict[str, set[str]] = {}
    for key, bindings in screen._merged_bindings.key_to_bindings.items():  # type: ignore[union-attr]
        for binding in bindings:
            found.setdefault(binding.action, set()).add(key)
    return found


def test_the_replay_filters_and_searches_its_log_with_the_games_keys() -> None:
    """Filter, search and help have the keys of every game screen; f no longer filters."""
    keys = actions_and_keys(ReplayScreen)
    for action in ("log_player", "log_search", "help"):
        assert keys[action] == set(SHARED_KEYS[action].split(",")), action
    assert keys["toggle_log"] == {REPLAY_LOG_KEY}
    assert {"l", "right"} <= keys["step(1)"] and {"h", "left"} <= keys["step(-1)"]
    bound = {key for found in keys.values() for key in found}
    assert "f" not in bound


async def test_l_steps_and_capital_l_filters_the_log_in_a_replay(save_dir: Path) -> None:
    """At 80×24: l steps, L shows one player's lines, / asks for words, o shows the log."""
    app = AtlantisApp(save_dir, bot_delay=0, replay=DEMO)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        at = screen.replay.position
        await pilot.press("l")
        await settle(pilot, app)
        assert screen.replay.position == at + 1
        log = screen.query_one(EventLog)
        await pilot.press("L")
        await settle(pilot, app)
        assert log.player_filter == 0
        assert not screen.has_class("-log")
        await pilot.press("o")
        await settle(pilot, app)
        assert screen.has_class("-log")
        await pilot.press("slash")
        await settle(pilot, app)
        assert isinstance(app.screen, SearchScreen)
        await pilot.press("escape")
        await settle(pilot, app)
        assert not isinstance(app.screen, SearchScreen)
