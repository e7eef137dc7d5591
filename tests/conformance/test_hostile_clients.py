"""Hostile clients against a real host, for every game that can be played online.

A host serves Ann and Bob on a loopback port; one connection misbehaves on
purpose, in every way a client can: garbage before and after hello, wrong codes
and versions, another seat's commands, its own commands out of turn, commands
whose fields hold nonsense, commands the rules refuse in its own turn, a watcher
that acts, an oversized frame, a flood, more watchers than an address may open.
Whatever the game:

- each is answered with a clear error code, or a refusal naming the rule, and
  the connection is closed where the protocol says so;
- the game and its save stay exactly as they were;
- no message any of them was sent holds what its receiver may not see (the
  planted-marker reading of ``test_online_privacy``) or the game's secret;
- the honest players are still served: a legal command then reaches everybody.

What one game does of its own (ArkantiS's face-down purchases, Atlantis's
nonsense payments) is tested in that game's folder; here is what every game owes.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import msgspec
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
    Update,
    decode_server,
    encode,
)
from atlantis_tui.online.table import Table
from core.kernel.registry import AnyGameType
from tests.conformance.online_access import (
    WATCHER,
    Raw,
    hosting,
    message_leaks,
    require_online,
    secret_of,
)
from tests.conformance.privacy import open_hands
from tests.online.conftest import until

SEED = 5
HUGE = 9_876_543_211
"""Larger than any seat, card, space, count or score a game holds."""


@contextlib.asynccontextmanager
async def two_seats(game: AnyGameType, tmp_path: Path) -> AsyncIterator[tuple[Table, str]]:
    """Ann and Bob at a table of ``game`` on a loopback port; nobody has joined yet."""
    require_online(game)
    async with hosting("Ann,Bob", tmp_path, seed=SEED, game=game) as (table, address, _task):
        yield table, address


def _saved(table: Table) -> tuple[int, bytes]:
    """The game as it stands: its events and its save's bytes."""
    assert table.session.path is not None
    return len(table.events), table.session.path.read_bytes()


def _as_seat(command: Any, seat: int) -> Any:
    """``command`` given by ``seat`` instead (every command names its seat)."""
    return msgspec.structs.replace(command, seat=seat)


def _with(command: Any, field: str, value: object) -> dict[str, Any]:
    """``command`` as the wire carries it, with ``field`` set to ``value``."""
    document: dict[str, Any] = msgspec.to_builtins(command)
    document[field] = value
    return document


def _number_fields(command: Any) -> list[str]:
    """The fields of ``command`` that hold a whole number (its seat included)."""
    document = msgspec.to_builtins(command)
    return [key for key, value in document.items() if type(value) is int]


def _legal(table: Table) -> list[Any]:
    return list(table.game.legal_commands(table.session.state))


def _learnt(table: Table, client: Raw, seat: int) -> list[str]:
    """What any message ``client`` was sent gives away to ``seat`` (``WATCHER``)."""
    game = table.game
    hands_open = open_hands(game.default_options())
    states = [game.fold(table.events[:1])]
    for event in table.events[1:]:
        states.append(game.evolve(states[-1], event))
    secret = secret_of(SEED)
    return [
        leak
        for raw in client.raw
        for leak in message_leaks(game, raw, seat, states, hands_open, secret)
    ]


async def _closed(socket: ClientConnection) -> int | None:
    """Read until the host closes the connection; the close code."""
    with contextlib.suppress(ConnectionClosed):
        while True:
            await asyncio.wait_for(socket.recv(), 5)
    return socket.close_code


async def _error(socket: ClientConnection, game: AnyGameType) -> Error:
    """The next error the host sends on a raw connection (updates and presence pass by)."""
    while True:
        message = decode_server(await asyncio.wait_for(socket.recv(), 5), game)
        if isinstance(message, Error):
            return message


