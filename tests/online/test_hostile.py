"""Hostile clients: garbage, oversized messages, wrong codes, other seats' commands, floods.

Each is answered with an error (or the connection is closed), the host keeps
serving the honest players, and the game and its save stay exactly as they were.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from atlantis_tui.online.client import JoinError, OnlineClient
from atlantis_tui.online.protocol import (
    MAX_FRAME_BYTES,
    MAX_MESSAGE_BYTES,
    PROTOCOL_VERSION,
    Act,
    Error,
    Hello,
    Refused,
    Undo,
    Welcome,
    decode_server,
    encode,
)
from atlantis_tui.online.table import Table
from core.atlantis.commands import DeclareStuck, Move
from core.atlantis.moves import legal_moves
from tests.online.conftest import hosting, until


@contextlib.asynccontextmanager
async def honest_table(
    tmp_path: Path, honest: int = 3
) -> AsyncIterator[tuple[Table, str, list[OnlineClient]]]:
    """Ann, Bob and Cy; the first ``honest`` seats listen; the game waits for Ann (seat 1)."""
    async with hosting("Ann,Bob,Cy", tmp_path, seed=3) as (table, address, _task):
        clients = [OnlineClient(address, table.codes[seat]) for seat in range(honest)]
        for client in clients:
            await client.connect()
        listeners = [asyncio.create_task(_listen(client)) for client in clients]
        try:
            yield table, address, clients
        finally:
            for task in listeners:
                task.cancel()


def _free_move(table: Table) -> Move:
    """A legal move of the player to act that owes nothing."""
    state = table.session.state
    preview = next(p for p in legal_moves(state) if not p.owed)
    return Move(state.current, preview.pawn, preview.cards)


async def _everybody_sees_a_move(table: Table, clients: list[OnlineClient]) -> None:
    """The honest players are still served: the one to act moves and everybody sees it.

    ``clients`` are in seat order, from seat 0 up to at least the one to act.
    """
    await until(lambda: not table.waiting)
    count = len(table.events)
    await clients[table.session.state.current].act(_free_move(table))
    await until(lambda: all(len(c.events) > count for c in clients))


async def _listen(client: OnlineClient) -> None:
    async for _message in client.messages():
        pass


async def _raw(address: str) -> ClientConnection:
    return await connect(f"ws://{address}/", max_size=None)


async def _answer(socket: ClientConnection) -> Error:
    """The next error the host sends (skipping updates and presence)."""
    while True:
        message = decode_server(await asyncio.wait_for(socket.recv(), 5))
        if isinstance(message, Error):
            return message


async def _closed(socket: ClientConnection) -> int | None:
    """Read until the host closes the connection; the close code."""
    with contextlib.suppress(ConnectionClosed):
        while True:
            await asyncio.wait_for(socket.recv(), 5)
    return socket.close_code


async def _seated(address: str, code: str) -> ClientConnection:
    socket = await _raw(address)
    await socket.send(encode(Hello(PROTOCOL_VERSION, code)))
    return socket


def _snapshot(table: Table) -> tuple[int, bytes]:
    assert table.session.path is not None
    return len(table.events), table.session.path.read_bytes()


async def test_garbage_before_hello_is_answered_and_closed(tmp_path: Path) -> None:
    async with honest_table(tmp_path) as (table, address, _clients):
        before = _snapshot(table)
        for garbage in ("not json", "{}", '{"type":"act"}', b"\x00\xff\xfe", "[1,2,3]"):
            socket = await _raw(address)
            await socket.send(garbage)
            assert (await _answer(socket)).code in ("malformed", "hello-first")
            assert await _closed(socket) == 1008
        assert _snapshot(table) == before


async def test_a_wrong_code_or_version_is_refused(tmp_path: Path) -> None:
    async with honest_table(tmp_path) as (table, address, clients):
        await until(lambda: not table.waiting)
        for hello, code in (
            (Hello(PROTOCOL_VERSION, "not-a-code"), "bad-code"),
            (Hello(PROTOCOL_VERSION, table.codes[0][:-1]), "bad-code"),
            (Hello(PROTOCOL_VERSION + 1, table.codes[0]), "version"),
        ):
            socket = await _raw(address)
            await socket.send(encode(hello))
            assert (await _answer(socket)).code == code
            assert await _closed(socket) == 1008
        with pytest.raises(JoinError, match="bad-code"):
            await OnlineClient(address, "guess").connect()
        assert not table.waiting  # Ann is still seated: a wrong code took nobody's place
        assert all(client.socket is not None for client in clients)


async def test_seated_garbage_other_seats_and_out_of_turn_commands_change_nothing(
    tmp_path: Path,
) -> None:
    async with honest_table(tmp_path, honest=2) as (table, address, clients):
        socket = await _seated(address, table.codes[2])  # Cy is the hostile one
        await until(lambda: not table.waiting)
        before = _snapshot(table)
        assert table.session.state.to_act == 0
        move = _free_move(table)
        cases: list[tuple[str | bytes, str]] = [
            ("garbage", "malformed"),
            (b"\xff\x00", "malformed"),
            ('{"type":"act","command":{"type":"move","seat":"x"}}', "malformed"),
            ('{"type":"launch-missiles"}', "malformed"),
            ("x" * (MAX_MESSAGE_BYTES + 1), "too-large"),
            (encode(Hello(PROTOCOL_VERSION, table.codes[2])), "hello-first"),
            (encode(Act(move)), "not-your-seat"),
            (encode(Act(DeclareStuck(0))), "not-your-seat"),
            (encode(Undo()), "undo-off"),
        ]
        for raw, code in cases:
            await socket.send(raw)
            answer = await _answer(socket)
            assert answer.code == code, (raw[:40], answer)
        # Cy's own command out of turn: refused by the rules, with the rule id.
        await socket.send(encode(Act(DeclareStuck(2))))
        while not isinstance(refusal := decode_server(await socket.recv()), Refused):
            pass
        assert refusal.rule == "T" and "Ann" in refusal.reason
        # Nonsense values for Ann's own seat: refused or rejected, never applied.
        await clients[0].act(Move(0, 7, (99, -1)))
        await asyncio.sleep(0.2)
        assert _snapshot(table) == before
        await _everybody_sees_a_move(table, clients)
        await socket.close()


async def test_an_oversized_frame_closes_only_that_connection(tmp_path: Path) -> None:
    async with honest_table(tmp_path) as (table, address, clients):
        await until(lambda: not table.waiting)
        before = _snapshot(table)
        watcher = await _seated(address, "")
        await watcher.send("x" * (MAX_FRAME_BYTES + 1))
        assert await _closed(watcher) == 1009  # "message too big", from the WebSocket layer
        assert _snapshot(table) == before
        assert not table.waiting
        await _everybody_sees_a_move(table, clients)


async def test_a_flood_is_cut_off_and_the_others_play_on(tmp_path: Path) -> None:
    async with honest_table(tmp_path) as (table, address, clients):
        await until(lambda: not table.waiting)
        before = _snapshot(table)
        flood = await _seated(address, "")
        for _ in range(500):
            try:
                await flood.send(encode(Act(DeclareStuck(0))))
            except ConnectionClosed:
                break
        assert (await _answer(flood)).code == "watcher"
        errors = []
        with contextlib.suppress(ConnectionClosed):
            while True:
                message = decode_server(await asyncio.wait_for(flood.recv(), 5))
                if isinstance(message, Error):
                    errors.append(message.code)
        assert "rate" in errors
        assert flood.close_code == 1008
        assert _snapshot(table) == before
        await _everybody_sees_a_move(table, clients)


async def test_watchers_beyond_the_limit_are_turned_away_and_a_seat_still_gets_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("atlantis_tui.online.server.WATCHERS_PER_ADDRESS", 2)
    async with honest_table(tmp_path, honest=2) as (table, address, clients):
        watchers = [await _seated(address, "") for _ in range(2)]
        for watcher in watchers:
            assert isinstance(decode_server(await watcher.recv()), Welcome)
        extra = await _seated(address, "")
        assert await _closed(extra) == 1013  # "try again later"
        # Cy comes from the same address as the watchers: a seat is never counted.
        cy = OnlineClient(address, table.codes[2])
        assert (await cy.connect()).seat == 2
        listener = asyncio.create_task(_listen(cy))
        await _everybody_sees_a_move(table, [*clients, cy])
        listener.cancel()
