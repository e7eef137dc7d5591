"""The host's table rules: codes, presence and waiting, undo, and bad command lines."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

import pytest
from websockets.asyncio.server import ServerConnection, serve

from atlantis_tui.online.client import JoinError, OnlineClient, parse_address, websocket_uri
from atlantis_tui.online.hosting import HostError, new_table
from atlantis_tui.online.limits import RateLimit
from atlantis_tui.online.protocol import Error
from atlantis_tui.online.table import new_code
from atlantis_tui.session import Seat, parse_players
from core.atlantis.commands import Move
from core.atlantis.moves import legal_moves
from tests.online.conftest import TINY, HostProcess, hosting, run_cli, until


def test_each_human_seat_gets_its_own_code_and_only_its_code_opens_it(tmp_path: Path) -> None:
    table = new_table(parse_players("Ann,bot:random,Cy"), tmp_path, 1, TINY)
    assert sorted(table.codes) == [0, 2]
    assert len(set(table.codes.values())) == 2
    assert all(len(code) >= 16 for code in table.codes.values())
    assert table.seat_for_code(table.codes[2]) == 2
    assert table.seat_for_code(table.codes[2] + "x") is None
    assert table.seat_for_code("") is None
    waiting_alone = table.waiting  # nobody has joined yet
    table.present.update({0, 2})
    assert waiting_alone and not table.waiting
    table.session.close()


def test_no_code_starts_like_an_option() -> None:
    assert not any(new_code().startswith("-") for _ in range(2000))


def test_a_table_needs_two_to_four_seats_and_a_human(tmp_path: Path) -> None:
    with pytest.raises(HostError, match="2 to 4"):
        new_table([Seat("Ann")], tmp_path, 1, TINY)
    with pytest.raises(HostError, match="human"):
        new_table(parse_players("bot:random,bot:greedy"), tmp_path, 1, TINY)


def test_the_rate_limit_allows_a_burst_then_a_steady_rate() -> None:
    now = [0.0]
    limit = RateLimit(rate=2, burst=3, clock=lambda: now[0])
    assert [limit.allow() for _ in range(4)] == [True, True, True, False]
    now[0] += 1.0
    assert [limit.allow() for _ in range(3)] == [True, True, False]
    assert limit.refused == 2


def test_addresses_are_host_and_port() -> None:
    assert parse_address("127.0.0.1:8700") == ("127.0.0.1", 8700)
    assert parse_address("[::1]:9") == ("::1", 9)
    for bad in ("127.0.0.1", ":8700", "host:port", "host:0", "host:70000", ""):
        with pytest.raises(ValueError):
            parse_address(bad)
    assert websocket_uri("127.0.0.1:8700") == "ws://127.0.0.1:8700/"
    assert websocket_uri("[::1]:8700") == "ws://[::1]:8700/"
    assert websocket_uri("wss://games.example/atlantis") == "wss://games.example/atlantis"
    for bad in ("wss://", "ws://host:port/", "http://host:80"):
        with pytest.raises(ValueError):
            websocket_uri(bad)


async def test_undo_is_off_online_and_the_game_waits_while_a_seat_is_away(
    tmp_path: Path,
) -> None:
    async with hosting("Ann,Bob", tmp_path) as (table, address, _task):
        ann = OnlineClient(address, table.codes[0])
        await ann.connect()
        answers: list[Error] = []

        async def listen(client: OnlineClient) -> None:
            async for message in client.messages():
                if isinstance(message, Error):
                    answers.append(message)

        listening = asyncio.create_task(listen(ann))
        preview = next(p for p in legal_moves(table.session.state) if not p.owed)
        move = Move(0, preview.pawn, preview.cards)
        await ann.act(move)  # Bob has not joined: the game waits
        await until(lambda: len(answers) == 1)
        assert answers[0].code == "waiting"
        bob = OnlineClient(address, table.codes[1])
        await bob.connect()
        await until(lambda: not ann.waiting)
        await ann.act(move)
        await until(
            lambda: len(ann.events) > 2 and ann.view is not None and ann.view.state.turn == 2
        )
        count = len(table.events)
        await ann.undo()
        await until(lambda: len(answers) == 2)
        assert answers[1].code == "undo-off"
        assert len(table.events) == count
        listening.cancel()


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("join", "nowhere", "CODE", "--bot", "random"), "HOST:PORT"),
        (("join", "127.0.0.1:8700", "CODE", "--bot", "nosuch"), "unknown bot"),
        (("join", "127.0.0.1:1", "CODE", "--bot", "random"), "cannot reach"),
        (("watch", "127.0.0.1:99999"), "HOST:PORT"),
        (("host", "--players", "Ann"), "2 to 4"),
        (("host", "--players", "Ann,bot:nosuch"), "unknown bot"),
        (("host", "--port", "70000"), "not a port"),
        (("host", "--resume", "/nonexistent/game.atlantis.jsonl"), "cannot read"),
        (("host", "--bind", "203.0.113.999", "--players", "Ann,Bob"), "cannot listen"),
        (("serve", "--port", "0"), "not a port"),
        (("join", "ws://host:port/", "CODE"), "not a WebSocket address"),
    ],
)
def test_bad_command_lines_get_one_line_and_a_non_zero_exit(
    tmp_path: Path, args: tuple[str, ...], words: str
) -> None:
    result = run_cli(*args, "--save-dir", str(tmp_path)) if args[0] == "host" else run_cli(*args)
    assert result.returncode != 0
    assert words in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert not list(tmp_path.glob("*.jsonl"))  # a host that could not start leaves no save


def test_a_wrong_code_for_a_live_host_is_one_line(tmp_path: Path) -> None:
    host = HostProcess("--players", "Ann,Bob", "--save-dir", str(tmp_path))
    try:
        result = run_cli("join", host.address, "wrong-code", "--bot", "random")
        assert result.returncode == 2
        assert (
            result.stderr.strip()
            == "atlantis join: the host refused: no seat has this code (bad-code)"
        )
    finally:
        host.kill()


async def test_a_server_that_is_not_an_atlantis_host_is_one_clear_error() -> None:
    async def chatter(socket: ServerConnection) -> None:
        await socket.send("good evening")
        await socket.wait_closed()

    async def http(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.read(100)
        writer.write(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
        await writer.drain()
        writer.close()

    async with serve(chatter, "127.0.0.1", 0) as chatty:
        port = next(iter(chatty.sockets)).getsockname()[1]
        with pytest.raises(JoinError, match="did not answer as an Atlantis host"):
            await OnlineClient(f"127.0.0.1:{port}", "code").connect()
    plain = await asyncio.start_server(http, "127.0.0.1", 0)
    async with plain:
        port = plain.sockets[0].getsockname()[1]
        with pytest.raises(JoinError, match="cannot reach"):
            await OnlineClient(f"127.0.0.1:{port}", "code").connect()


def test_a_port_in_use_is_one_line_and_leaves_no_save(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run_cli(
            "host", "--players", "Ann,Bob", "--port", str(port), "--save-dir", str(tmp_path)
        )
    assert result.returncode == 2
    assert result.stderr.startswith(f"atlantis host: cannot listen on 127.0.0.1:{port}")
    assert len(result.stderr.strip().splitlines()) == 1
    assert not list(tmp_path.glob("*.jsonl"))