async def _goes_on(table: Table, actor: Raw, others: list[Raw]) -> None:
    """The honest game goes on: a legal command of the seat to act reaches the others."""
    count = len(table.events)
    await actor.socket.send(encode(Act(_legal(table)[0])))
    for other in others:
        while not isinstance(message := await other.next(), Update) or not message.events:
            pass
        assert message.start + len(message.events) == len(table.events)
    assert len(table.events) > count


async def test_garbage_before_hello_and_wrong_codes_are_answered_and_closed(
    game: AnyGameType, tmp_path: Path
) -> None:
    async with two_seats(game, tmp_path) as (table, address):
        ann = await Raw.open(address, game, table.codes[0])
        before = _saved(table)
        for garbage in ("not json", "{}", '{"type":"act"}', b"\x00\xff\xfe", "[1,2,3]"):
            socket = await connect(f"ws://{address}/")
            await socket.send(garbage)
            assert (await _error(socket, game)).code in ("malformed", "hello-first")
            assert await _closed(socket) == 1008
        for hello, code in (
            (Hello(PROTOCOL_VERSION, "not-a-code", 0, game.id), "bad-code"),
            (Hello(PROTOCOL_VERSION, table.codes[1][:-1], 0, game.id), "bad-code"),
            (Hello(PROTOCOL_VERSION + 1, table.codes[1], 0, game.id), "version"),
            (Hello(PROTOCOL_VERSION, table.codes[1], 0, "no-such-game"), "game"),
        ):
            socket = await connect(f"ws://{address}/")
            await socket.send(encode(hello))
            assert (await _error(socket, game)).code == code, hello
            assert await _closed(socket) == 1008
        with pytest.raises(JoinError, match="bad-code"):
            await OnlineClient(address, "guess").connect()
        assert _saved(table) == before
        # A wrong code took nobody's place: Bob still gets in with his.
        bob = await Raw.open(address, game, table.codes[1])
        await until(lambda: not table.waiting)
        actor, other = (ann, bob) if table.session.to_act == 0 else (bob, ann)
        await _goes_on(table, actor, [other])
        assert _learnt(table, ann, 0) == [] and _learnt(table, bob, 1) == []


async def test_a_seat_that_misbehaves_is_refused_clearly_changes_nothing_and_learns_nothing(
    game: AnyGameType, tmp_path: Path
) -> None:
    async with two_seats(game, tmp_path) as (table, address):
        seats = [await Raw.open(address, game, table.codes[seat]) for seat in (0, 1)]
        watcher = await Raw.open(address, game)
        await until(lambda: not table.waiting)
        actor = table.session.to_act
        assert actor is not None
        other = 1 - actor
        mine, mallory = seats[actor], seats[other]
        before = _saved(table)
        legal = _legal(table)
        assert legal, "the seat to act has a command"

        # Commands of the seat whose turn it is, from the other seat's connection.
        for command in legal[:5]:
            answer = await mallory.act(command)
            assert isinstance(answer, Error) and answer.code == "not-your-seat", answer
        # Its own seat, out of turn: the rules refuse, naming the rule.
        for command in legal[:5]:
            answer = await mallory.act(_as_seat(command, other))
            assert isinstance(answer, Refused) and answer.rule and answer.reason, answer
        # Garbage, unknown messages and commands, fields of the wrong kind, a second
        # hello, a message beyond the size limit, undo (off online).
        sample = legal[0]
        cases: list[tuple[str | bytes, set[str]]] = [
            ("garbage", {"malformed"}),
            (b"\xff\x00", {"malformed"}),
            ("[]", {"malformed"}),
            ('{"type":"launch-missiles"}', {"malformed"}),
            ('{"type":"act","command":{"type":"steal","seat":1}}', {"malformed"}),
            ("x" * (MAX_MESSAGE_BYTES + 1), {"too-large"}),
            (encode(Hello(PROTOCOL_VERSION, table.codes[other])), {"hello-first"}),
            (encode(Undo()), {"undo-off"}),
            (encode(Act(_with(sample, "seat", "1"))), {"malformed"}),
            (encode(Act(_with(sample, "seat", 99))), {"malformed", "not-your-seat"}),
        ]
        for field in _number_fields(sample):
            if field != "seat":
                cases.append(
                    (encode(Act(_with(_as_seat(sample, other), field, "x"))), {"malformed"})
                )
        for text, codes in cases:
            answer = await mallory.answer(text)
            assert isinstance(answer, Error) and answer.code in codes, (text[:60], answer)
        # A watcher cannot play, for any seat.
        for seat in (actor, other, WATCHER):
            answer = await watcher.act(_as_seat(sample, 0 if seat == WATCHER else seat))
            assert isinstance(answer, Error) and answer.code == "watcher", answer
        # In its own turn, numbers no game holds (huge, negative): refused by a rule, or unreadable,
        # never played and never an error the rules cannot name.
        rng = random.Random(SEED)
        for command in rng.sample(legal, min(5, len(legal))):
            for field in _number_fields(command):
                if field == "seat":
                    continue
                for nonsense in (HUGE, -1):
                    answer = await mine.answer(encode(Act(_with(command, field, nonsense))))
                    if isinstance(answer, Error):
                        assert answer.code == "malformed", (command, field, answer)
                    else:
                        assert answer.rule and answer.reason, (command, field, answer)
        assert _saved(table) == before

        await _goes_on(table, mine, [mallory, watcher])
        for client, seat in ((mallory, other), (mine, actor), (watcher, WATCHER)):
            assert _learnt(table, client, seat) == [], seat


