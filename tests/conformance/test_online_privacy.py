"""A whole game online: no message a seat or a watcher receives holds what it may not see.

Two seats played by the game's bots through real clients, a third seat played
by the host's own bot where the game takes three, and a watcher, over a real
host on loopback. Every message each of them was sent, read back from the raw
bytes, must hold:

- events that planting markers in and hiding again gives back unchanged (every
  place the receiver may not look was already blank: ``privacy.received_leaks``);
- views that are the receiver's view of the host's state, whatever the values
  it may not see (``GameType.privacy.plant``);
- never the game's secret.

So that this cannot pass for want of anything to hide, the same reading finds
hidden values in the host's own events.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import msgspec

from core.kernel.registry import AnyGameType
from tests.conformance.online_access import (
    WATCHER,
    RecordingClient,
    hosting,
    message_leaks,
    play_as_bot,
    require_online,
    secret_of,
)
from tests.conformance.privacy import MARKERS, open_hands, received_leaks

SEED = 29


def _seats(game: AnyGameType) -> str:
    bots = sorted(game.play.bots)
    extra = f",bot:{bots[len(bots) // 2]}" if game.players.most >= 3 else ""
    return "Ann,Bob" + extra


def _states(game: AnyGameType, events: list[Any]) -> list[Any]:
    """The host's state after each of its events."""
    states = [game.fold(events[:1])]
    for event in events[1:]:
        states.append(game.evolve(states[-1], event))
    return states


async def test_no_message_holds_what_its_receiver_may_not_see(
    game: AnyGameType, tmp_path: Path
) -> None:
    require_online(game)
    bots = sorted(game.play.bots)
    async with hosting(_seats(game), tmp_path, seed=SEED, game=game) as (table, address, task):
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
        await asyncio.gather(
            play_as_bot(ann, game, bots[0], 1), play_as_bot(bob, game, bots[-1], 2)
        )
        await asyncio.wait_for(watching, 10)
        await asyncio.wait_for(task, 10)
    events = list(table.events)
    states = _states(game, events)
    assert game.is_over(states[-1])
    hands_open = open_hands(game.default_options())  # the host plays the default options
    secret = secret_of(SEED)
    for client, seat in ((ann, 0), (bob, 1), (watcher, WATCHER)):
        assert len(client.events) == len(events), seat
        leaks = [
            leak
            for raw in client.raw
            for leak in message_leaks(game, raw, seat, states, hands_open, secret)
        ]
        assert leaks == [], f"seat {seat}: {leaks[:5]}"
    # The reading finds what it looks for: the host's own events are full of it.
    assert secret.encode() in msgspec.json.encode(events)
    for seat in (0, 1, WATCHER):
        assert any(received_leaks(game, event, seat, hands_open, MARKERS[0]) for event in events)
