"""The shell with five seats, turns of several commands and choices after the end.

The wide toy (``wide_game``) takes two to five seats; with ``final_choices =
"ask"`` the game, once ended, asks each player in turn for a decision, as
Atlantica's scoring choices do. Every path of the shell is played here with the
most seats: the new-game form, hot seat (the curtain between players, and
between the players choosing at the end), bots (asked at the end too), saves,
undo, the log, ``atlantis check``, the replay, statistics, the command line's
seat counts and online play over a real WebSocket on loopback.
"""

from __future__ import annotations

import asyncio
import io
import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from textual.widgets import Input, Select

from atlantis_tui.app import AtlantisApp
from atlantis_tui.cli import main
from atlantis_tui.games import ATLANTIS_UI, GameUI
from atlantis_tui.online.client import OnlineClient
from atlantis_tui.online.menu import parse_host
from atlantis_tui.screens.new_game import NewGameScreen
from atlantis_tui.screens.replay import ReplayScreen
from atlantis_tui.screens.simple import CurtainScreen
from atlantis_tui.screens.stats import StatsScreen
from atlantis_tui.session import GameSession, Seat, parse_players
from atlantis_tui.style import PLAYER_COLOURS, PLAYER_SYMBOLS, colour_name
from atlantis_tui.subcommands.serve import default_max_sessions
from atlantis_tui.widgets.event_log import EventLog
from core.atlantis.game_type import ATLANTIS
from core.kernel.registry import GameRegistry
from core.kernel.save_lifecycle import read_checked
from core.services.stats import folder_stats
from tests.conformance.online_access import play_as_bot
from tests.online.conftest import hosting
from tests.shell.wide_game import NAMES, WIDE, Choose, EndTurn, Play, WideOptions
from tests.shell.wide_ui import WIDE_UI, WideBoardView, WideScreen

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

WIDE_GAMES = GameRegistry([ATLANTIS, WIDE])
UIS: dict[str, GameUI] = {"atlantis": ATLANTIS_UI, "wide": WIDE_UI}
FIVE = [Seat(name) for name in NAMES]


@pytest.fixture
def with_wide(monkeypatch: pytest.MonkeyPatch) -> GameRegistry:
    monkeypatch.setattr("core.games.GAMES", WIDE_GAMES)
    return WIDE_GAMES


def _play_out(session: GameSession) -> list[Any]:
    """Play to the end, each seat its first legal command; the commands played."""
    played = []
    while not WIDE.is_over(session.state):
        command = WIDE.legal_commands(session.state)[0]
        session.play(command)
        played.append(command)
    return played


def _finished(folder: Path, seats: list[Seat] = FIVE, options: Any = None) -> GameSession:
    session = GameSession.new(seats, 5, options, folder, game=WIDE)
    _play_out(session)
    session.close()
    return session


def test_five_seats_have_five_colours_and_symbols() -> None:
    assert WIDE.players.most == 5
    assert len(set(PLAYER_COLOURS)) == len(set(PLAYER_SYMBOLS)) == 5
    assert len({colour_name(seat) for seat in range(5)}) == 5


def test_the_end_asks_each_player_in_turn_and_a_session_saves_it(
    tmp_path: Path, with_wide: GameRegistry
) -> None:
    session = GameSession.new(FIVE, 5, save_dir=tmp_path, game=WIDE)
    commands = _play_out(session)
    choices = [command for command in commands if isinstance(command, Choose)]
    assert [choice.seat for choice in choices] == [0, 1, 2, 3, 4]
    assert any(isinstance(command, EndTurn) for command in commands)
    turns = [command.seat for command in commands if isinstance(command, Play)]
    assert set(turns) == {0, 1, 2, 3, 4}
    # Undo takes back the last chooser's decision (the game is not over then).
    plan = session.undo()
    assert plan is not None and plan.seat == 4
    assert session.to_act == 4 and not WIDE.is_over(session.state)
    assert session.redo() and WIDE.is_over(session.state)
    session.close()
    again = GameSession.load(session.path or Path())
    assert WIDE.is_over(again.state) and len(again.seats) == 5
    again.close()


