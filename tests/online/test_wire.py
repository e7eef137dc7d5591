"""Every message a seat receives during a whole game, read as raw JSON: nothing hidden leaks.

Another seat's cards, the draw pile's order and the tiles under the top of a
stack must never leave the host (RULES.md S2 and the hidden-information
reading in the README); the reshuffle seed neither, since it predicts the pile.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec

from atlantis_tui.online.bot_player import play_seat
from atlantis_tui.online.client import OnlineClient
from atlantis_tui.online.protocol import AnyServerMessage
from core.state import HIDDEN_TILE
from tests.online.conftest import TINY, hosting


class RecordingClient(OnlineClient):
    """A client that keeps the raw text of every message it is sent."""

    def __init__(self, address: str, code: str = "") -> None:
        super().__init__(address, code)
        self.raw: list[bytes] = []

    def _receive(self, raw: str | bytes) -> AnyServerMessage:
        self.raw.append(raw.encode() if isinstance(raw, str) else raw)
        return super()._receive(raw)


def _walk(document: Any) -> Iterator[dict[str, Any]]:
    """Every JSON object inside a document."""
    if isinstance(document, dict):
        yield document
        for value in document.values():
            yield from _walk(value)
    elif isinstance(document, list):
        for value in document:
            yield from _walk(value)


def _leaks(raw: bytes, seat: int | None) -> list[str]:
    """What in one raw message ``seat`` (None: a watcher) should not have seen."""
    found = []
    for item in _walk(msgspec.json.decode(raw)):
        kind = item.get("type")
        if kind == "cards-drawn" and item["player"] != seat and item["cards"]:
            found.append(f"seat {item['player']}'s drawn cards")
        if kind == "deck-reshuffled" and item["deck"]:
            found.append("the reshuffled pile order")
        if kind == "game-started":
            if item["deck"] or item["seed"]:
                found.append("the starting pile order or seed")
            found += _lower_tiles(item["path"])
        if "hands" in item and "spaces" in item:  # a state, inside a view
            for player, hand in enumerate(item["hands"]):
                if player != seat and any(hand):
                    found.append(f"seat {player}'s hand")
            if item["deck"] or item["seed"]:
                found.append("the pile order or seed in a view")
            if item["current"] != seat and any(item["bought"]):
                found.append("what another seat bought")
            found += _lower_tiles(item["spaces"])
    return found


def _lower_tiles(stacks: list[list[int]]) -> list[str]:
    return [
        f"a lower tile ({tile})" for stack in stacks for tile in stack[:-1] if tile != HIDDEN_TILE
    ]


async def test_no_message_holds_another_seats_cards_the_pile_or_a_lower_tile(
    tmp_path: Path,
) -> None:
    async with hosting("Ann,Bob,bot:greedy", tmp_path, seed=11) as (table, address, task):
        ann = RecordingClient(address, table.codes[0])
        bob = RecordingClient(address, table.codes[1])
        watcher = RecordingClient(address)
        await watcher.connect()
        for client in (ann, bob):
            await client.connect()

        async def watch() -> None:
            async for _message in watcher.messages():
                pass

        watching = asyncio.create_task(watch())
        await asyncio.gather(play_seat(ann, "greedy", TINY, 1), play_seat(bob, "random", TINY, 2))
        await asyncio.wait_for(task, 10)
        await asyncio.wait_for(watching, 10)
        assert table.is_over
    true_state = table.session.state
    assert any(sum(hand) for hand in true_state.hands)  # there was something to hide
    for client, seat in ((ann, 0), (bob, 1), (watcher, None)):
        assert client.is_over and len(client.raw) > 50
        leaks = [leak for raw in client.raw for leak in _leaks(raw, seat)]
        assert leaks == [], f"{seat}: {leaks[:5]}"
    # The check itself finds what it looks for: the host's own events are full of it.
    full = msgspec.json.encode(table.events)
    assert _leaks(full, 0)
