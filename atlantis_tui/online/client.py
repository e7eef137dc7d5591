"""A client of a host: joins a seat (or watches), keeps what it was sent, rejoins after a drop.

``OnlineClient`` learns the game from the host's ``Welcome`` (and refuses a
host whose game or protocol version it does not know); it holds the events it
received (filtered for its seat), the latest view and who is at the table.
``messages()`` yields every message from the host and, when the connection
drops before the game is over, connects again with the same code, saying how
many events it already holds, so it is sent only what it missed.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import urlsplit

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

from atlantis_tui.online.protocol import (
    CLOSE_REPLACED,
    PROTOCOL_VERSION,
    Act,
    AnyServerMessage,
    Error,
    Hello,
    Presence,
    SeatInfo,
    Undo,
    Update,
    Welcome,
    decode_server,
    encode,
)
from core.games import GAMES
from core.kernel.errors import GameError
from core.kernel.i18n import _
from core.kernel.registry import AnyGameType, GameRegistry

MAX_DOWNLOAD_BYTES = 16 * 1024 * 1024
"""A whole game sent at once on joining is well under 1 MiB."""
REJOIN_DELAYS = (0.05, 0.2, 0.5, 1.0, 2.0, 2.0, 2.0, 5.0, 5.0, 5.0)
"""Seconds to wait before each attempt to rejoin after a drop (about half a minute in all)."""
FATAL = frozenset({"bad-code", "version", "game", "malformed", "hello-first", "too-large"})
"""Errors in answer to ``Hello``: trying again would not help."""


MAX_GAME_ID_CHARS = 40
"""How much of the game id a host names is repeated in a message."""
HELLO_ANSWER_SECONDS = 10.0
"""How long a host may take to answer ``Hello``."""


def unreachable_reason(error: BaseException) -> str:
    """Why a host could not be reached, in words a player reads (not an errno)."""
    if isinstance(error, ConnectionRefusedError):
        return _("nothing answers there (the connection was refused)")
    if isinstance(error, socket.gaierror):
        return _("no machine has that name")
    if isinstance(error, TimeoutError):
        return _("it did not answer in time")
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error) or type(error).__name__


class JoinError(GameError):
    """The host could not be reached, or refused to seat this client.

    ``code`` is the host's error code when it refused (``bad-code``, …).
    """

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.code = code


EXAMPLE_ADDRESS = "127.0.0.1:8700"
_ODD_IN_HOST = frozenset("/@ \t[]?#\\")


class _Malformed(ValueError):
    """What is wrong with an address, said without naming it (the caller does)."""


def parse_address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:8700`` for IPv6) → host and port.

    A malformed address raises ``ValueError``: one sentence naming it and what is
    wrong (no port, a port that is not one, no host, an IPv6 address without its
    brackets, a character no host name holds).
    """
    host_port = _("HOST:PORT")
    if "://" in text:
        message = _("{address!r} is not {host_port}, nor a ws:// or wss:// address")
        raise ValueError(message.format(address=text, host_port=host_port))
    try:
        host, port = _host_and_port(text, EXAMPLE_ADDRESS)
        if port is None:
            raise _Malformed(
                _("it has no port (for example {example})").format(example=EXAMPLE_ADDRESS)
            )
    except _Malformed as problem:
        message = _("{address!r} is not {host_port}: {problem}")
        raise ValueError(
            message.format(address=text, host_port=host_port, problem=problem)
        ) from None
    return host, port


def _host_and_port(netloc: str, example: str) -> tuple[str, int | None]:
    """The host and port (None if none is given) of ``host``, ``host:port``, ``[v6]``
    or ``[v6]:port``; ``_Malformed`` says what is wrong with anything else."""
    if netloc.startswith("["):
        inside, closed, rest = netloc[1:].partition("]")
        if not closed:
            raise _Malformed(_("the [ of its IPv6 address has no ]"))
        if rest and not rest.startswith(":"):
            raise _Malformed(
                _("after the ] of its IPv6 address comes :PORT, not {rest!r}").format(rest=rest)
            )
        host, port_text = inside, rest[1:] if rest else None
    else:
        host, colon, after = netloc.rpartition(":")
        if not colon:
            host, port_text = netloc, None
        elif ":" in host:
            raise _Malformed(_("an IPv6 address goes in brackets, as in [::1]:8700"))
        else:
            port_text = after
    if not host:
        raise _Malformed(_("it has no host (for example {example})").format(example=example))
    if any(c in _ODD_IN_HOST for c in host) or not host.isprintable():
        raise _Malformed(_("{host!r} is not a host name or address").format(host=host))
    if port_text is None:
        return host, None
    if not (port_text.isascii() and port_text.isdigit()) or not 0 < int(port_text) < 65536:
        raise _Malformed(
            _("the port {port!r} is not a number from 1 to 65535").format(port=port_text)
        )
    return host, int(port_text)


