"""Atlantica hosted online with two and with five seats: whole games over loopback, and
not one card a receiver may not know in any message it is sent.

Each seat joins with its code and is played by one of the game's bots from the view
it is sent; a watcher joins without a code. Every message each of them received is
read back from its raw bytes: no card id that is a secret for the receiver at that
moment (``knowledge``), never the game's secret, every view blank where the receiver
may not look, every draw and shuffle order of another blank. So that this cannot pass
for want of secrets, the same readings find them in the host's own events and views.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import msgspec
import pytest

from atlantis_tui.online.bot_player import play_seat
from atlantis_tui.online.protocol import Update, decode_server
from atlantis_tui.session_protocol import WATCHER
from core.atlantica.game_type import ATLANTICA
from core.atlantica.options import Options
from core.atlantica.view import HIDDEN
from core.kernel.chance import secret_from_seed
from tests.atlantica.online.knowledge import (
    Recording,
    blank_places,
    cards_in,
    drain,
    hosting,
    leaks,
    secrets_by_time,
    shape_leaks,
    states_of,
)
from tests.online.conftest import TINY

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve")
BOTS = ("greedy", "random", "expert", "greedy", "random")

CASES = [
    pytest.param(2, 11, Options(), id="two-seats"),
    pytest.param(
        5,
        23,
        Options(final_choices="ask", hired_cards_seen_by_owner=True, start_player="random"),
        id="five-seats-ask",
    ),
]


@pytest.mark.parametrize(("count", "seed", "options"), CASES)
async def test_a_whole_game_and_no_message_holds_what_its_receiver_may_not_see(
    tmp_path: Path, count: int, seed: int, options: Options
) -> None:
    players = ",".join(NAMES[:count])
    async with hosting(players, tmp_path, seed, options) as (table, address, task):
        watcher = Recording(address)
        await watcher.connect()
        watching = asyncio.create_task(drain(watcher))
        seats = [Recording(address, table.codes[seat]) for seat in range(count)]
        for client in seats:
            await client.connect()
        views = await asyncio.gather(
            *(play_seat(client, BOTS[seat], TINY, seat + 1) for seat, client in enumerate(seats))
        )
        await asyncio.wait_for(watching, 20)
        await asyncio.wait_for(task, 20)
    events = list(table.events)
    states = states_of(events)
    final = states[-1]
    assert final.is_over and final.scores
    secret = secret_from_seed(seed)
    receivers = [*((client, seat) for seat, client in enumerate(seats)), (watcher, WATCHER)]
    for client, seat in receivers:
        assert len(client.events) == len(events), seat
        secrets = secrets_by_time(states, seat)
        assert all(secrets), "at every moment some card is hidden from the receiver"
        assert leaks(client.raw, secrets, secret) == [], seat
        assert shape_leaks(client.raw, seat, open_hands=False) == [], seat
    # A watcher sees no hand and no hired card, ever.
    for raw in watcher.raw:
        message = decode_server(raw, ATLANTICA)
        if isinstance(message, Update):
            hidden = message.view.state
            assert all(set(hand) <= {HIDDEN} for hand in (*hidden.hands, *hidden.hired))
    # Each seat saw its own hand, as the host holds it, and ends on the host's scores.
    for seat, view in enumerate(views):
        assert view.state.hands[seat] == final.hands[seat]
        assert view.state.scores == final.scores and view.state.winners == final.winners
        assert view.hand_sizes == tuple(map(len, final.hands))

    # The readings find what they look for: the host's own record and views hold it all.
    written = msgspec.json.encode(events)
    assert secret.encode() in written
    for seat in (0, WATCHER):
        first = secrets_by_time(states, seat)[0]
        assert "H" in first  # the hurricane's place in its pile
        assert set(cards_in(written, first)) == first
        whole = ATLANTICA.privacy.view_for(states[1], seat)
        unblanked = msgspec.structs.replace(whole, state=states[1])
        found = blank_places(unblanked, seat)
        assert {"diver draw pile", "hurricane pile", "research pile"} <= set(found)
        assert ("box" in found) == bool(states[1].box)  # five seats set nothing aside (S4)
        assert any(place.startswith("hand of seat") for place in found)
