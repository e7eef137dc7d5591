"""The host: a WebSocket server around one ``Table``.

The host plays whatever game its table's descriptor (``Table.game``) says:
the commands it reads, the bots' fallback, every projection for a seat come
from that descriptor, and ``Welcome`` names the game.

Each connection starts with ``Hello``; a code makes it a player for that
seat (a newer connection with the same code replaces an older one, which is
how a dropped player rejoins), no code makes it a watcher. Every message is
checked for size, rate, shape and seat before it reaches the rules, and
anything wrong is answered with an ``Error`` and changes nothing. Bots play
their seats here, thinking in a worker thread so the host keeps answering.

Strangers cannot keep a player out. Connections are counted by what they
are: those still to say hello and watchers are limited per address and in
all, with a short deadline for the hello, while a connection that presents a
seat's code is always seated. A web page's connection (it carries an
``Origin`` header; our own client sends none) is refused at the handshake
unless ``--allow-origin`` names it. What goes wrong is one line in the log,
never a traceback, and one address cannot fill the log.

The host's console also says who comes and goes: a seat's name when its
player joins or leaves, and how many watch when a watcher does (never a
code), on standard output, at most ``LOG_LINES_PER_MINUTE`` lines a minute
per seat and per watchers' address.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import random
import sys
from collections.abc import AsyncIterator, Callable, Sequence
from http import HTTPStatus
from typing import Any, NamedTuple

import msgspec
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.frames import CloseCode
from websockets.http11 import Request, Response
from websockets.typing import Origin

from atlantis_tui.online.limits import (
    BURST,
    MESSAGES_PER_SECOND,
    Census,
    LogLimit,
    RateLimit,
    address_key,
)
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
    message_bytes,
)
from atlantis_tui.online.table import Table
from core.kernel.bots import make_bot_from
from core.kernel.errors import IllegalMove
from core.kernel.i18n import _, ngettext

HOST = "atlantis host"
"""How the host's lines on standard error begin."""
HELLO_SECONDS = 3.0
"""Seconds a new connection has to finish the WebSocket handshake, and again to say hello.
Our client says hello at once; only an idle or hostile connection takes longer."""
PING_SECONDS = 5.0
"""Pings go out this often; a connection that leaves one unanswered for twice as long,
then a closing handshake for as long again, is dropped (and its seat shown away)."""
GREETERS_PER_ADDRESS = 4
"""Connections from one address that have not said hello yet; a newer one makes the oldest
go. A table of more seats allows one more than its seats (``greeters_per_address``), so
that a whole table behind one address may connect at once."""
MAX_GREETERS = 64
"""Connections that have not said hello yet, in all; a newer one makes the oldest of the
address that holds the most go. Making room rather than refusing: the newcomer may be a
player, who says hello at once and is seated whatever the counts."""
WATCHERS_PER_ADDRESS = 8
"""Watchers from one address; one more is refused."""
MAX_WATCHERS = 64
"""Watchers in all; one more is refused. Seats are never counted: players always get in."""
CLOSE_BUSY = 1013
"""WebSocket close code "try again later", for a connection beyond a limit."""
FLOOD_LIMIT = 50
"""Messages refused for rate before the connection is closed."""
LOG_LINES_PER_MINUTE = 10
"""Lines one address may put in the host's log each minute (then one line says the rest are
suppressed)."""
OUT_OF_RESOURCES = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})
"""Errors of ``accept`` that say the process or system is out of descriptors or memory."""
CLOSED_BY_THE_LAYER = frozenset(
    {
        CloseCode.PROTOCOL_ERROR,
        CloseCode.UNSUPPORTED_DATA,
        CloseCode.INVALID_DATA,
        CloseCode.MESSAGE_TOO_BIG,
        CloseCode.INTERNAL_ERROR,
    }
)
"""Close codes the WebSocket layer itself sends for a bad frame (the host logs them)."""
MAX_GAME_ID_CHARS = 40
"""How much of a game id a client claims is repeated in an error and the log."""
FALLBACK_BOT = "random"
"""The bot that moves for a bot whose move failed or was refused, if the game has one;
otherwise a legal command is chosen at random."""


def greeters_per_address(seats: int) -> int:
    """Connections from one address that may wait to say hello at a table of ``seats``."""
    return max(GREETERS_PER_ADDRESS, seats + 1)


