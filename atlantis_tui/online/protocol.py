"""The wire: versioned msgspec structs, one tagged union each way, sent as JSON text.

Commands go up (``Act``), events come down (``Update``) already filtered for
the seat that receives them (the game's ``event_for``) together with the
seat's view of the state after them (its ``view_for``): a client never folds
hidden information it does not have, it shows the view it is given.

The protocol names the game: ``Hello`` and ``Welcome`` carry its id
(``GameType.id``), and the game's own types (its commands, events and views)
are read with decoders made from its descriptor (``decode_client`` and
``decode_server`` are given the game). The messages themselves are the same
for every game.

The version is agreed once, in ``Hello`` and ``Welcome``; a host refuses a
client of another version with an ``Error`` naming both, and a client refuses
a host of another version, or one whose game it does not know.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Generic, Literal, TypeVar, Union

import msgspec

from core.kernel.i18n import _
from core.kernel.registry import AnyGameType

C = TypeVar("C")
E = TypeVar("E")
V = TypeVar("V")

PROTOCOL_VERSION = 2
"""2: ``Hello`` and ``Welcome`` name the game; ``Update`` says whose decision the game
waits for and whether it is over."""
MAX_MESSAGE_BYTES = 8 * 1024
"""The longest message a host reads, in bytes as sent (UTF-8), not characters;
a command is well under 1 KiB."""
MAX_FRAME_BYTES = 64 * 1024
"""Frames beyond this are cut off by the WebSocket layer itself (close code 1009)."""

CLOSE_POLICY = 1008
"""WebSocket close code for a connection the host will not serve (RFC 6455)."""
CLOSE_REPLACED = 4000
"""Close code for a seat's older connection when the same code joins again."""

ErrorCode = Literal[
    "malformed",  # not JSON, not a known message, or a field of the wrong type
    "too-large",  # longer than MAX_MESSAGE_BYTES
    "version",  # the client speaks another protocol version
    "game",  # the client expects another game than the host plays
    "hello-first",  # anything before Hello, or a second Hello
    "bad-code",  # no seat has this code
    "not-your-seat",  # a command for another seat
    "watcher",  # a watcher tried to act
    "waiting",  # the game waits for an absent player
    "undo-off",  # undo is off in online games
    "rate",  # too many messages too fast
    "invalid",  # a command the engine could not even consider
]


# -- client to host --------------------------------------------------------------
class ClientMessage(msgspec.Struct, frozen=True, tag_field="type"):
    """Base class of what a client sends."""


class Hello(ClientMessage, frozen=True, tag="hello"):
    """The first message: who this is and what it already holds.

    ``code`` is the seat's secret; empty to watch. ``have`` is how many of the
    game's events the client already holds (0 at first): a client that
    rejoins is sent only what it missed. ``game`` is the id of the game the
    client expects (a client that rejoins names the one it was playing); empty
    at first, when it takes whichever the host plays.
    """

    version: int
    code: str = ""
    have: int = 0
    game: str = ""


class Act(ClientMessage, Generic[C], frozen=True, tag="act"):
    """A command for the client's own seat (``C``: the game's commands).

    Every game's command names the seat that gives it in a ``seat`` field; the
    host refuses a command for any seat but the client's own.
    """

    command: C


class Undo(ClientMessage, frozen=True, tag="undo"):
    """A request to take back a turn; always answered ``undo-off`` (see docs-online.md)."""


AnyClientMessage = Hello | Act[Any] | Undo


# -- host to client --------------------------------------------------------------
class SeatInfo(msgspec.Struct, frozen=True):
    """A seat as everybody sees it: the name, ``human`` or ``bot:<name>``, and presence."""

    name: str
    kind: str
    present: bool


class ServerMessage(msgspec.Struct, frozen=True, tag_field="type"):
    """Base class of what a host sends."""


class Welcome(ServerMessage, frozen=True, tag="welcome"):
    """The answer to a good ``Hello``: the game (its id), the client's seat (``None``
    to watch) and the table."""

    version: int
    game: str
    seat: int | None
    seats: tuple[SeatInfo, ...]