def test_bots_are_asked_at_the_end_too(tmp_path: Path, with_wide: GameRegistry) -> None:
    seats = [Seat("Ann"), *(Seat(f"High {n}", "high") for n in range(2, 6))]
    session = GameSession.new(seats, 3, save_dir=tmp_path, game=WIDE)
    asked = []
    while not WIDE.is_over(session.state):
        if session.is_bot_turn():
            command = session.bot_command()
            if isinstance(command, Choose):
                asked.append(command.seat)
        else:
            command = WIDE.legal_commands(session.state)[0]
        session.play(command)
    assert asked == [1, 2, 3, 4]
    session.close()


def test_the_command_line_takes_two_to_five_seats(
    with_wide: GameRegistry, capsys: pytest.CaptureFixture[str]
) -> None:
    assert len(parse_players(",".join(NAMES), WIDE)) == 5
    with pytest.raises(ValueError, match="2 to 5 players, not 6"):
        parse_players(",".join([*NAMES, "Fay"]), WIDE)
    with pytest.raises(ValueError, match="2 to 4 players, not 5"):
        parse_players(",".join(NAMES), ATLANTIS)
    request = parse_host("Bob,Cleo,bot:high,bot:random", "0", you="Ann", game=WIDE)
    assert len(request.seats) == 5
    bots = ",".join(["high", "random"] * 2 + ["high"])
    argv = ["simulate", "--game", "wide", "--games", "2", "--json"]
    assert main([*argv, "--players", bots]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
    assert main([*argv, "--players", bots + ",random"]) == 2
    assert "--players needs 2 to 5 bots" in capsys.readouterr().err
    assert main(["bench", "--game", "wide", "--games", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["random_games_per_second"] > 0
    assert default_max_sessions() == 5  # a browser tab for each seat of the largest table


def test_log_check_and_stats_of_a_five_seat_game(
    tmp_path: Path, with_wide: GameRegistry, capsys: pytest.CaptureFixture[str]
) -> None:
    session = _finished(tmp_path)
    path = session.path or Path()
    checked = read_checked(path, with_wide)
    assert checked.problem is None and checked.finished
    assert main(["check", str(path)]) == 0
    assert "consistent" in capsys.readouterr().out
    assert main(["log", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert sum("doubles" in line for line in lines) == 5
    for name in NAMES:
        assert any(line.strip().startswith(f"{name} plays") for line in lines)
    stats = folder_stats(tmp_path, with_wide)
    assert sorted(record.name for record in stats.people) == sorted(NAMES)
    assert all(record.games == 1 for record in stats.people)
    assert main(["stats", "--save-dir", str(tmp_path), "--json"]) == 0
    people = json.loads(capsys.readouterr().out)["people"]
    assert sorted(person["name"] for person in people) == sorted(NAMES)


async def test_the_new_game_form_seats_five_and_hot_seat_passes_the_keyboard(
    tmp_path: Path, with_wide: GameRegistry
) -> None:
    app = AtlantisApp(tmp_path, bot_delay=0, games=UIS, game="wide")
    async with app.run_test(size=(100, 50)) as pilot:
        app.action_new_game()
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen) and form.game is WIDE
        assert len(form.query(".seat-row")) == 5
        names = [form.query_one(f"#name-{seat}", Input).value for seat in range(5)]
        assert names == list(NAMES)
        for seat in range(5):
            form.query_one(f"#kind-{seat}", Select).value = "human"
        form.query_one("#seed", Input).value = "5"
        await pilot.pause()
        form.action_start()
        await pilot.pause()
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen) and curtain.player_name == "Ann"
        screen = app.screen_stack[-2]
        assert isinstance(screen, WideScreen) and len(screen.session.seats) == 5
        for _ in range(400):
            if WIDE.is_over(screen.session.state):
                break
            await pilot.press("enter" if isinstance(app.screen, CurtainScreen) else "p")
            await pilot.pause()
        assert WIDE.is_over(screen.session.state)
        # Each turn passes the keyboard on; so does each choice after the end.
        assert screen.curtains[:5] == list(NAMES)
        assert screen.curtains[-5:] == list(NAMES)
        assert isinstance(app.screen, WideScreen)


async def test_a_five_seat_game_against_bots_ends_with_their_choices(
    tmp_path: Path, with_wide: GameRegistry
) -> None:
    seats = [Seat("Ann"), *(Seat(f"Random {n}", "random") for n in range(2, 6))]
    session = GameSession.new(seats, 9, save_dir=tmp_path, game=WIDE)
    app = AtlantisApp(tmp_path, session, bot_delay=0, games=UIS, game="wide")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, WideScreen) and not screen.curtains
        for _ in range(200):
            if WIDE.is_over(session.state):
                break
            await pilot.press("p")
            await pilot.pause()
        assert WIDE.is_over(session.state)
        chosen = [command.seat for command in screen.bot_commands if isinstance(command, Choose)]
        assert chosen == [1, 2, 3, 4]
    session.close()


async def test_the_replay_of_a_five_seat_game_steps_by_turns_and_filters_five_players(
    tmp_path: Path, with_wide: GameRegistry
) -> None:
    session = _finished(tmp_path)
    app = AtlantisApp(tmp_path, games=UIS, game="wide", replay=session.path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.game is WIDE
        assert screen.replay.position == 0
        await pilot.press("right_square_bracket")
        await pilot.pause()
        after_a_turn = screen.replay.position
        assert after_a_turn > 1  # a turn is several commands: plays, then the end of turn
        await pilot.press("end")
        await pilot.pause()
        assert WIDE.is_over(screen.replay.state)
        board = screen.query_one(WideBoardView)
        assert board.moments and board.moments[-1][2] is None  # a finished game: all shown
        log = screen.query_one(EventLog)
        assert len(log.player_names) == 5
        seen = []
        for _ in range(6):
            await pilot.press("L")
            await pilot.pause()
            seen.append(log.player_filter)
        assert seen == [0, 1, 2, 3, 4, None]


async def test_stats_screen_counts_five_players(tmp_path: Path, with_wide: GameRegistry) -> None:
    _finished(tmp_path)
    _finished(tmp_path, FIVE[:3], WideOptions(final_choices="best"))
    app = AtlantisApp(tmp_path, games=UIS, game="wide")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = StatsScreen(tmp_path)
        app.push_screen(screen)
        for _ in range(100):
            await pilot.pause(0.02)
            if screen.stats is not None:
                break
        assert screen.stats is not None and screen.stats.finished == 2
        console = Console(width=120, record=True, file=io.StringIO())
        console.print(screen._content())
        text = console.export_text()
        for name in NAMES:
            assert name in text


async def test_five_seats_play_online_to_the_end(tmp_path: Path) -> None:
    """Four people join over WebSockets and a fifth seat is the host's bot; every seat,
    the bot too, makes its choice after the end."""
    players = "Ann,Bob,Cleo,Dan,bot:high"
    async with hosting(players, tmp_path, seed=4, game=WIDE) as (table, address, _task):
        assert len(table.session.seats) == 5
        clients = [OnlineClient(address, table.codes[seat], games=WIDE_GAMES) for seat in range(4)]
        for client in clients:
            await client.join()
        assert all(len(client.seats) == 5 for client in clients)
        await asyncio.wait_for(
            asyncio.gather(
                *(play_as_bot(client, WIDE, "random", seat) for seat, client in enumerate(clients))
            ),
            60,
        )
        state = table.session.state
        assert WIDE.is_over(state) and len(state.doubled) == 5
        chosen = [
            WIDE.presentation.event_seat(event)
            for event in table.events
            if type(event).__name__ == "Chosen"
        ]
        assert chosen == [0, 1, 2, 3, 4]
        assert all(client.is_over for client in clients)
