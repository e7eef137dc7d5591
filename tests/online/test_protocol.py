"""The wire format: tagged msgspec structs, JSON text, one union each way."""

from __future__ import annotations

from pathlib import Path
from typing import get_args, get_origin

import msgspec
import pytest

from atlantis_tui.online.protocol import (
    PROTOCOL_VERSION,
    Act,
    AnyClientMessage,
    AnyServerMessage,
    Error,
    Hello,
    Presence,
    Refused,
    SeatInfo,
    Undo,
    Welcome,
    decode_client,
    decode_server,
    encode,
)
from atlantis_tui.online.table import Table
from atlantis_tui.session import GameSession, parse_players
from core.atlantis.commands import BuyCards, Move, Payment
from core.atlantis.game_type import ATLANTIS


def test_every_message_has_its_own_tag() -> None:
    for union in (AnyClientMessage, AnyServerMessage):
        # A game's messages (Act, Update) are generic: their class is the alias's origin.
        classes = [get_origin(alias) or alias for alias in get_args(union)]
        tags = [cls.__struct_config__.tag for cls in classes]
        assert len(set(tags)) == len(tags) and all(isinstance(tag, str) for tag in tags)


def test_client_messages_round_trip() -> None:
    for message in (
        Hello(PROTOCOL_VERSION, "code", 12),
        Hello(PROTOCOL_VERSION, "code", 12, "atlantis"),
        Act(Move(1, 2, (3, 4), Payment((5,), (6,)))),
        Act(BuyCards(0, 9)),
        Undo(),
    ):
        assert decode_client(encode(message), ATLANTIS) == message


def test_server_messages_round_trip(tmp_path: Path) -> None:
    session = GameSession.new(parse_players("Ann,Bob"), 3, save_dir=tmp_path)
    table = Table(session)
    seats = (SeatInfo("Ann", "human", True), SeatInfo("Bob", "bot:greedy", False))
    for message in (
        Welcome(PROTOCOL_VERSION, "atlantis", 0, seats),
        Welcome(PROTOCOL_VERSION, "atlantis", None, seats),
        table.update_for(0, 0),
        table.update_for(None, 2),
        Presence(seats, True),
        Refused("T5.4", "you cannot pay with those"),
        Error("rate", "slow down"),
    ):
        assert decode_server(encode(message), ATLANTIS) == message
    session.close()


@pytest.mark.parametrize(
    "text",
    ['{"type":"welcome"}', '{"type":"hello","version":"1"}', "[]", "", '{"type":"act"}'],
)
def test_anything_else_is_a_decode_error(text: str) -> None:
    with pytest.raises(msgspec.DecodeError):
        decode_client(text, ATLANTIS)