async def test_an_oversized_frame_and_a_flood_close_only_their_connection(
    game: AnyGameType, tmp_path: Path
) -> None:
    async with two_seats(game, tmp_path) as (table, address):
        seats = [await Raw.open(address, game, table.codes[seat]) for seat in (0, 1)]
        await until(lambda: not table.waiting)
        before = _saved(table)
        big = await connect(f"ws://{address}/", max_size=None)
        await big.send(encode(Hello(PROTOCOL_VERSION, "", 0, game.id)))
        await big.send("x" * (MAX_FRAME_BYTES + 1))
        assert await _closed(big) == 1009  # "message too big", from the WebSocket layer
        flood = await connect(f"ws://{address}/", max_size=None)
        await flood.send(encode(Hello(PROTOCOL_VERSION, "", 0, game.id)))
        command = encode(Act(_legal(table)[0]))
        for _ in range(500):
            try:
                await flood.send(command)
            except ConnectionClosed:
                break
        errors = []
        with contextlib.suppress(ConnectionClosed):
            while True:
                message = decode_server(await asyncio.wait_for(flood.recv(), 5), game)
                if isinstance(message, Error):
                    errors.append(message.code)
        assert "watcher" in errors and "rate" in errors
        assert flood.close_code == 1008
        assert _saved(table) == before
        assert not table.waiting
        actor = table.session.to_act
        assert actor is not None
        await _goes_on(table, seats[actor], [seats[1 - actor]])


async def test_watchers_beyond_the_limit_are_turned_away_and_a_seat_still_gets_in(
    game: AnyGameType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("atlantis_tui.online.server.WATCHERS_PER_ADDRESS", 2)
    async with two_seats(game, tmp_path) as (table, address):
        ann = await Raw.open(address, game, table.codes[0])
        watchers = [await Raw.open(address, game) for _ in range(2)]
        extra = await connect(f"ws://{address}/")
        await extra.send(encode(Hello(PROTOCOL_VERSION, "", 0, game.id)))
        assert await _closed(extra) == 1013  # "try again later"
        # Bob comes from the same address as the watchers: a seat is never counted.
        bob = await Raw.open(address, game, table.codes[1])
        await until(lambda: not table.waiting)
        actor, other = (ann, bob) if table.session.to_act == 0 else (bob, ann)
        await _goes_on(table, actor, [other, *watchers])
