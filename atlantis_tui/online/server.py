"""The host: a WebSocket server around one ``Table``.

Each connection starts with ``Hello``; a code makes it a player for that
seat (a newer connection with the same code replaces an older one, which is
how a dropped player rejoins), no code makes it a watcher. Every message is
checked for size, rate, shape and seat before it reaches the rules, and
anything wrong is answered with an ``Error`` and changes nothing. Bots play
their seats here, thinking in a worker thread so the host keeps answering.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import sys
from collections.abc import AsyncIterator

import msgspec
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from atlantis_tui.online.limits import RateLimit
from atlantis_tui.online.protocol import (
    CLOSE_POLICY,
    CLOSE_REPLACED,
    MAX_FRAME_BYTES,
    MAX_MESSAGE_BYTES,
    PROTOCOL_VERSION,
    Act,
    Error,
    ErrorCode,
    Hello,
    Presence,
    Refused,
    ServerMessage,
    Undo,
    Welcome,
    decode_client,
    encode,
)
from atlantis_tui.online.table import Table
from core.bots import make_bot
from core.commands import AnyCommand
from core.errors import IllegalMove
from core.i18n import _, ngettext

HELLO_TIMEOUT = 10.0
"""Seconds a new connection has to say who it is."""
PING_SECONDS = 5.0
"""Pings go out this often; a connection that leaves one unanswered for twice as long,
then a closing handshake for as long again, is dropped (and its seat shown away)."""
MAX_CONNECTIONS = 64
"""Open connections a host serves at once (players, watchers and those still greeting)."""
CLOSE_BUSY = 1013
"""WebSocket close code "try again later", for a connection beyond ``MAX_CONNECTIONS``."""
FLOOD_LIMIT = 50
"""Messages refused for rate before the connection is closed."""


class Client:
    """One connection: its seat (``None`` watches), how many events it holds, its outbox."""

    def __init__(self, socket: ServerConnection, seat: int | None, have: int) -> None:
        self.socket = socket
        self.seat = seat
        self.have = have
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()

    def send(self, message: ServerMessage) -> None:
        self.outbox.put_nowait(encode(message))


class Host:
    """Serves one table until its game is over."""

    def __init__(
        self, table: Table, bot_delay: float = 0.0, rate: float = 10.0, burst: float = 30.0
    ) -> None:
        self.table = table
        self.bot_delay = bot_delay
        self.rate = rate
        self.burst = burst
        self.clients: set[Client] = set()
        self.seated: dict[int, Client] = {}
        self.finished = asyncio.Event()
        self.open_connections = 0
        self._closing: set[asyncio.Task[None]] = set()
        self._changed = asyncio.Event()
        self._fallback = make_bot("random")

    # -- running -----------------------------------------------------------------
    @contextlib.asynccontextmanager
    async def serving(self, bind: str = "127.0.0.1", port: int = 0) -> AsyncIterator[Server]:
        """Listen on ``bind``:``port`` (0: any free port) and play bots while open."""
        bots = asyncio.create_task(self._play_bots())
        try:
            async with serve(
                self.handle,
                bind,
                port,
                max_size=MAX_FRAME_BYTES,
                compression=None,
                ping_interval=PING_SECONDS,
                ping_timeout=PING_SECONDS * 2,
                close_timeout=PING_SECONDS,
            ) as server:
                self._changed.set()
                yield server
        finally:
            bots.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await bots

    def _broadcast(self) -> None:
        """Send every client the events it does not hold yet, and wake the bots."""
        for client in self.clients:
            self._send_update(client)
        self._changed.set()
        if self.table.is_over:
            self.finished.set()

    def _send_update(self, client: Client) -> None:
        update = self.table.update_for(client.seat, client.have)
        client.have = update.start + len(update.events)
        client.send(update)

    def _presence(self) -> None:
        message = Presence(self.table.seat_infos(), self.table.waiting)
        for client in self.clients:
            client.send(message)
        self._changed.set()

    # -- one connection ------------------------------------------------------------
    async def handle(self, socket: ServerConnection) -> None:
        if self.open_connections >= MAX_CONNECTIONS:
            await socket.close(CLOSE_BUSY, "too many connections")
            return
        self.open_connections += 1
        try:
            await self._serve(socket)
        finally:
            self.open_connections -= 1

    async def _serve(self, socket: ServerConnection) -> None:
        client = await self._greet(socket)
        if client is None:
            return
        writer = asyncio.create_task(self._write(client))
        cut_off = False
        try:
            cut_off = await self._read(client)
        except ConnectionClosed:
            pass
        finally:
            self.clients.discard(client)
            if client.seat is not None and self.seated.get(client.seat) is client:
                del self.seated[client.seat]
                self.table.present.discard(client.seat)
                self._presence()
            client.outbox.put_nowait(None)
            await writer
        if cut_off:
            # Only now, so that the errors already queued reach the client first.
            # Its unread messages are discarded meanwhile, or the closing
            # handshake would wait behind them.
            discard = asyncio.create_task(_discard(socket))
            await socket.close(CLOSE_POLICY, "flood")
            await discard

    async def _greet(self, socket: ServerConnection) -> Client | None:
        """Read ``Hello``; answer ``Welcome`` and what the client missed, or an error."""
        try:
            raw = await asyncio.wait_for(socket.recv(), HELLO_TIMEOUT)
        except (TimeoutError, ConnectionClosed):
            return None
        problem: tuple[ErrorCode, str] | None = None
        hello = None
        try:
            if len(raw) > MAX_MESSAGE_BYTES:
                problem = ("too-large", _too_large())
            else:
                message = decode_client(raw)
                if not isinstance(message, Hello):
                    problem = ("hello-first", _("say hello first"))
                else:
                    hello = message
        except msgspec.DecodeError as error:
            problem = ("malformed", _one_line(error))
        seat = None
        if hello is not None and hello.version != PROTOCOL_VERSION:
            text = _("this host speaks protocol {ours}, the client {theirs}")
            problem = ("version", text.format(ours=PROTOCOL_VERSION, theirs=hello.version))
        elif hello is not None and hello.code:
            seat = self.table.seat_for_code(hello.code)
            if seat is None:
                problem = ("bad-code", _("no seat has this code"))
        if problem is not None or hello is None:
            code, text = problem or ("malformed", _("no hello"))
            with contextlib.suppress(ConnectionClosed):
                await socket.send(encode(Error(code, text)))
                await socket.close(CLOSE_POLICY, code)
            return None
        have = hello.have if 0 <= hello.have <= len(self.table.events) else 0
        client = Client(socket, seat, have)
        if seat is not None:
            older = self.seated.get(seat)
            self.seated[seat] = client
            self.table.present.add(seat)
            if older is not None:
                # The same code again: the player came back on a new connection.
                # The old one may be dead without knowing it (a pulled cable),
                # so its closing handshake is not waited for here.
                self.clients.discard(older)
                older.outbox.put_nowait(None)
                closing = asyncio.create_task(
                    older.socket.close(CLOSE_REPLACED, "joined again elsewhere")
                )
                self._closing.add(closing)
                closing.add_done_callback(self._closing.discard)
        self.clients.add(client)
        client.send(Welcome(PROTOCOL_VERSION, seat, self.table.seat_infos()))
        self._send_update(client)
        self._presence()
        return client

    async def _write(self, client: Client) -> None:
        """Send a client's outbox in order; a slow client never holds up the others."""
        while (text := await client.outbox.get()) is not None:
            try:
                await client.socket.send(text)
            except ConnectionClosed:
                return

    async def _read(self, client: Client) -> bool:
        """Handle the client's messages until it leaves; ``True`` if it flooded."""
        limit = RateLimit(self.rate, self.burst)
        async for raw in client.socket:
            if not limit.allow():
                if limit.refused == 1 or limit.refused % 10 == 0:
                    client.send(Error("rate", _("too many messages; slow down")))
                if limit.refused >= FLOOD_LIMIT:
                    return True
                continue
            self._receive(client, raw)
        return False

    def _receive(self, client: Client, raw: str | bytes) -> None:
        """Act on one message from a greeted client; answer every problem with an error."""
        if len(raw) > MAX_MESSAGE_BYTES:
            client.send(Error("too-large", _too_large()))
            return
        try:
            message = decode_client(raw)
        except msgspec.DecodeError as error:
            client.send(Error("malformed", _one_line(error)))
            return
        if isinstance(message, Hello):
            client.send(Error("hello-first", _("this connection has already said hello")))
        elif isinstance(message, Undo):
            text = _("undo is off in online games: a move once made stands")
            client.send(Error("undo-off", text))
        elif isinstance(message, Act):
            self._act(client, message.command)

    def _act(self, client: Client, command: AnyCommand) -> None:
        if client.seat is None:
            client.send(Error("watcher", _("watchers cannot play")))
            return
        if command.seat != client.seat:
            client.send(Error("not-your-seat", _("you can only play for your own seat")))
            return
        if self.table.waiting:
            text = _("the game waits until every player is at the table")
            client.send(Error("waiting", text))
            return
        try:
            self.table.play(command)
        except IllegalMove as refusal:
            client.send(Refused(refusal.rule, refusal.reason))
            return
        except Exception as error:  # a client's nonsense must never stop the host
            text = _("the command cannot be played ({error})").format(error=type(error).__name__)
            client.send(Error("invalid", text))
            return
        self._broadcast()

    # -- bots --------------------------------------------------------------------
    async def _play_bots(self) -> None:
        """Play every bot turn while the table is complete; wait for a change otherwise."""
        session = self.table.session
        while not self.table.is_over:
            await self._changed.wait()
            self._changed.clear()
            while (seat := self.table.bot_to_act()) is not None:
                state = session.state
                view = session.view(seat)
                bot, rng = session.bots[seat], session.bot_rngs[seat]
                try:
                    command = await asyncio.to_thread(bot.decide, view, rng)
                except Exception as error:  # a bot's crash must not stall the table
                    problem = _("a bot failed ({error!r})").format(error=error)
                    _say("atlantis host", problem)
                    command = self._fallback.decide(view, rng)
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                if session.state is not state or self.table.bot_to_act() != seat:
                    break  # somebody left meanwhile: wait for the table again
                self._play_bot(command, rng)

    def _play_bot(self, command: AnyCommand, rng: random.Random) -> None:
        try:
            self.table.play(command)
        except IllegalMove as refusal:
            # A bot's mistake must not stall the table: say so and play a random legal move.
            _say("atlantis host", _("a bot's move was refused ({refusal})").format(refusal=refusal))
            seat = self.table.session.to_act
            assert seat is not None
            self.table.play(self._fallback.decide(self.table.session.view(seat), rng))
        self._broadcast()


async def _discard(socket: ServerConnection) -> None:
    with contextlib.suppress(ConnectionClosed):
        async for _message in socket:
            pass


def _too_large() -> str:
    text = ngettext(
        "messages are at most {n} byte", "messages are at most {n} bytes", MAX_MESSAGE_BYTES
    )
    return text.format(n=MAX_MESSAGE_BYTES)


def _say(where: str, message: str) -> None:
    """``where: message`` on the host's standard error."""
    print(_("{where}: {message}").format(where=where, message=message), file=sys.stderr)


def _one_line(error: Exception) -> str:
    return " ".join(str(error).split())[:200]
