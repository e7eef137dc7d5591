"""Setting up a game (S2–S5): lay the path, shuffle the cards, deal.

All chance of the setup is drawn here and written into the events, so the
game can be replayed without it: from the game's secret, one keyed stream for
the path, one for the deck and one for the start player (``core.kernel.chance``);
or, for a game made from a plain seed, from ``random.Random(seed)``.
"""

from __future__ import annotations

import random
from functools import reduce

from core.atlantis.decide import chance_shuffle, draw
from core.atlantis.events import AnyEvent, GameStarted
from core.atlantis.evolve import evolve, initial_state
from core.atlantis.i18n import _
from core.atlantis.items import ITEM_COUNT
from core.atlantis.options import DEFAULT_OPTIONS, Options
from core.atlantis.state import CARDS_PER_ITEM, MAX_PLAYERS, MIN_PLAYERS, State
from core.atlantis.tiles import TileSet, default_tile_set
from core.kernel.chance import stream
from core.kernel.errors import IllegalMove

# S2: from Atlantis, (stack height, how many) for back A; back B mirrors it.
LAYOUT_A: tuple[tuple[int, int], ...] = ((2, 10), (1, 10), (2, 6))
LAYOUT_B: tuple[tuple[int, int], ...] = ((2, 6), (1, 10), (2, 10))
FIRST_HAND = 4


def lay_path(tiles: TileSet, rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """S2: 26 spaces of A tiles, one water space, 26 spaces of B tiles."""
    path: list[tuple[int, ...]] = []
    for back, layout in (("A", LAYOUT_A), ("B", LAYOUT_B)):
        pile = [index for index, tile in enumerate(tiles) if tile.back == back]
        rng.shuffle(pile)
        for height, count in layout:
            for _space in range(count):
                path.append(tuple(pile[:height]))
                del pile[:height]
        if back == "A":
            path.append(())
    return tuple(path)


def validate_players(players: tuple[str, ...]) -> None:
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise IllegalMove(
            "S3", _("Atlantis is for 2 to 4 players, not {count}").format(count=len(players))
        )
    if any(not name.strip() for name in players):
        raise IllegalMove("S3", _("every player needs a name"))


def new_game(
    players: tuple[str, ...] | list[str],
    seed: int = 0,
    options: Options = DEFAULT_OPTIONS,
    tiles: TileSet | None = None,
    *,
    secret: str = "",
) -> list[AnyEvent]:
    """The events that open a game: ``GameStarted`` and the deal (S4).

    With a ``secret`` every use of chance is keyed by it (and ``seed`` is not
    recorded); without one, chance comes from ``random.Random(seed)``, which is
    for tests, simulations and benchmarks, whose tables anyone may rebuild.
    """
    players = tuple(players)
    validate_players(players)
    tiles = tiles if tiles is not None else default_tile_set()
    deck = [item for item in range(ITEM_COUNT) for _copy in range(CARDS_PER_ITEM)]
    if secret:
        seed = 0
        path = lay_path(tiles, stream(secret, "path"))
        stream(secret, "deck").shuffle(deck)
        starter = stream(secret, "start")
    else:
        starter = random.Random(seed)
        path = lay_path(tiles, starter)
        starter.shuffle(deck)
    start = starter.randrange(len(players)) if options.start_player == "random" else 0
    started = GameStarted(players, options, tiles, path, tuple(deck), start, seed, secret=secret)
    return [started, *deal(initial_state(started))]


def deal(state: State) -> list[AnyEvent]:
    """S4: from the start player, in seat order, 4, 5, 6, 7 cards."""
    events: list[AnyEvent] = []
    for offset in range(state.player_count):
        seat = (state.current + offset) % state.player_count
        dealt = draw(state, seat, FIRST_HAND + offset, "deal", chance_shuffle)
        state = reduce(evolve, dealt, state)
        events += dealt
    return events
