"""Crowds of strangers: connections that never say hello and watchers by the dozen.

None of them keeps a player out: a connection with a seat's code is always
seated. Connections still to say hello have a few seconds to do it and are
limited per address and in all (a newer one makes the oldest go); watchers are
limited per address and in all (one more is refused).

Different addresses are real ones: Linux routes all of 127.0.0.0/8 to the
loopback interface, so a client may connect from 127.0.1.7 as well as 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.protocol import State

from atlantis_tui.online import server
from atlantis_tui.online.client import OnlineClient
from atlantis_tui.online.protocol import PROTOCOL_VERSION, Hello, Welcome, decode_server, encode
from atlantis_tui.online.table import Table
from tests.online.conftest import hosting
from tests.online.hostile_access import closed, everybody_sees_a_move, listen

IDLE = 64
WATCHING = 40

needs_loopback_range = pytest.mark.skipif(
    sys.platform != "linux", reason="only Linux answers on all of 127.0.0.0/8"
)


async def _open(address: str, source: str = "127.0.0.1") -> ClientConnection:
    """A WebSocket connection from ``source`` that says nothing (yet)."""
    return await connect(f"ws://{address}/", max_size=None, local_addr=(source, 0))


async def _watch(address: str, source: str = "127.0.0.1") -> ClientConnection | None:
    """A watcher from ``source``; ``None`` if the host refused it (closed, 1013)."""
    watcher = await _open(address, source)
    await watcher.send(encode(Hello(PROTOCOL_VERSION)))
    try:
        first = await asyncio.wait_for(watcher.recv(), 5)
    except Exception:
        assert watcher.close_code == server.CLOSE_BUSY
        return None
    assert isinstance(decode_server(first), Welcome)
    return watcher


def _hang_up(sockets: list[ClientConnection | None]) -> None:
    """Drop the strangers at once: they read none of what they were sent, and a closing
    handshake would wait behind it for the host's close timeout."""
    for stranger in sockets:
        if stranger is not None:
            stranger.transport.abort()


async def _seat_plays(address: str, code: str, bob: OnlineClient, table: Table) -> None:
    """Ann joins with her code, is sent the game, and the game goes on."""
    ann = OnlineClient(address, code)
    welcome = await ann.connect()
    assert welcome.seat == 0
    listener = asyncio.create_task(listen(ann))
    try:
        await everybody_sees_a_move(table, [ann, bob])
        assert ann.view is not None and ann.view.seat == 0
    finally:
        listener.cancel()
        await ann.close()


@contextlib.asynccontextmanager
async def _bob_waiting(tmp_path: Path) -> AsyncIterator[tuple[Table, str, OnlineClient]]:
    """Ann and Bob's game, Bob at the table; the game waits for Ann."""
    async with hosting("Ann,Bob", tmp_path, seed=3) as (table, address, _task):
        bob = OnlineClient(address, table.codes[1])
        await bob.connect()
        listener = asyncio.create_task(listen(bob))
        try:
            yield table, address, bob
        finally:
            listener.cancel()


async def test_a_seat_gets_in_past_64_idle_and_40_watchers_from_its_own_address(
    tmp_path: Path,
) -> None:
    async with _bob_waiting(tmp_path) as (table, address, bob):
        idle = [await _open(address) for _ in range(IDLE)]
        watchers = [await _watch(address) for _ in range(WATCHING)]
        # One address holds a few of each; the others were turned away, "try again later".
        held = [w for w in watchers if w is not None]
        assert len(held) == server.WATCHERS_PER_ADDRESS
        await asyncio.sleep(0.2)
        still_idle = [s for s in idle if s.state is State.OPEN]
        assert len(still_idle) <= server.GREETERS_PER_ADDRESS
        assert {s.close_code for s in idle if s.state is State.CLOSED} == {server.CLOSE_BUSY}
        assert table.waiting
        await _seat_plays(address, table.codes[0], bob, table)
        _hang_up([*idle, *watchers])


@needs_loopback_range
async def test_a_seat_gets_in_when_64_idle_and_40_watchers_fill_every_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each stranger from an address of its own, so that only the limits in all apply;
    # the hello deadline is long, so that every idle connection is still there.
    monkeypatch.setattr(server, "HELLO_SECONDS", 60.0)
    monkeypatch.setattr(server, "MAX_WATCHERS", WATCHING)
    monkeypatch.setattr(server, "MAX_GREETERS", IDLE)
    async with _bob_waiting(tmp_path) as (table, address, bob):
        watchers = [await _watch(address, f"127.0.2.{n}") for n in range(1, WATCHING + 1)]
        assert all(watchers)
        assert await _watch(address, "127.0.3.1") is None  # the watchers' limit is reached
        idle = [await _open(address, f"127.0.1.{n}") for n in range(1, IDLE + 1)]
        await asyncio.sleep(0.2)
        assert all(s.state is State.OPEN for s in [*idle, *watchers] if s is not None)
        await _seat_plays(address, table.codes[0], bob, table)
        # Ann's connection was the 65th still to say hello: the oldest went to make room.
        assert await closed(idle[0]) == server.CLOSE_BUSY
        assert all(s.state is State.OPEN for s in idle[1:])
        _hang_up([*idle, *watchers])


async def test_a_connection_that_says_nothing_is_closed_after_a_few_seconds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    async with _bob_waiting(tmp_path) as (table, address, bob):
        loop = asyncio.get_running_loop()
        opened = loop.time()
        idle = await _open(address)
        assert await closed(idle) == 1008
        assert server.HELLO_SECONDS - 0.5 <= loop.time() - opened <= server.HELLO_SECONDS + 2
        assert "127.0.0.1: no hello within 3 s; connection closed" in capsys.readouterr().err
        # Nor may a connection hang before the WebSocket handshake: plain TCP, no request.
        host, port = address.rsplit(":", 1)
        opened = loop.time()
        reader, writer = await asyncio.open_connection(host, int(port))
        assert await asyncio.wait_for(reader.read(), server.HELLO_SECONDS + 2) == b""
        assert loop.time() - opened >= server.HELLO_SECONDS - 0.5
        writer.close()
        # The players are not hurried: Ann joins late and plays.
        await _seat_plays(address, table.codes[0], bob, table)


async def test_many_idle_connections_from_one_address_keep_the_newest(
    tmp_path: Path,
) -> None:
    async with _bob_waiting(tmp_path) as (_table, address, _bob):
        idle = [await _open(address) for _ in range(server.GREETERS_PER_ADDRESS + 2)]
        for oldest in idle[:2]:
            assert await closed(oldest) == server.CLOSE_BUSY
        assert all(s.state is State.OPEN for s in idle[2:])
        # The newest of them can still say hello.
        await idle[-1].send(encode(Hello(PROTOCOL_VERSION)))
        assert isinstance(decode_server(await idle[-1].recv()), Welcome)
