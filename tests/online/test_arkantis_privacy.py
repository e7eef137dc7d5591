"""ArkantiS hosted online: whole games over loopback, and not one card a receiver may
not know in any message it is sent.

Each client keeps the raw bytes of every message. From the host's full state after
every event, each receiver's knowledge is worked out: the cards it has held, every
card laid, every card that has been on top of a face-up pile (L3). Every other card
id (another seat's hand, the face-down piles, the cards under a face-up top, so also
the shuffles' orders) is a secret at that moment, and must not be in the bytes of any
message sent then (a card id is looked for as JSON writes it, in quotes). Nor may
the game's secret. So that this cannot pass for want of secrets, the host's own
events are shown to hold them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from atlantis_tui.online.bot_player import play_seat
from atlantis_tui.online.client import OnlineClient
from atlantis_tui.online.protocol import AnyServerMessage, Update, decode_server
from atlantis_tui.session_protocol import WATCHER
from core.arkantis.game_type import ARKANTIS
from core.arkantis.state import PILES, State
from core.arkantis.view import HIDDEN
from core.kernel.chance import secret_from_seed
from tests.online.conftest import TINY, hosting

SEED = 11


class Recording(OnlineClient):
    """A client that keeps the raw bytes of every message it is sent."""

    def __init__(self, address: str, code: str = "") -> None:
        super().__init__(address, code, rejoin=False)
        self.raw: list[bytes] = []

    def _receive(self, raw: str | bytes) -> AnyServerMessage:
        self.raw.append(raw.encode() if isinstance(raw, str) else raw)
        return super()._receive(raw)


def states_of(events: Sequence[Any]) -> list[State]:
    """The host's full state after each of its events."""
    states = [ARKANTIS.fold(list(events[:1]))]
    for event in events[1:]:
        states.append(ARKANTIS.evolve(states[-1], event))
    return states


def every_card(state: State) -> frozenset[str]:
    cards = [card for group in (*state.hands, *state.laid, *state.piles) for card in group]
    return frozenset(cards)


def seen_in(state: State, seat: int) -> set[str]:
    """What ``seat`` (``WATCHER``: nobody's) may know of the cards in ``state`` (L3)."""
    seen = {card for laid in state.laid for card in laid}
    seen.update(
        pile[0]
        for pile, (_c, side) in zip(state.piles, PILES, strict=True)
        if pile and side == "up"
    )
    if seat != WATCHER:
        seen.update(state.hands[seat])
    return seen


def secrets_by_time(states: list[State], seat: int) -> list[frozenset[str]]:
    """For each event count (index ``t``: after event ``t``), the cards ``seat`` may not
    know then; knowledge only grows."""
    cards = every_card(states[0])
    known: set[str] = set()
    found = []
    for state in states:
        known |= seen_in(state, seat)
        found.append(cards - known)
    return found


def leaks(raw_messages: list[bytes], secrets: list[frozenset[str]], secret: str) -> list[str]:
    """Every secret card (quoted, as in JSON) and the game's secret, in any message."""
    everything = secrets[0] | {card for later in secrets for card in later}
    found = []
    time = -1  # before the first update the receiver knows no card
    for index, raw in enumerate(raw_messages):
        message = decode_server(raw, ARKANTIS)
        if isinstance(message, Update):
            time = message.start + len(message.events) - 1
        hidden = secrets[time] if time >= 0 else everything
        for card in hidden:
            if b'"' + card.encode() + b'"' in raw:
                found.append(f"message {index} ({type(message).__name__}) holds {card}")
        if secret.encode() in raw:
            found.append(f"message {index} holds the game's secret")
    return found


async def _watch(client: OnlineClient) -> None:
    async for _message in client.messages():
        pass


async def test_two_bots_play_a_whole_game_and_no_message_holds_a_card_hidden_from_its_receiver(
    tmp_path: Path,
) -> None:
    async with hosting("Ann,Bob", tmp_path, seed=SEED, game=ARKANTIS) as (table, address, task):
        ann, bob, watcher = (
            Recording(address, table.codes[0]),
            Recording(address, table.codes[1]),
            Recording(address),
        )
        await watcher.connect()
        watching = asyncio.create_task(_watch(watcher))
        for client in (ann, bob):
            await client.connect()
        views = await asyncio.gather(
            play_seat(ann, "greedy", TINY, 1), play_seat(bob, "random", TINY, 2)
        )
        await asyncio.wait_for(watching, 10)
        await asyncio.wait_for(task, 10)
    events = list(table.events)
    states = states_of(events)
    final = states[-1]
    assert final.is_over and final.scores
    secret = secret_from_seed(SEED)
    for client, seat in ((ann, 0), (bob, 1), (watcher, WATCHER)):
        assert len(client.events) == len(events)
        secrets = secrets_by_time(states, seat)
        assert all(secrets), "at every moment some card is hidden from the receiver"
        found = leaks(client.raw, secrets, secret)
        assert found == [], f"seat {seat}: {found[:5]}"
    # A watcher sees no hand at all: every card in every hand it was sent is a back.
    for raw in watcher.raw:
        message = decode_server(raw, ARKANTIS)
        if isinstance(message, Update):
            assert all(set(hand) <= {HIDDEN} for hand in message.view.state.hands)
            assert message.view.seat == WATCHER
    # The reading finds what it looks for: the host's own events hold the secret cards.
    written = msgspec.json.encode(events)
    assert secret.encode() in written
    for seat in (0, 1, WATCHER):
        first = secrets_by_time(states, seat)[0]
        assert all(b'"' + card.encode() + b'"' in written for card in first)
    # Both seats end on the same scores as the host, each from its own view.
    for view in views:
        assert view.state.scores == final.scores
        assert view.state.winners == final.winners


async def test_a_seat_reads_every_hands_colours_from_the_view_it_is_sent(tmp_path: Path) -> None:
    """L3: the backs of a hand are public. A hand a seat may not see is blank cards in its
    view's state, so the counts of each colour are the view's, exact, as the host's."""
    async with hosting("Ann,Bob", tmp_path, seed=SEED, game=ARKANTIS) as (table, address, task):
        ann, bob = Recording(address, table.codes[0]), Recording(address, table.codes[1])
        for client in (ann, bob):
            await client.connect()
        await asyncio.gather(play_seat(ann, "greedy", TINY, 3), play_seat(bob, "greedy", TINY, 4))
        await asyncio.wait_for(task, 10)
    final = states_of(table.events)[-1]
    for client, seat in ((ann, 0), (bob, 1)):
        view = client.view
        assert view.hand_colours == ARKANTIS.privacy.view_for(final, seat).hand_colours
        assert view.hand_sizes == tuple(map(len, final.hands))
        other = 1 - seat
        assert set(view.state.hands[other]) <= {HIDDEN}
        assert view.state.hands[seat] == final.hands[seat]
