"""The protocol names the game: host and client work from its descriptor, and each
refuses, with a clear message, a peer that speaks of another game or another version.
A seat of a hosted game is a ``Session`` that knows only what its host sent."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from atlantis_tui.games.atlantis.online_screen import AtlantisRemote
from atlantis_tui.games.atlantis.shown_state import CountedStates
from atlantis_tui.online.client import JoinError, OnlineClient
from atlantis_tui.online.hosting import new_table, run_host
from atlantis_tui.online.menu import parse_host
from atlantis_tui.online.protocol import (
    PROTOCOL_VERSION,
    Error,
    Hello,
    Update,
    Welcome,
    decode_server,
    encode,
)
from atlantis_tui.online.remote import RemoteSession, view_state
from atlantis_tui.session import parse_players
from atlantis_tui.session_protocol import WATCHER, NotKnownHere
from core.atlantis.game_type import ATLANTIS
from core.games import GAMES
from core.kernel.errors import GameError
from core.kernel.game_type import PlayerLimits
from core.kernel.registry import GameRegistry
from tests.online.conftest import TINY, hosting, until


async def _refusal(address: str, hello: Hello) -> tuple[Error, int | None]:
    """What a host answers a raw client that says ``hello``, and the close code."""
    async with connect(f"ws://{address}/") as socket:
        await socket.send(encode(hello))
        answer = decode_server(await asyncio.wait_for(socket.recv(), 5))
        with contextlib.suppress(ConnectionClosed):
            while True:
                await asyncio.wait_for(socket.recv(), 5)
    assert isinstance(answer, Error)
    return answer, socket.close_code


async def _listen(client: OnlineClient) -> None:
    async for _message in client.messages():
        pass


async def test_a_client_that_claims_an_unknown_game_or_version_is_refused(tmp_path: Path) -> None:
    async with hosting("Ann,Bob", tmp_path, seed=3) as (table, address, _task):
        before = list(table.events)
        error, closed = await _refusal(address, Hello(PROTOCOL_VERSION, table.codes[0], 0, "chess"))
        assert (error.code, closed) == ("game", 1008)
        assert "atlantis" in error.message and "chess" in error.message
        claim = "\x1b[2J" + "x" * 5000  # an escape sequence, and more than any id
        error, closed = await _refusal(address, Hello(PROTOCOL_VERSION, "", 0, claim))
        assert (error.code, closed) == ("game", 1008)
        assert "\x1b" not in error.message and len(error.message) < 100
        error, closed = await _refusal(address, Hello(PROTOCOL_VERSION - 1, table.codes[0]))
        assert (error.code, closed) == ("version", 1008)
        assert f"protocol {PROTOCOL_VERSION}" in error.message
        assert table.events == before and not table.present  # nobody took a seat
        # The game's own id, or none (whichever the host plays), is welcome.
        for game in ("atlantis", ""):
            async with connect(f"ws://{address}/") as socket:
                await socket.send(encode(Hello(PROTOCOL_VERSION, table.codes[0], 0, game)))
                welcome = decode_server(await asyncio.wait_for(socket.recv(), 5))
                assert isinstance(welcome, Welcome) and welcome.game == "atlantis"


@contextlib.asynccontextmanager
async def _fake_host(welcome: Welcome) -> AsyncIterator[str]:
    """A host that answers any hello with ``welcome``; yields its address."""

    async def answer(socket: ServerConnection) -> None:
        await socket.recv()
        await socket.send(encode(welcome))
        with contextlib.suppress(ConnectionClosed):
            await socket.wait_closed()

    async with serve(answer, "127.0.0.1", 0) as server:
        port = next(iter(server.sockets)).getsockname()[1]
        yield f"127.0.0.1:{port}"


@pytest.mark.parametrize(
    ("welcome", "code", "words"),
    [
        (
            Welcome(PROTOCOL_VERSION, "chess", 0, ()),
            "game",
            "'chess', a game this version does not know",
        ),
        (
            Welcome(PROTOCOL_VERSION + 1, "atlantis", 0, ()),
            "version",
            f"protocol {PROTOCOL_VERSION + 1}",
        ),
    ],
)
async def test_the_client_refuses_a_host_of_an_unknown_game_or_version(
    welcome: Welcome, code: str, words: str
) -> None:
    async with _fake_host(welcome) as address:
        client = OnlineClient(address, "code")
        with pytest.raises(JoinError, match=words) as refused:
            await client.connect()
        assert refused.value.code == code
        assert client.socket is None and client.game is None and client.seat is None


async def test_a_client_without_the_hosts_game_says_so(tmp_path: Path) -> None:
    async with hosting("Ann,Bob", tmp_path) as (table, address, _task):
        client = OnlineClient(address, table.codes[0], games=GameRegistry([]))
        with pytest.raises(JoinError, match="'atlantis', a game this version does not know"):
            await client.connect()


async def test_host_and_client_play_whatever_game_the_descriptor_names(tmp_path: Path) -> None:
    """A game under another id: the host names it, the client finds it in its own list,
    and the game is played from that descriptor on both sides."""
    variant = dataclasses.replace(ATLANTIS, id="atlantis-variant")
    table = new_table(parse_players("Ann,Bob"), tmp_path, 4, TINY, game=variant)
    ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    host = asyncio.create_task(run_host(table, on_ready=ready.set_result))
    try:
        address = f"127.0.0.1:{await asyncio.wait_for(ready, 10)}"
        clients = [
            OnlineClient(address, table.codes[seat], games=GameRegistry([variant]))
            for seat in (0, 1)
        ]
        for client in clients:
            await client.connect()
            assert client.game is variant
        listeners = [asyncio.create_task(_listen(client)) for client in clients]
        ann, bob = clients
        await until(lambda: not table.waiting and ann.my_turn)
        before = len(table.events)
        await ann.act(variant.legal_commands(table.session.state)[0])
        await until(lambda: all(len(c.events) == len(table.events) > before for c in clients))
        for seat, client in enumerate(clients):
            assert client.events == list(table.update_for(seat, 0).events)
        assert ann.to_act == bob.to_act == table.session.to_act
        # A client of the plain game refuses this host: it does not know the variant.
        with pytest.raises(JoinError, match="'atlantis-variant', a game this version does not"):
            await OnlineClient(address, table.codes[0]).connect()
        for task in listeners:
            task.cancel()
    finally:
        host.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await host
        table.session.close()


async def test_a_remote_session_holds_only_what_the_host_sent(tmp_path: Path) -> None:
    async with hosting("Ann,Bob,Cy", tmp_path, seed=7) as (table, address, _task):
        ann = OnlineClient(address, table.codes[0])
        await ann.join()
        session: AtlantisRemote = RemoteSession(ann, view_state)
        true_state = table.session.state
        assert session.humans == [0] and session.path is None and session.to_act == 0
        assert session.view(0) is ann.view
        # Another seat's view is only the host's to know: not made up here.
        for seat in (1, 2, WATCHER):
            with pytest.raises(NotKnownHere):
                session.view(seat)
        with pytest.raises(NotKnownHere):
            session.bot_command()
        with pytest.raises(GameError):
            session.play(ATLANTIS.legal_commands(true_state)[0])
        assert session.undo_plan() is None and session.undo() is None and session.redo() == []
        # The session's state is the view's: Ann's own hand, no other card, no pile.
        state = session.state
        assert state is session.state  # the same view gives the very same state
        assert state.hands[0] == true_state.hands[0]
        assert all(sum(hand) == 0 for hand in state.hands[1:]) and state.deck == ()
        # Only the players panel's copy counts the others' cards, from the view's sizes.
        counted = CountedStates()(session)
        assert [counted.hand_size(s) for s in range(3)] == [sum(h) for h in true_state.hands]
        assert len(counted.deck) == len(true_state.deck) and counted.hands[0] == state.hands[0]
        await ann.close()


async def test_a_watchers_session_knows_only_the_watchers_view(tmp_path: Path) -> None:
    async with hosting("Ann,Bob", tmp_path) as (table, address, _task):
        watcher = OnlineClient(address, "")
        await watcher.join()
        session: AtlantisRemote = RemoteSession(watcher, view_state)
        assert session.humans == [] and session.seat is None
        assert session.view(WATCHER) is watcher.view
        with pytest.raises(NotKnownHere):
            session.view(0)
        assert all(sum(hand) == 0 for hand in session.state.hands)
        assert isinstance(
            watcher.view, type(ATLANTIS.privacy.view_for(table.session.state, WATCHER))
        )
        await watcher.close()


def test_the_host_dialog_takes_the_player_count_from_the_game() -> None:
    three_at_most = dataclasses.replace(ATLANTIS, players=PlayerLimits(2, 3))
    assert len(parse_host("Ann,Bob,Cy", "0", game=three_at_most).seats) == 3
    with pytest.raises(ValueError, match="for 2 to 3 players, not 4"):
        parse_host("Ann,Bob,Cy", "0", you="Dee", game=three_at_most)
    assert len(parse_host("Bob,Cy", "0", you="Dee", game=GAMES.get("atlantis")).seats) == 3


def test_every_update_says_whose_turn_it_is_and_whether_the_game_is_over(
    tmp_path: Path,
) -> None:
    table = new_table(parse_players("Ann,Bob"), tmp_path, 2, TINY)
    for seat in (0, 1, None):
        update = table.update_for(seat, 0)
        assert isinstance(update, Update)
        assert (update.to_act, update.over) == (table.session.to_act, False)
    table.session.close()
