"""What the app looks like, at 120×40 and at 80×24. Each docstring says what to see."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from atlantis_tui.app import AtlantisApp
from atlantis_tui.tutorial_app import TutorialApp
from atlantis_tui.widgets.event_log import EventLog
from tests.tui import scenes
from tests.tui.driver import atlantis_app
from tests.tui.two_games import TWO_UIS

SnapCompare = Callable[..., bool]  # pytest-textual-snapshot's fixture
SIZES = [pytest.param((120, 40), id="120x40"), pytest.param((80, 24), id="80x24")]


@pytest.mark.parametrize("size", SIZES)
def test_start_screen(snap_compare: SnapCompare, save_dir: Path, size: tuple[int, int]) -> None:
    """The title, a tagline and the menu; Continue is greyed out (no saved game)."""
    assert snap_compare(scenes.start_app(save_dir), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_start_screen_with_two_games(
    snap_compare: SnapCompare, save_dir: Path, size: tuple[int, int]
) -> None:
    """With a second game the first line reads "Game: ◂ Atlantis ▸" above the title,
    where a blank line was: the menu keeps its place and height; the footer offers
    g, Another game."""
    app = AtlantisApp(save_dir, bot_delay=0, games=TWO_UIS)
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_new_game_screen(snap_compare: SnapCompare, save_dir: Path, size: tuple[int, int]) -> None:
    """Four seats (human, greedy bot, two empty), names, seed and every V option."""
    assert snap_compare(scenes.start_app(save_dir), press=["enter"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_game_at_start(snap_compare: SnapCompare, save_dir: Path, size: tuple[int, int]) -> None:
    """The whole path with water at 27, all pawns on Atlantis, Ann's hand, the log."""
    assert snap_compare(scenes.opening_app(save_dir), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_pawn_selected_with_a_water_crossing(
    snap_compare: SnapCompare, save_dir: Path, size: tuple[int, int]
) -> None:
    """Pawn A chosen: labelled destinations; the preview crosses water (price 3 in red,
    the bridged gap free), says what it owes and which tile it takes."""
    assert snap_compare(scenes.water_app(save_dir), press=["a", "4"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_payment_chooser(snap_compare: SnapCompare, save_dir: Path, size: tuple[int, int]) -> None:
    """Paying for water: the least-overpaying payments first, then "Choose myself…"."""
    press = ["a", "4", "enter"]
    assert snap_compare(scenes.water_app(save_dir), press=press, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_final_crossing_payment(
    snap_compare: SnapCompare, save_dir: Path, size: tuple[int, int]
) -> None:
    """Bob's final crossing (E2): each pawn still on the path, the water it crosses
    and its price, the total owed, then the ways to pay."""

    async def log_laid_out(pilot: Pilot[None]) -> None:
        # The whole game's log behind the dialog is measured over several frames after
        # the dialog opens, scrolling to its last line as it grows: wait until it is
        # still, at its end, for a few frames running (how many it needs varies with load).
        app = pilot.app
        still = 0
        last: tuple[object, ...] = ()
        for _ in range(200):
            await pilot.pause()
            logs = [log for screen in app.screen_stack for log in screen.query(EventLog)]
            now = tuple((log.virtual_size, log.scroll_y, log.max_scroll_y) for log in logs)
            at_end = bool(logs) and all(log.scroll_y == log.max_scroll_y for log in logs)
            still = still + 1 if at_end and now == last else 0
            last = now
            if still >= 3:
                return

    app = scenes.final_crossing_app(save_dir)
    assert snap_compare(app, run_before=log_laid_out, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_bridge_placement(snap_compare: SnapCompare, save_dir: Path, size: tuple[int, int]) -> None:
    """The bridge chooser lists each unbridged gap, its price and the pawns behind it."""
    assert snap_compare(scenes.water_app(save_dir), press=["w"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_hot_seat_curtain(snap_compare: SnapCompare, save_dir: Path, size: tuple[int, int]) -> None:
    """Three humans: the table is hidden until Ann says she is at the keyboard."""
    assert snap_compare(scenes.hot_seat_app(save_dir), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_end_screen(snap_compare: SnapCompare, save_dir: Path, size: tuple[int, int]) -> None:
    """Final crossings player by player (E2), the score table (E3) and the winner."""
    assert snap_compare(scenes.finished_app(save_dir), terminal_size=size)


def test_board_after_the_end_at_80x24(snap_compare: SnapCompare, save_dir: Path) -> None:
    """Esc on the end screen ("See the board"): the finished board, the final scores in
    the players' panel, no move offered; the preview and the footer say that Esc goes
    back to the scores."""
    app = scenes.finished_app(save_dir)
    assert snap_compare(app, press=["escape"], terminal_size=(80, 24))


def test_large_board_mid_game_with_a_pawn_selected(
    snap_compare: SnapCompare, save_dir: Path
) -> None:
    """At 200×60 the path is drawn in large tiles: item letter, value and name on the
    item's colour, stacks with ² and an edge, water as a ≈ band with its price, the bridge
    as a ═ deck, pawns under their tiles, Atlantis and the Mainland as land at the ends.
    Ann's pawn C is chosen: its destinations carry labels, the second one highlighted."""
    app = scenes.midgame_app(save_dir)
    assert snap_compare(app, press=["c", "right"], terminal_size=(200, 60))


def test_replay_at_a_water_crossing(snap_compare: SnapCompare, save_dir: Path) -> None:
    """Replay stopped on a move that pays for water: the route underlined, the paid
    crossing in the step panel, its log line highlighted, every hand shown."""
    events = scenes.finished_events()
    position = scenes.first_paid_crossing(events)

    async def open_replay(pilot: Pilot[None]) -> None:
        atlantis_app(pilot).replay_events(events, "Ann, Bob, Cleo", position)
        await pilot.pause()

    assert snap_compare(
        scenes.replay_app(save_dir), run_before=open_replay, terminal_size=(120, 40)
    )


def test_replay_with_a_log_line_selected(snap_compare: SnapCompare, save_dir: Path) -> None:
    """Choosing the sixth log line jumps the board there: Ann has just taken crown 3."""
    events = scenes.finished_events()

    async def choose_line(pilot: Pilot[None]) -> None:
        atlantis_app(pilot).replay_events(events, "Ann, Bob, Cleo", 0)
        await pilot.pause()
        atlantis_app(pilot).screen.query_one("#log").focus()
        await pilot.press("home", "down", "down", "down", "down", "down", "enter")
        await pilot.pause()

    assert snap_compare(
        scenes.replay_app(save_dir), run_before=choose_line, terminal_size=(120, 40)
    )


def test_game_after_undo(snap_compare: SnapCompare, save_dir: Path) -> None:
    """After u: Ann's move and the bot's reply are struck through as undone in the log,
    and the board is back where Ann is to play."""

    async def play_and_undo(pilot: Pilot[None]) -> None:
        await pilot.app.workers.wait_for_complete()
        await pilot.press("a", "enter")
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()

    app = scenes.opening_app(save_dir)
    assert snap_compare(app, run_before=play_and_undo, terminal_size=(120, 40))


# -- 80×24, the smallest size that works: every main screen ---------------------------


@pytest.mark.parametrize("size", SIZES)
def test_replay_screen(snap_compare: SnapCompare, save_dir: Path, size: tuple[int, int]) -> None:
    """The replay of a finished game at a paid crossing; at 80×24 the footer still
    shows Step, Turn, Play, Log, Help, Close and Quit."""
    events = scenes.finished_events()
    position = scenes.first_paid_crossing(events)

    async def open_replay(pilot: Pilot[None]) -> None:
        atlantis_app(pilot).replay_events(events, "Ann, Bob, Cleo", position)
        await pilot.pause()

    assert snap_compare(scenes.replay_app(save_dir), run_before=open_replay, terminal_size=size)


def test_replay_log_at_80x24(snap_compare: SnapCompare, save_dir: Path) -> None:
    """o on a small terminal: the log in place of the step panel, its lines whole
    beside the scrollbar."""
    events = scenes.finished_events()

    async def open_log(pilot: Pilot[None]) -> None:
        atlantis_app(pilot).replay_events(events, "Ann, Bob, Cleo", 40)
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()

    assert snap_compare(scenes.replay_app(save_dir), run_before=open_log, terminal_size=(80, 24))


def test_tutorial_at_80x24(snap_compare: SnapCompare, save_dir: Path) -> None:
    """Lesson 4 with its task, its question answered and pawn A chosen, at the smallest
    size."""
    app = TutorialApp(save_dir, "tile", bot_delay=0)
    press = ["down", "down", "down", "enter", "a"]  # the question first: O1, the third option
    assert snap_compare(app, press=press, terminal_size=(80, 24))


def test_rules_at_80x24(snap_compare: SnapCompare, save_dir: Path) -> None:
    """The rules reference opened from the start menu, at the smallest size."""

    async def open_rules(pilot: Pilot[None]) -> None:
        atlantis_app(pilot).action_rules("T5.4")
        await pilot.pause()

    assert snap_compare(scenes.start_app(save_dir), run_before=open_rules, terminal_size=(80, 24))


def test_help_at_80x24(snap_compare: SnapCompare, save_dir: Path) -> None:
    """? in a game: the keys, including those the footer leaves out (v, r, U, f, /)."""
    assert snap_compare(scenes.water_app(save_dir), press=["question_mark"], terminal_size=(80, 24))


def test_load_at_80x24(snap_compare: SnapCompare, save_dir: Path) -> None:
    """Replay a saved game: the shipped example games listed under the user's own."""

    async def open_list(pilot: Pilot[None]) -> None:
        atlantis_app(pilot).action_replay_game()
        await pilot.pause()

    assert snap_compare(scenes.start_app(save_dir), run_before=open_list, terminal_size=(80, 24))


def test_too_small_notice(snap_compare: SnapCompare, save_dir: Path) -> None:
    """60×20: the game is replaced by a notice saying the terminal must be at least 80×24."""
    assert snap_compare(scenes.water_app(save_dir), terminal_size=(60, 20))


def test_light_theme(snap_compare: SnapCompare, save_dir: Path) -> None:
    """The light theme: player names, pawns, log lines and the debt in darker shades
    of their colours, readable on the pale background; the item chips unchanged."""

    async def light(pilot: Pilot[None]) -> None:
        pilot.app.theme = "textual-light"
        await pilot.press("a", "4")
        await pilot.pause()

    assert snap_compare(scenes.water_app(save_dir), run_before=light, terminal_size=(120, 40))
