"""The kit's one door to the online host and client (``atlantis_tui.online``).

A real host serves a real table on a loopback port (``tests/online``'s
``hosting``), and clients connect over WebSockets, as ``atlantis host`` and
``atlantis join`` do. Seats are played by the game's own bots, from the view
each client was sent.

The host serves any game whose descriptor says what a seat's view is
(``GameType.privacy.view_type``, which a client decodes the views it is sent with):
``require_online`` fails for a registered game without one (every game the
program offers must be playable online to land), and skips a test-only game
that has none.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect

from atlantis_tui.online.bot_player import SLOW_DOWN_SECONDS, paced
from atlantis_tui.online.client import OnlineClient
from atlantis_tui.online.protocol import (
    PROTOCOL_VERSION,
    Act,
    AnyServerMessage,
    Error,
    Hello,
    Refused,
    Update,
    Welcome,
    decode_server,
    encode,
)
from atlantis_tui.session_protocol import WATCHER
from core.kernel.bots import make_bot_from
from core.kernel.chance import secret_from_seed
from core.kernel.registry import AnyGameType
from tests.conformance.kernel_access import is_registered
from tests.conformance.playouts import BOT_SETTINGS
from tests.conformance.privacy import MARKERS, received_leaks
from tests.online.conftest import hosting

__all__ = [
    "WATCHER",
    "Raw",
    "RecordingClient",
    "hosting",
    "message_leaks",
    "play_as_bot",
    "require_online",
    "secret_of",
]


def require_online(game: AnyGameType) -> None:
    """Fail for a registered game the host cannot serve; skip a test-only game.

    A host serves a game whose views a client can decode (``view_type``), and a
    client joins with the descriptor the program registers under the game's id.
    """
    if game.privacy.view_type is None:
        why = "it has no view_type, so a client could not read the views it is sent"
    elif not is_registered(game):
        why = "a client joins only the games the program registers"
    else:
        return
    reason = f"the online host cannot serve {game.id}: {why}"
    if is_registered(game):
        pytest.fail(reason)
    pytest.skip(f"{game.id} is not a registered game and {reason}")


def secret_of(seed: int) -> str:
    """The secret a host started with ``--seed seed`` deals from."""
    return secret_from_seed(seed)


def message_leaks(
    game: AnyGameType,
    raw: bytes,
    seat: int,
    states: Sequence[Any],
    hands_open: bool,
    secret: str,
) -> list[str]:
    """What one raw message a host sent gives away to ``seat`` (``WATCHER``: a watcher).

    ``states`` are the host's states after each of its events. An update's events
    must be such that planting markers where ``seat`` may not look and hiding again
    gives them back unchanged (``privacy.received_leaks``), its view must be the
    seat's view of the host's state whatever the values the seat may not see
    (``plant``), and no message may hold the game's secret.
    """
    found = []
    if secret.encode() in raw:
        found.append("the game's secret")
    message = decode_server(raw, game)
    if isinstance(message, Update):
        for event in message.events:
            found += received_leaks(game, event, seat, hands_open, MARKERS[0])
        state = states[message.start + len(message.events) - 1]
        plant = game.privacy.plant
        planted = state if plant is None else plant(state, seat, MARKERS[1])
        if message.view != game.privacy.view_for(planted, seat):
            found.append(f"a view that is not seat {seat}'s")
    return found


class RecordingClient(OnlineClient):
    """A client that keeps the raw bytes of every message it is sent."""

    def __init__(self, address: str, code: str = "") -> None:
        super().__init__(address, code)
        self.raw: list[bytes] = []

    def _receive(self, raw: str | bytes) -> AnyServerMessage:
        self.raw.append(raw.encode() if isinstance(raw, str) else raw)
        return super()._receive(raw)


async def play_as_bot(client: OnlineClient, game: AnyGameType, name: str, seed: int) -> None:
    """Play the client's seat with the game's bot ``name`` until the game is over."""
    bot = make_bot_from(game.play.bots, name, BOT_SETTINGS)
    rng = random.Random(seed)
    acted_at = -1  # the event count at which we last sent a command
    pace = paced()  # the host drops what comes faster than its rate
    async for message in client.messages():
        if isinstance(message, Refused):
            raise AssertionError(f"the host refused bot {name}: {message.rule}: {message.reason}")
        if isinstance(message, Error) and message.code == "rate":
            # The command was dropped and nothing follows it: send it again, later.
            await asyncio.sleep(SLOW_DOWN_SECONDS)
            acted_at = -1
        elif isinstance(message, Welcome | Error):
            acted_at = -1  # the update that follows says whether to send it again
            continue
        if client.is_over:
            break
        if client.my_turn and acted_at != len(client.events):
            assert client.view is not None
            acted_at = len(client.events)
            command = bot.decide(client.view, rng)
            await asyncio.sleep(pace.wait())
            pace.allow()
            await client.act(command)
    await client.close()


class Raw:
    """A connection that speaks the protocol by hand and keeps every message's bytes:
    what a misbehaving client sends, and everything it was sent back."""

    def __init__(self, socket: ClientConnection, game: AnyGameType) -> None:
        self.socket = socket
        self.game = game
        self.raw: list[bytes] = []

    @classmethod
    async def open(cls, address: str, game: AnyGameType, code: str = "") -> Raw:
        """A greeted connection to a table of ``game``: a seat's (``code``) or a watcher's."""
        raw = cls(await connect(f"ws://{address}/"), game)
        await raw.socket.send(encode(Hello(PROTOCOL_VERSION, code, 0, game.id)))
        assert isinstance(await raw.next(), Welcome)
        assert isinstance(await raw.next(), Update)
        return raw

    async def next(self, timeout: float = 5.0) -> AnyServerMessage:
        data = await asyncio.wait_for(self.socket.recv(decode=False), timeout)
        self.raw.append(data)
        return decode_server(data, self.game)

    async def answer(self, text: str | bytes) -> Error | Refused:
        """Send ``text``; the refusal or error it is answered with (presence, and the
        updates of others' commands, pass by)."""
        await self.socket.send(text)
        while True:
            message = await self.next()
            if isinstance(message, Error | Refused):
                return message

    async def act(self, command: Any) -> Error | Refused:
        return await self.answer(encode(Act(command)))
