"""Every message a seat receives during a whole game, read as raw JSON: nothing hidden leaks.

Another seat's cards, the draw pile's order and the tiles under the top of a
stack must never leave the host (RULES.md S2 and the hidden-information
reading in the README); the game's secret and seed neither, since they predict
the pile. And what the host does send tells each client the truth: every log
line a seat or watcher shows is the host's line for that event as they may see it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

from atlantis_tui.online.bot_player import play_seat
from atlantis_tui.online.client import OnlineClient
from atlantis_tui.online.protocol import AnyServerMessage
from atlantis_tui.session_protocol import WATCHER
from core.atlantis.describe import describe
from core.atlantis.events import GameStarted, TileTaken
from core.atlantis.evolve import states_after
from core.atlantis.saves import read_save
from core.atlantis.state import HIDDEN_TILE
from core.atlantis.view import event_for
from core.kernel.chance import is_secret, new_secret, stream
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
        if kind in ("deck-reshuffled", "pile-shuffled") and item["deck"]:
            found.append("the reshuffled pile order")
        if kind == "game-started":
            if item["deck"] or item["seed"] or item["secret"]:
                found.append("the starting pile order, seed or secret")
            found += _lower_tiles(item["path"])
        if "hands" in item and "spaces" in item:  # a state, inside a view
            for player, hand in enumerate(item["hands"]):
                if player != seat and any(hand):
                    found.append(f"seat {player}'s hand")
            if item["deck"] or item["seed"] or item["secret"]:
                found.append("the pile order, seed or secret in a view")
            if item["current"] != seat and any(item["bought"]):
                found.append("what another seat bought")
            found += _lower_tiles(item["spaces"])
    return found


def _lower_tiles(stacks: list[list[int]]) -> list[str]:
    return [
        f"a lower tile ({tile})" for stack in stacks for tile in stack[:-1] if tile != HIDDEN_TILE
    ]


async def _play_hosted_game(
    address: str, codes: dict[int, str]
) -> tuple[RecordingClient, RecordingClient, RecordingClient]:
    """Ann and Bob (bots at their keyboards) play out the game while a watcher watches."""
    ann = RecordingClient(address, codes[0])
    bob = RecordingClient(address, codes[1])
    watcher = RecordingClient(address)
    await watcher.connect()
    for client in (ann, bob):
        await client.connect()

    async def watch() -> None:
        async for _message in watcher.messages():
            pass

    watching = asyncio.create_task(watch())
    await asyncio.gather(play_seat(ann, "greedy", TINY, 1), play_seat(bob, "random", TINY, 2))
    await asyncio.wait_for(watching, 10)
    return ann, bob, watcher


async def test_no_message_holds_another_seats_cards_the_pile_or_a_lower_tile(
    tmp_path: Path,
) -> None:
    async with hosting("Ann,Bob,bot:greedy", tmp_path, seed=11) as (table, address, task):
        ann, bob, watcher = await _play_hosted_game(address, table.codes)
        await asyncio.wait_for(task, 10)
        assert table.is_over
    true_state = table.session.state
    assert any(sum(hand) for hand in true_state.hands)  # there was something to hide
    for client, seat in ((ann, 0), (bob, 1), (watcher, None)):
        assert client.is_over and len(client.raw) > 30
        leaks = [leak for raw in client.raw for leak in _leaks(raw, seat)]
        assert leaks == [], f"{seat}: {leaks[:5]}"
    # The check itself finds what it looks for: the host's own events are full of it.
    full = msgspec.json.encode(table.events)
    assert _leaks(full, 0)


async def test_every_log_line_online_is_the_hosts_line_for_that_seat(tmp_path: Path) -> None:
    """Stacks are uncovered during the game; each client's own fold of what it was sent
    (its log) names the tiles the host names, for each seat and for a watcher."""
    async with hosting("Ann,Bob,bot:greedy", tmp_path, seed=5) as (table, address, task):
        clients = await _play_hosted_game(address, table.codes)
        await asyncio.wait_for(task, 10)
    host_events = table.events
    host_states = states_after(host_events)
    uncovered = [
        index
        for index, event in enumerate(host_events)
        if isinstance(event, TileTaken) and host_states[index].spaces[event.space]
    ]
    assert len(uncovered) >= 5, "the game uncovered several stacks"
    for client, seat in zip(clients, (0, 1, WATCHER), strict=True):
        received = client.events
        assert len(received) == len(host_events)
        states = states_after(received)
        for index in range(1, len(received)):
            seen = event_for(host_events[index], seat)
            expected = describe(host_states[index - 1], seen)
            assert describe(states[index - 1], received[index]) == expected, (seat, index)
        for index in uncovered:
            space = host_events[index].space
            assert states[index].spaces[space][-1] == host_states[index].spaces[space][-1]


async def test_a_watcher_learns_nothing_of_the_pile_from_the_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two hosts whose paths happen to be identical still deal unrelated piles: the
    watcher's messages hold the path, and the path says nothing about the pile."""
    import core.atlantis.setup

    common = new_secret()
    monkeypatch.setattr(
        core.atlantis.setup,
        "stream",
        lambda secret, label: stream(common if label == "path" else secret, label),
    )
    seen = []
    for number in range(2):
        folder = tmp_path / str(number)
        async with hosting("Ann,Bob", folder, seed=None) as (_table, address, _task):
            watcher = RecordingClient(address)
            await watcher.join()
            await watcher.close()
            started = watcher.events[0]
            saved = read_save(next(folder.glob("*.jsonl"))).events[0]
        assert isinstance(started, GameStarted) and isinstance(saved, GameStarted)
        assert started.secret == "" and started.deck == () and started.seed == 0
        assert is_secret(saved.secret) and len(bytes.fromhex(saved.secret)) * 8 >= 128
        assert not any(saved.secret.encode() in raw for raw in watcher.raw)
        seen.append((started.path, saved.deck))
    assert seen[0][0] == seen[1][0]
    assert seen[0][1] != seen[1][1]
