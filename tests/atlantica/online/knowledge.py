"""What each receiver of an Atlantica game hosted online may know, and a search of the
raw bytes it was sent for anything else.

Every card has its own id (``W7``, ``ARC-3``, ``B4-1``, ``R6-2``, the hurricane ``H``),
so every hidden card is a distinctive marker planted by the deal itself: from the
host's full state after every event, each receiver's knowledge is worked out (L4):
every card on the table (displays, what each seat collected, the discard pile, each
ship pile's top, the released treasures, the hurricane once drawn), its own hand
(every hand with open hands) and its own hired cards when it may look at them. Any
other card id (another seat's hand or hired cards, the diver draw pile, the main
treasure pile, the hurricane pile, so the hurricane's place in it, the research
pile, the ship piles under their tops, the box) is a secret at that moment, and must
not be in the bytes of any message sent then, quoted as JSON writes it or inside a
sentence. Knowledge only grows: a card seen once (in the discard pile, say) is no
longer a secret when it goes back under (a reshuffle); the order of such a pile is
checked apart, by the shape of the views and events (``blank_places``).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
from collections.abc import AsyncIterator, Iterable, Sequence
from pathlib import Path
from typing import Any

from atlantis_tui.online.client import OnlineClient
from atlantis_tui.online.hosting import new_table, run_host
from atlantis_tui.online.protocol import AnyServerMessage, Update, decode_server
from atlantis_tui.online.table import Table
from atlantis_tui.session import parse_players
from core.atlantica.cards import HURRICANE, SHIP_PILES
from core.atlantica.events import (
    DiverDeckReshuffled,
    DiversHired,
    HiredDiversJoinedHand,
    PileShuffled,
    TurnPassed,
)
from core.atlantica.game_type import ATLANTICA
from core.atlantica.options import Options
from core.atlantica.state import State
from core.atlantica.view import HIDDEN, PlayerView, sees_hand, sees_hired
from core.kernel.bots import make_bot_from
from tests.online.conftest import TINY


@contextlib.asynccontextmanager
async def hosting_table(table: Table) -> AsyncIterator[tuple[Table, str, asyncio.Task[None]]]:
    """``table`` served on a free loopback port in this event loop: it, its address, the
    host's task."""
    ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(run_host(table, bot_delay=0.0, on_ready=ready.set_result))
    port = await asyncio.wait_for(ready, 10)
    try:
        yield table, f"127.0.0.1:{port}", task
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        table.session.close()


def atlantica_table(players: str, save_dir: Path, seed: int, options: Options) -> Table:
    """A new Atlantica table with these rule options (``atlantis host --game atlantica``)."""
    seats = parse_players(players, ATLANTICA)
    return new_table(seats, save_dir, seed, TINY, options=options, game=ATLANTICA)


def table_at_scoring(players: str, save_dir: Path, seed: int) -> Table:
    """A table of ``final_choices = ask`` whose turns the game's greedy bot played
    (every seat human, so no bot answers for any at scoring): it waits for the first
    seat's scoring choices (E3, E5)."""
    table = atlantica_table(players, save_dir, seed, Options(final_choices="ask"))
    bot = make_bot_from(ATLANTICA.play.bots, "greedy", TINY)
    rng = random.Random(seed)
    while table.session.state.phase == "turn":
        state = table.session.state
        table.play(bot.decide(ATLANTICA.privacy.view_for(state, state.to_act), rng))
    assert table.session.state.phase == "scoring"
    return table


@contextlib.asynccontextmanager
async def hosting(
    players: str, save_dir: Path, seed: int, options: Options | None = None
) -> AsyncIterator[tuple[Table, str, asyncio.Task[None]]]:
    """An Atlantica game of ``players`` hosted over loopback with ``options``."""
    table = atlantica_table(players, save_dir, seed, options or Options())
    async with hosting_table(table) as hosted:
        yield hosted


class Recording(OnlineClient):
    """A client that keeps the raw bytes of every message it is sent."""

    def __init__(self, address: str, code: str = "") -> None:
        super().__init__(address, code, rejoin=False)
        self.raw: list[bytes] = []

    def _receive(self, raw: str | bytes) -> AnyServerMessage:
        self.raw.append(raw.encode() if isinstance(raw, str) else raw)
        return super()._receive(raw)


async def drain(client: OnlineClient) -> None:
    """Read a watcher's messages until the game is over."""
    async for _message in client.messages():
        pass


def states_of(events: Sequence[Any]) -> list[State]:
    """The host's full state after each of its events."""
    states = [ATLANTICA.fold(list(events[:1]))]
    for event in events[1:]:
        states.append(ATLANTICA.evolve(states[-1], event))
    return states


def _rows(rows: Iterable[Iterable[str]]) -> set[str]:
    return {card for row in rows for card in row}


def every_card(state: State) -> set[str]:
    """Every card id in ``state``, wherever it lies (the hurricane while in its pile)."""
    cards = _rows((*state.hands, *state.hired, *state.treasures, *state.ships, *state.research))
    cards |= _rows((*state.ship_piles, *state.released))
    for pile in (
        state.divers,
        state.discard,
        state.box,
        state.main_pile,
        state.hurricane_pile,
        state.treasure_display,
        state.research_pile,
        state.research_display,
    ):
        cards.update(pile)
    return cards - {HIDDEN}