ExceptionHandler = Callable[[asyncio.AbstractEventLoop, dict[str, Any]], object]


class Peer(NamedTuple):
    """Who is at the other end: the address as logged, and the key the limits count by."""

    shown: str
    key: str

    @classmethod
    def of(cls, socket: ServerConnection) -> Peer:
        remote = socket.remote_address
        host = str(remote[0]) if isinstance(remote, tuple) and remote else "?"
        return cls(host, address_key(host))


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
    """Serves one table until its game is over.

    ``origins`` are the web page origins whose connections are accepted
    (``atlantis host --allow-origin``). Our client sends no ``Origin`` header and
    is always accepted. A browser always sends one: refusing it keeps a page on
    some web site from using its visitors' browsers to reach a host on their
    machine or LAN.
    """

    def __init__(
        self,
        table: Table,
        bot_delay: float = 0.0,
        rate: float = MESSAGES_PER_SECOND,
        burst: float = BURST,
        origins: Sequence[str] = (),
    ) -> None:
        self.table = table
        self.bot_delay = bot_delay
        self.rate = rate
        self.burst = burst
        self.origins = tuple(origins)
        self.clients: set[Client] = set()
        self.seated: dict[int, Client] = {}
        self.greeting: Census[ServerConnection] = Census(
            greeters_per_address(len(table.session.seats)), MAX_GREETERS
        )
        """Connections that have not said hello yet."""
        self.watching: Census[Client] = Census(WATCHERS_PER_ADDRESS, MAX_WATCHERS)
        self.finished = asyncio.Event()
        self._closing: set[asyncio.Task[None]] = set()
        self._changed = asyncio.Event()
        game = table.game
        self._fallback = (
            make_bot_from(game.play.bots, FALLBACK_BOT) if FALLBACK_BOT in game.play.bots else None
        )
        self._log_limit = LogLimit(LOG_LINES_PER_MINUTE, 60.0)
        self._short_of_resources = False

    # -- running -----------------------------------------------------------------
    @contextlib.asynccontextmanager
    async def serving(self, bind: str = "127.0.0.1", port: int = 0) -> AsyncIterator[Server]:
        """Listen on ``bind``:``port`` (0: any free port) and play bots while open."""
        bots = asyncio.create_task(self._play_bots())
        loop = asyncio.get_running_loop()
        previous = loop.get_exception_handler()
        loop.set_exception_handler(self._exception_handler(previous))
        try:
            async with serve(
                self.handle,
                bind,
                port,
                # None: no Origin header, as our own client sends.
                origins=[None, *(Origin(origin) for origin in self.origins)],
                process_response=self._answered,
                max_size=MAX_FRAME_BYTES,
                compression=None,
                open_timeout=HELLO_SECONDS,
                ping_interval=PING_SECONDS,
                ping_timeout=PING_SECONDS * 2,
                close_timeout=PING_SECONDS,
            ) as server:
                self._changed.set()
                yield server
        finally:
            loop.set_exception_handler(previous)
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
        """Serve one connection: it waits its turn to say hello, then plays or watches."""
        self._short_of_resources = False  # a connection was accepted: a new shortage is news
        peer = Peer.of(socket)
        self._make_room_to_greet(peer)
        self.greeting.add(peer.key, socket)
        try:
            await self._serve(socket, peer)
        finally:
            self.greeting.discard(peer.key, socket)

    def _make_room_to_greet(self, peer: Peer) -> None:
        """Close the connection still to say hello that must go for this one to be heard."""
        room = self.greeting.to_make_room(peer.key)
        if room is None:
            return
        key, oldest = room
        self.greeting.discard(key, oldest)
        self._log(Peer.of(oldest), _("too many connections still to say hello; closed the oldest"))
        self._close_later(oldest, CLOSE_BUSY, "too many connections")

    async def _serve(self, socket: ServerConnection, peer: Peer) -> None:
        client = await self._greet(socket, peer)
        if client is None:
            return
        writer = asyncio.create_task(self._write(client))
        cut_off = False
        try:
            cut_off = await self._read(client, peer)
        except ConnectionClosed as closed:
            self._note_closed(peer, closed)
        finally:
            self.clients.discard(client)
            if self.watching.discard(peer.key, client):
                self._tell_watchers(peer, joined=False)
            if client.seat is not None and self.seated.get(client.seat) is client:
                del self.seated[client.seat]
                self.table.present.discard(client.seat)
                self._presence()
                self._tell_seat(client.seat, _("{name} left ({address})"), peer)
            client.outbox.put_nowait(None)
            await writer
        if cut_off:
            self._log(peer, _("too many messages too fast; connection closed"))
            # Only now, so that the errors already queued reach the client first.
            # Its unread messages are discarded meanwhile, or the closing
            # handshake would wait behind them.
            discard = asyncio.create_task(_discard(socket))
            await socket.close(CLOSE_POLICY, "flood")
            await discard

    async def _greet(self, socket: ServerConnection, peer: Peer) -> Client | None:
        """Read ``Hello``; answer ``Welcome`` and what the client missed, or refuse."""
        raw = await self._first_message(socket, peer)
        if raw is None:
            return None
        hello = self._read_hello(raw)
        if not isinstance(hello, Hello):
            code, text = hello
            refused = _("refused before hello ({code}): {reason}")
            self._log(peer, refused.format(code=code, reason=text))
            with contextlib.suppress(ConnectionClosed):
                await socket.send(encode(Error(code, text)))
                await socket.close(CLOSE_POLICY, code)
            return None
        seat = self.table.seat_for_code(hello.code) if hello.code else None
        if seat is None and self.watching.full(peer.key):
            # Only a watcher is ever refused for numbers: a seat's code always gets in.
            self._log(peer, _("too many watchers; connection refused"))
            with contextlib.suppress(ConnectionClosed):
                await socket.close(CLOSE_BUSY, "too many connections")
            return None
        have = hello.have if 0 <= hello.have <= len(self.table.events) else 0
        return self._welcome(Client(socket, seat, have), peer)

    async def _first_message(self, socket: ServerConnection, peer: Peer) -> bytes | None:
        """The connection's first message, as bytes; ``None`` if it never came or must go.

        Once it has spoken (or failed to) it no longer counts among those still to
        say hello, unless it was already let go to make room for a newer one.
        """
        try:
            raw = await asyncio.wait_for(socket.recv(decode=False), HELLO_SECONDS)
        except TimeoutError:
            if self.greeting.discard(peer.key, socket):
                silent = _("no hello within {seconds} s; connection closed")
                self._log(peer, silent.format(seconds=f"{HELLO_SECONDS:g}"))
                with contextlib.suppress(ConnectionClosed):
                    await socket.close(CLOSE_POLICY, "no-hello")
            return None
        except ConnectionClosed as closed:
            self.greeting.discard(peer.key, socket)
            self._note_closed(peer, closed)
            return None
        return raw if self.greeting.discard(peer.key, socket) else None

    def _read_hello(self, raw: bytes) -> Hello | tuple[ErrorCode, str]:
        """The ``Hello`` in ``raw``, or the error code and text to refuse it with."""
        if message_bytes(raw) > MAX_MESSAGE_BYTES:
            return "too-large", _too_large()
        try:
            message = decode_client(raw, self.table.game)
        except msgspec.DecodeError as error:
            return "malformed", _one_line(error)
        if not isinstance(message, Hello):
            return "hello-first", _("say hello first")
        if message.version != PROTOCOL_VERSION:
            text = _("this host speaks protocol {ours}, the client {theirs}")
            return "version", text.format(ours=PROTOCOL_VERSION, theirs=message.version)
        if message.game and message.game != self.table.game.id:
            text = _("this host plays {ours}, not {theirs}")
            # The id a stranger claims goes into the log: short, and printable.
            theirs = _printable(message.game[:MAX_GAME_ID_CHARS])
            return "game", text.format(ours=self.table.game.id, theirs=theirs)
        if message.code and self.table.seat_for_code(message.code) is None:
            return "bad-code", _("no seat has this code")
        return message

    def _welcome(self, client: Client, peer: Peer) -> Client:
        """Seat the client (or let it watch), and send it the table and the game so far."""
        if client.seat is None:
            self.watching.add(peer.key, client)
            self._tell_watchers(peer, joined=True)
        elif self._seat(client, client.seat):
            text = _("{name} joined again from {address}; the earlier connection is closed")
            self._tell_seat(client.seat, text, peer)
        else:
            self._tell_seat(client.seat, _("{name} joined from {address}"), peer)
        self.clients.add(client)
        welcome = Welcome(
            PROTOCOL_VERSION, self.table.game.id, client.seat, self.table.seat_infos()
        )
        client.send(welcome)
        self._send_update(client)
        self._presence()
        return client

    def _seat(self, client: Client, seat: int) -> bool:
        """Seat the client; ``True`` if it took the seat over from an older connection."""
        older = self.seated.get(seat)
        self.seated[seat] = client
        self.table.present.add(seat)
        if older is not None:
            # The same code again: the player came back on a new connection.
            # The old one may be dead without knowing it (a pulled cable),
            # so its closing handshake is not waited for here.
            self.clients.discard(older)
            older.outbox.put_nowait(None)
            self._close_later(older.socket, CLOSE_REPLACED, "joined again elsewhere")
        return older is not None

    def _close_later(self, socket: ServerConnection, code: int, reason: str) -> None:
        """Close a connection without waiting for its closing handshake here."""
        closing = asyncio.create_task(socket.close(code, reason))
        self._closing.add(closing)
        closing.add_done_callback(self._closing.discard)

    async def _write(self, client: Client) -> None:
        """Send a client's outbox in order; a slow client never holds up the others."""
        while (text := await client.outbox.get()) is not None:
            try:
                await client.socket.send(text)
            except ConnectionClosed:
                return

    async def _read(self, client: Client, peer: Peer) -> bool:
        """Handle the client's messages until it leaves; ``True`` if it flooded.

        Messages are read as bytes, so that the size limit counts bytes as
        sent, not characters.
        """
        limit = RateLimit(self.rate, self.burst)
        while True:
            raw = await client.socket.recv(decode=False)
            if not limit.allow():
                if limit.refused == 1 or limit.refused % 10 == 0:
                    client.send(Error("rate", _("too many messages; slow down")))
                if limit.refused >= FLOOD_LIMIT:
                    return True
                continue
            self._receive(client, peer, raw)

    def _receive(self, client: Client, peer: Peer, raw: bytes) -> None:
        """Act on one message from a greeted client; answer every problem with an error."""
        if message_bytes(raw) > MAX_MESSAGE_BYTES:
            self._bad_message(client, peer, "too-large", _too_large())
            return
        try:
            message = decode_client(raw, self.table.game)
        except msgspec.DecodeError as error:
            self._bad_message(client, peer, "malformed", _one_line(error))
            return
        if isinstance(message, Hello):
            client.send(Error("hello-first", _("this connection has already said hello")))
        elif isinstance(message, Undo):
            text = _("undo is off in online games: a move once made stands")
            client.send(Error("undo-off", text))
        elif isinstance(message, Act):
            self._act(client, message.command)

    def _bad_message(self, client: Client, peer: Peer, code: ErrorCode, text: str) -> None:
        """A message that could not be read: one line in the log, an error to the client."""
        self._log(peer, _("unreadable message ({code}): {reason}").format(code=code, reason=text))
        client.send(Error(code, text))

    def _act(self, client: Client, command: Any) -> None:
        if client.seat is None:
            client.send(Error("watcher", _("watchers cannot play")))
            return
        # Every command names its seat (see ``Act``); one that does not is nobody's.
        if getattr(command, "seat", None) != client.seat:
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

    # -- the log -------------------------------------------------------------------
    def _log(self, peer: Peer, line: str) -> None:
        """``peer: line`` on standard error, unless its address had its share this minute."""
        self._log_line(peer.key, peer.shown, line)

    def _log_line(self, key: str, where: str | None, line: str) -> None:
        verdict = self._log_limit.check(key)
        if verdict == "quiet":
            return
        if verdict == "notice":
            line = _("more lines like these are suppressed for a minute")
        # A stranger's text (a decoder's message quoting it, an origin) must not
        # write escape sequences or extra lines into the operator's terminal.
        line = _printable(line)
        if where is not None:
            line = _("{where}: {message}").format(where=where, message=line)
        _say(HOST, line)

    def _tell_seat(self, seat: int, text: str, peer: Peer) -> None:
        """Say on the console that a seat's player came or went (``text`` has ``{name}``
        and ``{address}``); limited per seat, so that a player who comes and goes
        without end cannot fill the console."""
        name = self.table.session.seats[seat].name
        self._tell(f"seat {seat}", text.format(name=name, address=peer.shown))

    def _tell_watchers(self, peer: Peer, joined: bool) -> None:
        """Say on the console that a watcher came or went, and how many watch now;
        limited per address, as the log is."""
        count = len(self.watching)
        if joined:
            text = ngettext(
                "A watcher joined from {address}: {count} watching",
                "A watcher joined from {address}: {count} watching",
                count,
            )
        else:
            text = ngettext(
                "A watcher left ({address}): {count} watching",
                "A watcher left ({address}): {count} watching",
                count,
            )
        self._tell(peer.key, text.format(address=peer.shown, count=count))

    def _tell(self, key: str, line: str) -> None:
        """A line on standard output for whoever runs the host, unless ``key`` had its
        share of lines this minute (then one line says the rest are suppressed)."""
        verdict = self._log_limit.check(key)
        if verdict == "quiet":
            return
        if verdict == "notice":
            line = _("more lines like these are suppressed for a minute")
        print(_printable(line), flush=True)

    def _note_closed(self, peer: Peer, closed: ConnectionClosed) -> None:
        """Log a connection the WebSocket layer closed for a bad frame (too big, not UTF-8…)."""
        sent = closed.sent
        if sent is not None and sent.code in CLOSED_BY_THE_LAYER and not closed.rcvd_then_sent:
            text = _("connection closed ({code} {reason})")
            self._log(peer, text.format(code=int(sent.code), reason=sent.reason))

    def _answered(
        self, socket: ServerConnection, request: Request, response: Response
    ) -> Response | None:
        """Log a web page refused for its origin (HTTP 403); the response stays as it is."""
        if response.status_code == HTTPStatus.FORBIDDEN:
            # Header names match in any case; more than one Origin is refused earlier (400).
            origin = ", ".join(request.headers.get_all("origin"))[:100]
            text = _("a web page from {origin} was refused (see --allow-origin)")
            self._log(Peer.of(socket), text.format(origin=origin))
        return None

    def _exception_handler(self, previous: ExceptionHandler | None) -> ExceptionHandler:
        """The event loop's handler while hosting: running out of descriptors in ``accept``
        is one line (asyncio retries every second, with a traceback each time otherwise);
        everything else goes where it went before."""

        def handle(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
            error = context.get("exception")
            if isinstance(error, OSError) and error.errno in OUT_OF_RESOURCES:
                self._out_of_resources(error)
            elif previous is not None:
                previous(loop, context)
            else:
                loop.default_exception_handler(context)

        return handle

    def _out_of_resources(self, error: OSError) -> None:
        if self._short_of_resources:
            return
        self._short_of_resources = True
        text = _("cannot accept connections ({reason}); they wait until some close")
        self._log_line("", None, text.format(reason=error.strerror or error))

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
                    _say(HOST, problem)
                    command = self._fallback_command(seat, rng)
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                if session.state is not state or self.table.bot_to_act() != seat:
                    break  # somebody left meanwhile: wait for the table again
                self._play_bot(command, rng)

    def _play_bot(self, command: Any, rng: random.Random) -> None:
        try:
            self.table.play(command)
        except IllegalMove as refusal:
            # A bot's mistake must not stall the table: say so and play a random legal move.
            _say(HOST, _("a bot's move was refused ({refusal})").format(refusal=refusal))
            seat = self.table.session.to_act
            assert seat is not None
            self.table.play(self._fallback_command(seat, rng))
        self._broadcast()

    def _fallback_command(self, seat: int, rng: random.Random) -> Any:
        """A random legal command for ``seat``, to play in place of a bot that failed."""
        session = self.table.session
        if self._fallback is not None:
            return self._fallback.decide(session.view(seat), rng)
        return rng.choice(self.table.game.legal_commands(session.state))


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


def _printable(text: str) -> str:
    """``text`` with every control or otherwise unprintable character shown as U+FFFD."""
    return "".join(c if c.isprintable() else "\ufffd" for c in text)
