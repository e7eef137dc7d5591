"""What the host-level hostile-client tests share: an Atlantis table of three honest
players, raw connections, and readings of the host's answers.

The server's defences (decoding, crowds, its log) do not depend on the game, so
these tests play the default game; what every game owes a hostile client is the
conformance kit's ``test_hostile_clients``.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from atlantis_tui.online.client import OnlineClient
from atlantis_tui.online.protocol import (
    PROTOCOL_VERSION,
    Error,
    Hello,
    decode_server,
    encode,
)
from atlantis_tui.online.table import Table
from core.atlantis.commands import Move
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
        listeners = [asyncio.create_task(listen(client)) for client in clients]
        try:
            yield table, address, clients
        finally:
            for task in listeners:
                task.cancel()


def free_move(table: Table) -> Move:
    """A legal move of the player to act that owes nothing."""
    state = table.session.state
    preview = next(p for p in legal_moves(state) if not p.owed)
    return Move(state.current, preview.pawn, preview.cards)


async def everybody_sees_a_move(table: Table, clients: list[OnlineClient]) -> None:
    """The honest players are still served: the one to act moves and everybody sees it.

    ``clients`` are in seat order, from seat 0 up to at least the one to act.
    """
    await until(lambda: not table.waiting)
    count = len(table.events)
    await clients[table.session.state.current].act(free_move(table))
    await until(lambda: all(len(c.events) > count for c in clients))


async def listen(client: OnlineClient) -> None:
    async for _message in client.messages():
        pass


async def raw(address: str) -> ClientConnection:
    return await connect(f"ws://{address}/", max_size=None)


async def answer(socket: ClientConnection) -> Error:
    """The next error the host sends (skipping updates and presence)."""
    while True:
        message = decode_server(await asyncio.wait_for(socket.recv(), 5))
        if isinstance(message, Error):
            return message


async def closed(socket: ClientConnection) -> int | None:
    """Read until the host closes the connection; the close code."""
    with contextlib.suppress(ConnectionClosed):
        while True:
            await asyncio.wait_for(socket.recv(), 5)
    return socket.close_code


async def seated(address: str, code: str) -> ClientConnection:
    socket = await raw(address)
    await socket.send(encode(Hello(PROTOCOL_VERSION, code)))
    return socket


def snapshot(table: Table) -> tuple[int, bytes]:
    assert table.session.path is not None
    return len(table.events), table.session.path.read_bytes()
