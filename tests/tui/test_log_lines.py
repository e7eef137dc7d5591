"""Every log line is readable whole on screen, with or without a scrollbar.

The log is scrolled page by page and what the terminal shows inside the log
(its content region, not the scrollbar) is read back as text. Each line of
``atlantis log`` must then be found in full: a line cut by the scrollbar
("…moves pawn" without its "B", "(undone)" missing) fails.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest
from rich.console import Console
from textual.app import App
from textual.pilot import Pilot

from atlantis_tui.app import AtlantisApp
from atlantis_tui.screens.replay import ReplayScreen
from atlantis_tui.session import GameSession, Seat
from atlantis_tui.widgets.event_log import EventLog
from core.atlantis.options import DEFAULT_OPTIONS
from tests.tui.driver import play_one_turn, settle

DEMO = Path(__file__).parents[2] / "saves" / "demo-4-players.atlantis.jsonl"
SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def cli_log_lines(path: Path) -> list[str]:
    """What ``atlantis log --json`` says of every event, "(undone)" included."""
    output = subprocess.run(
        [sys.executable, "-m", "atlantis_tui.cli", "log", "--json", str(path)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    lines = []
    for record in map(json.loads, output.splitlines()):
        lines.append(record["text"] + ("  (undone)" if record["undone"] else ""))
    return lines


def screen_rows(app: App[None]) -> list[str]:
    """The terminal's rows as plain text, as the user sees them."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True)
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text(styles=False).splitlines()


async def log_text_on_screen(pilot: Pilot[None], log: EventLog) -> str:
    """Every row the log shows, scrolled from top to bottom, joined into one text."""
    region = log.scrollable_content_region  # inside the border and padding, left of the scrollbar
    rows: dict[int, str] = {}
    log.scroll_to(y=0, animate=False)
    await pilot.pause()
    while True:
        top = round(log.scroll_y)
        screen = screen_rows(pilot.app)
        for row in range(region.height):
            text = screen[region.y + row][region.x : region.right]
            rows.setdefault(top + row, text)
        if top >= log.max_scroll_y:
            break
        log.scroll_to(y=top + region.height, animate=False)
        await pilot.pause()
    joined = " ".join(rows[key].strip() for key in sorted(rows))
    return normalise(joined)


def normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def missing_lines(expected: list[str], shown: str) -> list[str]:
    return [line for line in expected if normalise(line) not in shown]


@pytest.mark.parametrize("size", SIZES)
async def test_every_line_of_a_replay_log_is_whole_on_screen(
    save_dir: Path, size: tuple[int, int]
) -> None:
    """The 4-player game replayed: the log has a scrollbar and no line is cut."""
    app = AtlantisApp(save_dir, bot_delay=0, replay=DEMO)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, ReplayScreen)
        if size[0] < 100:
            await pilot.press("o")  # small terminals show the log in place of the step
            await settle(pilot, app)
        log = app.screen.query_one(EventLog)
        assert log.max_scroll_y > 0, "the log should need a scrollbar"
        shown = await log_text_on_screen(pilot, log)
    assert missing_lines(cli_log_lines(DEMO), shown) == []


@pytest.mark.long
@pytest.mark.parametrize("size", SIZES)
async def test_every_line_of_a_game_log_is_whole_on_screen(
    save_dir: Path, size: tuple[int, int]
) -> None:
    """A game whose log grows past its height while it is played (the scrollbar
    appears mid-game), then an undo: every line and every "(undone)" is read whole."""
    seats = [Seat("Ann"), Seat("Bob", "greedy"), Seat("Cleo", "greedy"), Seat("Dan", "random")]
    options = msgspec.structs.replace(DEFAULT_OPTIONS, open_hands=True)
    session = GameSession.new(seats, seed=4, options=options, save_dir=save_dir)
    app = AtlantisApp(save_dir, session, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        screen = app.screen
        if size[0] < 100:
            await pilot.press("l")  # small terminals show the log in place of the preview
        log = screen.query_one(EventLog)
        for _turn in range(12):
            await play_one_turn(pilot, app)
        await pilot.press("u")
        await settle(pilot, app)
        assert log.max_scroll_y > 0, "the log should need a scrollbar"
        shown = await log_text_on_screen(pilot, log)
        entries = [entry.line.plain for entry in log.entries]
    path = session.path
    assert path is not None
    expected = cli_log_lines(path)
    assert any("(undone)" in line for line in expected)
    assert missing_lines(expected, shown) == [], shown[:1500]
    assert missing_lines(entries, shown) == []