def seen_in(state: State, seat: int) -> set[str]:
    """What ``seat`` (``WATCHER``: nobody's) sees of the cards in ``state`` (L4)."""
    seen = _rows((*state.treasures, *state.ships, *state.research, *state.released))
    seen.update(state.treasure_display, state.research_display, state.discard)
    seen.update(pile[0] for pile in state.ship_piles if pile)
    if state.hurricane_holder is not None:
        seen.add(HURRICANE)
    for player in range(state.player_count):
        if sees_hand(state, seat, player):
            seen.update(state.hands[player])
        if sees_hired(state, seat, player):
            seen.update(state.hired[player])
    return seen - {HIDDEN}


def secrets_by_time(states: list[State], seat: int) -> list[frozenset[str]]:
    """For each event count (index ``t``: after event ``t``), the card ids ``seat`` may
    not know then; knowledge only grows."""
    universe: set[str] = set()
    for state in states:
        universe |= every_card(state)
    known: set[str] = set()
    found = []
    for state in states:
        known |= seen_in(state, seat)
        found.append(frozenset(universe - known))
    return found


def _pattern(card: str) -> re.Pattern[bytes]:
    """``card`` as a whole id. A treasure, ship or research id (``ARC-3``, ``B4-1``,
    ``R6-2``) cannot be mistaken, so it is looked for anywhere, in a sentence too. A
    diver's id is also a name the rules give other things (``R5``, the research kind,
    a key of the data recorded in ``game-started``; ``B4``, a barge in the rules'
    notation), and the hurricane's a lone capital: those are looked for as a JSON
    string that is not a key."""
    if "-" in card:
        return re.compile(rb"(?<![A-Za-z0-9-])" + re.escape(card.encode()) + rb"(?![0-9-])")
    return re.compile(rb'"' + re.escape(card.encode()) + rb'"(?!\s*:)')


def cards_in(raw: bytes, cards: Iterable[str]) -> list[str]:
    """The ids of ``cards`` that ``raw`` holds."""
    return [card for card in sorted(cards) if _pattern(card).search(raw)]


def leaks(raw_messages: list[bytes], secrets: list[frozenset[str]], secret: str) -> list[str]:
    """Every secret card id, and the game's secret, in any message."""
    everything = frozenset().union(*secrets)
    patterns = {card: _pattern(card) for card in everything}
    found = []
    time = -1  # before the first update the receiver knows no card
    for index, raw in enumerate(raw_messages):
        message = decode_server(raw, ATLANTICA)
        if isinstance(message, Update):
            time = message.start + len(message.events) - 1
        hidden = secrets[time] if time >= 0 else everything
        found += [
            f"message {index} ({type(message).__name__}) holds {card}"
            for card in sorted(hidden)
            if patterns[card].search(raw)
        ]
        if secret.encode() in raw:
            found.append(f"message {index} holds the game's secret")
    return found


def blank_places(view: PlayerView, seat: int) -> list[str]:
    """The places of a view that must be all blanks for ``seat`` and are not: every
    hidden pile whole, the ship piles under their tops, other hands and hired cards."""
    state = view.state
    piles = {
        "diver draw pile": state.divers,
        "main treasure pile": state.main_pile,
        "hurricane pile": state.hurricane_pile,
        "research pile": state.research_pile,
        "box": state.box,
    }
    for pile, cards in zip("ABC", state.ship_piles, strict=True):
        piles[f"ship pile {pile} under its top"] = cards[1:]
    for player in range(state.player_count):
        if not sees_hand(state, seat, player):
            piles[f"hand of seat {player}"] = state.hands[player]
        if not sees_hired(state, seat, player):
            piles[f"hired cards of seat {player}"] = state.hired[player]
    wrong = [place for place, cards in piles.items() if set(cards) - {HIDDEN}]
    if state.secret or state.seed:
        wrong.append("the secret or the seed")
    return wrong


def event_shapes(events: Iterable[Any], seat: int, open_hands: bool) -> list[str]:
    """Events that carry an order or a draw ``seat`` may not see."""
    wrong = []
    for event in events:
        if isinstance(event, DiverDeckReshuffled) and set(event.order) - {HIDDEN}:
            wrong.append("the reshuffled diver pile's order")
        if isinstance(event, PileShuffled):
            under = event.order[1:] if event.pile in SHIP_PILES else event.order
            if set(under) - {HIDDEN}:
                wrong.append(f"pile {event.pile}'s new order")
        if isinstance(event, TurnPassed | HiredDiversJoinedHand | DiversHired):
            mine = seat == event.player and (
                not isinstance(event, DiversHired) or event.seen_by_owner
            )
            if event.cards and not (open_hands or mine):
                wrong.append(f"seat {event.player}'s drawn cards in {type(event).__name__}")
    return wrong


def shape_leaks(raw_messages: list[bytes], seat: int, open_hands: bool) -> list[str]:
    """What the views and events of ``raw_messages`` show that ``seat`` may not see."""
    found = []
    for index, raw in enumerate(raw_messages):
        message = decode_server(raw, ATLANTICA)
        if isinstance(message, Update):
            if message.view.seat != seat:
                found.append(f"message {index}: the view of seat {message.view.seat}")
            found += [f"message {index}: {what}" for what in blank_places(message.view, seat)]
            found += [
                f"message {index}: {what}"
                for what in event_shapes(message.events, seat, open_hands)
            ]
    return found