class Update(ServerMessage, Generic[E, V], frozen=True, tag="update"):
    """Events ``start``, ``start + 1``, … of the game, as this client may see them,
    and the client's view of the state after the last of them (``E``, ``V``: the
    game's events and views).

    ``to_act`` is the seat whose decision the game waits for then (``None``: nobody),
    and ``over`` whether the game has ended: public facts the host reads from the
    whole state, so that a client knows them without knowing the game's rules.
    """

    start: int
    events: tuple[E, ...]
    view: V
    to_act: int | None
    over: bool


class Presence(ServerMessage, frozen=True, tag="presence"):
    """Who is at the table; the game waits while a human seat is away."""

    seats: tuple[SeatInfo, ...]
    waiting: bool


class Refused(ServerMessage, frozen=True, tag="refused"):
    """The rules refused a command: the rule id (RULES.md) and the reason."""

    rule: str
    reason: str


class Error(ServerMessage, frozen=True, tag="error"):
    """A message the host would not act on; nothing in the game changed."""

    code: ErrorCode
    message: str


AnyServerMessage = Welcome | Update[Any, Any] | Presence | Refused | Error

_encoder = msgspec.json.Encoder()


@cache
def _client_decoder(command_type: Any) -> msgspec.json.Decoder[AnyClientMessage]:
    # The union is built at run time from the game's own type: msgspec reads it.
    union: Any = Union[Hello, Act[command_type], Undo]  # noqa: UP007
    return msgspec.json.Decoder(union)


@cache
def _server_decoder(event_type: Any, view_type: Any) -> msgspec.json.Decoder[AnyServerMessage]:
    union: Any = Union[Welcome, Update[event_type, view_type], Presence, Refused, Error]  # noqa: UP007
    return msgspec.json.Decoder(union)


def encode(message: ClientMessage | ServerMessage) -> str:
    """A message as the JSON text sent in one WebSocket text frame."""
    return _encoder.encode(message).decode()


def message_bytes(data: str | bytes) -> int:
    """The length of a message as it travelled, in bytes (UTF-8 for text)."""
    return len(data) if isinstance(data, bytes) else len(data.encode("utf-8", "surrogatepass"))


def decode_client(data: str | bytes, game: AnyGameType | None = None) -> AnyClientMessage:
    """A client's message, its command read as one of ``game``'s; raises
    ``msgspec.DecodeError`` for anything else.

    Without a game, a command is kept as the raw JSON it came as (``msgspec.Raw``).
    Whatever the bytes make the decoder trip on (JSON nested deeper than
    Python's recursion limit, a string that is not UTF-8, …) comes out as
    that one exception, so that a stranger's message never takes a path the
    host does not expect.
    """
    decoder = _client_decoder(msgspec.Raw if game is None else game.command_type)
    try:
        message: AnyClientMessage = decoder.decode(data)
    except msgspec.DecodeError:
        raise
    except RecursionError:
        raise msgspec.DecodeError(_("JSON nested too deeply")) from None
    except UnicodeError:
        raise msgspec.DecodeError(_("text that is not UTF-8")) from None
    except Exception as error:  # the decoder's own surprise: still just a bad message
        raise msgspec.DecodeError(type(error).__name__) from None
    return message


def decode_server(data: str | bytes, game: AnyGameType | None = None) -> AnyServerMessage:
    """A host's message, its events and view read as ``game``'s; raises
    ``msgspec.DecodeError`` for anything else.

    Without a game (before ``Welcome`` has named it), an update's events and
    view are kept as the raw JSON they came as (``msgspec.Raw``).
    """
    if game is None:
        decoder = _server_decoder(msgspec.Raw, msgspec.Raw)
    else:
        view_type: object = game.privacy.view_type  # a class or None: the cache's key
        decoder = _server_decoder(game.event_type, view_type)
    message: AnyServerMessage = decoder.decode(data)
    return message
