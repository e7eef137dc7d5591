"""Setting up a game (S2–S7): the start seat, the shuffles, the box, the hurricane pile.

All chance is drawn here, each use from its own stream of the game's secret
(``core.kernel.chance``: ``start``, ``divers``, ``treasures``, ``hurricane``,
``ships/A`` …, ``research``), and written into ``GameStarted``; the deal and
the first displays follow from the orders (``evolve.initial_state``), so a
replay never draws again. A game with no secret (a test's) draws from
``random.Random`` seeded by the label.

``prepared_game`` opens a position laid by hand (a lesson, a worked example):
what the players hold and the displays show are given, and the piles are the
cards left over unless their orders are given too.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from core.atlantica.cards import (
    HURRICANE,
    SHIP_PILES,
    GameData,
    diver_ids,
    research_ids,
    ship_ids,
    treasure_ids,
)
from core.atlantica.data import default_data, load_data, round_spaces_refusal
from core.atlantica.events import AnyEvent, GameStarted, Prepared
from core.atlantica.i18n import _
from core.atlantica.options import DEFAULT_DATA_SET, DEFAULT_OPTIONS, Options
from core.atlantica.state import BOXED, HURRICANE_TREASURES, MAX_PLAYERS, MIN_PLAYERS
from core.kernel.chance import stream
from core.kernel.errors import IllegalMove

FORMAT = 1
"""The save format of Atlantica's events."""


def chance(secret: str, label: str) -> random.Random:
    """The stream ``label`` of the game's chance (a plain generator without a secret)."""
    return stream(secret, label) if secret else random.Random(f"atlantica/{label}")


def shuffled(secret: str, label: str, cards: Sequence[str]) -> tuple[str, ...]:
    """``cards`` in the order stream ``label`` gives them."""
    order = list(cards)
    chance(secret, label).shuffle(order)
    return tuple(order)


def data_for(options: Options) -> GameData:
    """S1.7: the data set the options name (``default``, or a data file's path)."""
    if options.data_set == DEFAULT_DATA_SET:
        return default_data()
    return load_data(options.data_set).data


def validate_players(players: Sequence[str]) -> None:
    """S2: 2 to 5 players, each with a name."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise IllegalMove(
            "S2", _("Atlantica is for 2 to 5 players, not {count}").format(count=len(players))
        )
    if any(not name.strip() for name in players):
        raise IllegalMove("S2", _("every player needs a name"))


def new_game(
    players: Sequence[str],
    options: Options = DEFAULT_OPTIONS,
    secret: str = "",
    data: GameData | None = None,
) -> list[AnyEvent]:
    """S2–S7: the event that opens a game (the deal and the displays follow from it)."""
    validate_players(players)
    data = data if data is not None else data_for(options)
    refusal = round_spaces_refusal(options, data)
    if refusal is not None:  # V1: never quietly play ``marked`` as ``every``
        raise IllegalMove("V1", refusal.removeprefix("V1: "))
    count = len(players)
    start = chance(secret, "start").randrange(count) if options.start_player == "random" else 0
    divers = shuffled(secret, "divers", diver_ids())  # S3
    treasures = shuffled(secret, "treasures", treasure_ids(data))  # S4
    boxed = BOXED[count]
    box = treasures[:boxed]
    hurricane = shuffled(  # S4.1
        secret, "hurricane", (*treasures[boxed : boxed + HURRICANE_TREASURES], HURRICANE)
    )
    main = treasures[boxed + HURRICANE_TREASURES :]  # S4.2
    ships = tuple(shuffled(secret, f"ships/{pile}", ship_ids(data, pile)) for pile in SHIP_PILES)
    research = shuffled(secret, "research", research_ids(data))  # S6
    return [
        GameStarted(
            players=tuple(players),
            options=options,
            data=data,
            start_player=start,
            divers=divers,
            box=box,
            hurricane=hurricane,
            treasures=main,
            ships=(ships[0], ships[1], ships[2]),
            research=research,
            format=FORMAT,
            secret=secret,
        )
    ]


def _left(cards: Sequence[str], used: set[str], label: str) -> tuple[str, ...]:
    """The cards not laid out, in a fixed shuffled order (a prepared game's piles)."""
    return shuffled("", f"prepared/{label}", [card for card in cards if card not in used])


def prepared_game(
    players: Sequence[str],
    options: Options,
    prepared: Prepared,
    *,
    divers: Sequence[str] | None = None,
    box: Sequence[str] = (),
    hurricane: Sequence[str] | None = None,
    treasures: Sequence[str] | None = None,
    ships: Sequence[Sequence[str]] | None = None,
    research: Sequence[str] | None = None,
    start_player: int = 0,
    secret: str = "",
    data: GameData | None = None,
) -> list[AnyEvent]:
    """A game opening on a position laid by hand (lessons, worked examples).

    ``prepared`` holds the hands, what each player has collected, the displays
    and the discard pile. Each pile not given is made of the cards not laid out
    (in a fixed order): the draw pile of the divers left, the hurricane pile of
    ten treasures left and the hurricane card last, the main pile of the rest,
    each ship pile of its cards left, the research pile of the research left.
    """
    validate_players(players)
    data = data if data is not None else data_for(options)
    refusal = round_spaces_refusal(options, data)
    if refusal is not None:  # V1: never quietly play ``marked`` as ``every``
        raise IllegalMove("V1", refusal.removeprefix("V1: "))
    count = len(players)

    def padded(rows: tuple[tuple[str, ...], ...]) -> tuple[tuple[str, ...], ...]:
        return tuple(rows[seat] if seat < len(rows) else () for seat in range(count))

    prepared = Prepared(
        hands=padded(prepared.hands),
        treasures=padded(prepared.treasures),
        ships=padded(prepared.ships),
        research=padded(prepared.research),
        treasure_display=prepared.treasure_display,
        research_display=prepared.research_display,
        discard=prepared.discard,
    )
    held = {
        card
        for rows in (prepared.hands, prepared.treasures, prepared.ships, prepared.research)
        for row in rows
        for card in row
    }
    held |= {*prepared.treasure_display, *prepared.research_display, *prepared.discard, *box}
    if divers is None:
        divers = _left(diver_ids(), held, "divers")
    if hurricane is None or treasures is None:
        left = _left(treasure_ids(data), held, "treasures")
        if hurricane is None:
            hurricane = (*left[:HURRICANE_TREASURES], HURRICANE)
        if treasures is None:
            treasures = tuple(card for card in left if card not in hurricane)
    if ships is None:
        ships = tuple(_left(ship_ids(data, pile), held, f"ships/{pile}") for pile in SHIP_PILES)
    if research is None:
        research = _left(research_ids(data), held, "research")
    return [
        GameStarted(
            players=tuple(players),
            options=options,
            data=data,
            start_player=start_player,
            divers=tuple(divers),
            box=tuple(box),
            hurricane=tuple(hurricane),
            treasures=tuple(treasures),
            ships=(tuple(ships[0]), tuple(ships[1]), tuple(ships[2])),
            research=tuple(research),
            format=FORMAT,
            secret=secret,
            prepared=prepared,
        )
    ]