def websocket_uri(address: str) -> str:
    """The URI to connect to: ``HOST:PORT`` becomes ``ws://HOST:PORT/``; a ``ws://`` or
    ``wss://`` URI (a host behind a TLS reverse proxy) is taken as it is, once its host
    and port (if any) are known to be well formed."""
    scheme, found, rest = address.partition("://")
    if not found or scheme not in ("ws", "wss"):
        host, port = parse_address(address)
        shown = f"[{host}]" if ":" in host else host
        return f"ws://{shown}:{port}/"
    netloc = rest
    for end in "/?#":
        netloc = netloc.split(end, 1)[0]
    not_websocket = _("{address!r} is not a WebSocket address")
    try:
        _host_and_port(netloc.rpartition("@")[2], f"{scheme}://{EXAMPLE_ADDRESS}/")
        urlsplit(address)
    except _Malformed as problem:
        message = _("{address!r} is not a WebSocket address: {problem}")
        raise ValueError(message.format(address=address, problem=problem)) from None
    except ValueError:
        raise ValueError(not_websocket.format(address=address)) from None
    return address


class OnlineClient:
    """One seat's (or a watcher's) connection to a host, kept across drops.

    ``games`` are the games this client can play: the host's ``Welcome`` names one
    of them (``game``, its descriptor, from then on), whose types the events and
    views are read as. The events and the view are the game's own (``Any`` here).
    """

    def __init__(
        self, address: str, code: str = "", rejoin: bool = True, games: GameRegistry = GAMES
    ) -> None:
        self.address = address
        self.uri = websocket_uri(address)
        self.code = code
        self.rejoin = rejoin
        self.games = games
        self.game: AnyGameType | None = None
        self.seat: int | None = None
        self.seats: tuple[SeatInfo, ...] = ()
        self.events: list[Any] = []
        self.view: Any = None
        self.to_act: int | None = None
        """The seat whose decision the game waits for, as the host last said."""
        self.over = False
        self.waiting = True
        self.socket: ClientConnection | None = None

    @property
    def is_over(self) -> bool:
        return self.view is not None and self.over

    @property
    def my_turn(self) -> bool:
        return (
            self.view is not None
            and not self.waiting
            and self.seat is not None
            and self.to_act == self.seat
        )

    async def connect(self) -> Welcome:
        """Open a connection and say hello; raises ``JoinError`` if refused."""
        try:
            socket = await connect(self.uri, max_size=MAX_DOWNLOAD_BYTES, compression=None)
        except (OSError, TimeoutError, WebSocketException) as error:
            message = _("cannot reach {address}: {reason}")
            reason = unreachable_reason(error)
            raise JoinError(message.format(address=self.address, reason=reason)) from None
        game = self.game.id if self.game is not None else ""
        await socket.send(encode(Hello(PROTOCOL_VERSION, self.code, len(self.events), game)))
        try:
            first = self._decode(await asyncio.wait_for(socket.recv(), HELLO_ANSWER_SECONDS))
        except ConnectionClosed:
            message = _("{address} closed the connection")
            raise JoinError(message.format(address=self.address)) from None
        except (TimeoutError, JoinError):
            await socket.close()
            message = _("{address} did not answer as an Atlantis host")
            raise JoinError(message.format(address=self.address)) from None
        if isinstance(first, Error):
            await socket.close()
            message = _("the host refused: {reason} ({code})")
            raise JoinError(message.format(reason=first.message, code=first.code), first.code)
        if not isinstance(first, Welcome):
            await socket.close()
            raise JoinError(_("the host did not answer as an Atlantis host"))
        try:
            self.game = self._game_of(first)
        except JoinError:
            await socket.close()
            raise
        self._apply(first)
        self.socket = socket
        return first

    def _game_of(self, welcome: Welcome) -> AnyGameType:
        """The game the host plays, if this client speaks its protocol and knows it."""
        if welcome.version != PROTOCOL_VERSION:
            message = _("{address} speaks protocol {theirs}; this version speaks protocol {ours}")
            raise JoinError(
                message.format(address=self.address, theirs=welcome.version, ours=PROTOCOL_VERSION),
                "version",
            )
        # A host's text is shown quoted and short: it cannot write into the terminal.
        named = repr(welcome.game[:MAX_GAME_ID_CHARS])
        if self.game is not None and welcome.game != self.game.id:
            # A rejoin that finds another game: the events held are not its events.
            message = _("this host plays {ours}, not {theirs}")
            raise JoinError(message.format(ours=named, theirs=repr(self.game.id)), "game")
        if welcome.game not in self.games:
            message = _(
                "{address} hosts {game}, a game this version does not know (it knows {names})"
            )
            names = ", ".join(self.games.ids)
            raise JoinError(message.format(address=self.address, game=named, names=names), "game")
        game = self.games.get(welcome.game)
        if game.privacy.view_type is None:
            message = _("this version cannot play {game} online")
            raise JoinError(message.format(game=game.display_name()), "game")
        return game

    async def join(self) -> None:
        """Connect, and wait for the game itself (the first update) to arrive."""
        await self.connect()
        assert self.socket is not None
        try:
            while self.view is None:
                self._receive(await self.socket.recv())
        except ConnectionClosed:
            message = _("{address} closed the connection")
            raise JoinError(message.format(address=self.address)) from None

    def _receive(self, raw: str | bytes) -> AnyServerMessage:
        """Decode one message from the host and keep what it tells."""
        return self._apply(self._decode(raw))

    def _decode(self, raw: str | bytes) -> AnyServerMessage:
        """One message from the host, its events and view read as the game's."""
        try:
            return decode_server(raw, self.game)
        except msgspec.DecodeError as error:
            unreadable = _("the host sent a message this version cannot read ({reason})")
            raise JoinError(unreadable.format(reason=error)) from None

    def _apply(self, message: AnyServerMessage) -> AnyServerMessage:
        """Keep what the message tells: the seat, the events, the view, who is present."""
        if isinstance(message, Welcome):
            self.seat, self.seats = message.seat, message.seats
        elif isinstance(message, Update):
            # ``start`` is how many events we held when the host sent it; never
            # keep an event twice, even if an update crossed a rejoin.
            del self.events[message.start :]
            self.events.extend(message.events)
            self.view = message.view
            self.to_act, self.over = message.to_act, message.over
        elif isinstance(message, Presence):
            self.seats, self.waiting = message.seats, message.waiting
        return message

    async def messages(self) -> AsyncIterator[AnyServerMessage]:
        """Every message from the host until the game is over, rejoining after drops."""
        if self.socket is None:
            await self.connect()
        attempts = 0
        while True:
            assert self.socket is not None
            try:
                async for raw in self.socket:
                    attempts = 0
                    yield self._receive(raw)
            except ConnectionClosed:
                pass
            if self.is_over or not self.rejoin:
                return
            if self.socket.close_code == CLOSE_REPLACED:
                raise JoinError(_("this seat joined again from elsewhere"))
            self.waiting = True
            await self._rejoin(attempts)
            attempts += 1

    async def _rejoin(self, attempt: int) -> None:
        """Connect again after a drop, waiting a little longer each time."""
        for delay in REJOIN_DELAYS[attempt:]:
            await asyncio.sleep(delay)
            try:
                await self.connect()
                return
            except JoinError as error:
                if error.code in FATAL:
                    raise
        raise JoinError(_("lost the connection to {address}").format(address=self.address))

    async def act(self, command: Any) -> None:
        """Send a command; the answer comes as an ``Update``, ``Refused`` or ``Error``."""
        await self._send(encode(Act(command)))

    async def undo(self) -> None:
        await self._send(encode(Undo()))

    async def _send(self, text: str) -> None:
        if self.socket is not None:
            with contextlib.suppress(ConnectionClosed):
                await self.socket.send(text)

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()
