"""The wire: versioned msgspec structs, one tagged union each way, sent as JSON text.

Commands go up (``Act``), events come down (``Update``) already filtered for
the seat that receives them (``core.atlantis.view.event_for``) together with the
seat's view of the state after them (``core.atlantis.view.view_for``): a client never
folds hidden information it does not have, it shows the view it is given.

The version is agreed once, in ``Hello`` and ``Welcome``; a host refuses a
client of another version with an ``Error`` naming both.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from core.atlantis.commands import AnyCommand
from core.atlantis.events import AnyEvent
from core.atlantis.view import PlayerView
from core.kernel.i18n import _

PROTOCOL_VERSION = 1
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
    rejoins is sent only what it missed.
    """

    version: int
    code: str = ""
    have: int = 0


class Act(ClientMessage, frozen=True, tag="act"):
    """A command for the client's own seat."""

    command: AnyCommand


class Undo(ClientMessage, frozen=True, tag="undo"):
    """A request to take back a turn; always answered ``undo-off`` (see docs-online.md)."""


AnyClientMessage = Hello | Act | Undo


# -- host to client --------------------------------------------------------------
class SeatInfo(msgspec.Struct, frozen=True):
    """A seat as everybody sees it: the name, ``human`` or ``bot:<name>``, and presence."""

    name: str
    kind: str
    present: bool


class ServerMessage(msgspec.Struct, frozen=True, tag_field="type"):
    """Base class of what a host sends."""


class Welcome(ServerMessage, frozen=True, tag="welcome"):
    """The answer to a good ``Hello``: the client's seat (``None`` to watch) and the table."""

    version: int
    seat: int | None
    seats: tuple[SeatInfo, ...]


class Update(ServerMessage, frozen=True, tag="update"):
    """Events ``start``, ``start + 1``, … of the game, as this client may see them,
    and the client's view of the state after the last of them."""

    start: int
    events: tuple[AnyEvent, ...]
    view: PlayerView


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


AnyServerMessage = Welcome | Update | Presence | Refused | Error

_encoder = msgspec.json.Encoder()
_client_decoder = msgspec.json.Decoder(AnyClientMessage)
_server_decoder = msgspec.json.Decoder(AnyServerMessage)


def encode(message: ClientMessage | ServerMessage) -> str:
    """A message as the JSON text sent in one WebSocket text frame."""
    return _encoder.encode(message).decode()


def message_bytes(data: str | bytes) -> int:
    """The length of a message as it travelled, in bytes (UTF-8 for text)."""
    return len(data) if isinstance(data, bytes) else len(data.encode("utf-8", "surrogatepass"))


def decode_client(data: str | bytes) -> AnyClientMessage:
    """A client's message; raises ``msgspec.DecodeError`` for anything else.

    Whatever the bytes make the decoder trip on (JSON nested deeper than
    Python's recursion limit, a string that is not UTF-8, …) comes out as
    that one exception, so that a stranger's message never takes a path the
    host does not expect.
    """
    try:
        message: AnyClientMessage = _client_decoder.decode(data)
    except msgspec.DecodeError:
        raise
    except RecursionError:
        raise msgspec.DecodeError(_("JSON nested too deeply")) from None
    except UnicodeError:
        raise msgspec.DecodeError(_("text that is not UTF-8")) from None
    except Exception as error:  # the decoder's own surprise: still just a bad message
        raise msgspec.DecodeError(type(error).__name__) from None
    return message


def decode_server(data: str | bytes) -> AnyServerMessage:
    """A host's message; raises ``msgspec.DecodeError`` for anything else."""
    message: AnyServerMessage = _server_decoder.decode(data)
    return message
