"""Setting up a game (S2–S6): the start seat, the seven rolls, the shuffles, the deal.

All chance is drawn here, each use from its own stream of the game's secret
(``core.kernel.chance``: ``start``, ``rolls``, ``orange``, ``emerald``), and
written into ``GameStarted``; the board, the hands and the piles follow from
it (``board_after_rolls``, ``deal``), so a replay never draws again. A game
with no secret (a test's) draws from ``random.Random`` seeded by the label.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from core.arkantis.board import from_picture
from core.arkantis.cards import card_ids
from core.arkantis.data import DataSet, default_data_set, load_data_set
from core.arkantis.events import AnyEvent, GameStarted
from core.arkantis.i18n import _
from core.arkantis.options import DEFAULT_DATA_SET, DEFAULT_OPTIONS, Options
from core.arkantis.squares import COLUMNS, SIZE, square
from core.arkantis.state import DEAL, MAX_PLAYERS, MIN_PLAYERS
from core.kernel.chance import stream
from core.kernel.errors import IllegalMove

ROLLS = 7
"""S5.2: one roll of the die per row."""


def chance(secret: str, label: str) -> random.Random:
    """The stream ``label`` of the game's chance (a plain generator without a secret)."""
    return stream(secret, label) if secret else random.Random(f"arkantis/{label}")


def crossed_row(row: int, free: int) -> list[int]:
    """S5.2: the crossed squares of ``row`` in counting order: from the left in rows
    1, 3, 5, 7, from the right in rows 2, 4, 6."""
    return list(_crossed(row, free))


@lru_cache(maxsize=SIZE * SIZE)
def _crossed(row: int, free: int) -> tuple[int, ...]:
    """``crossed_row``, made once per row and free column (every game's opening asks)."""
    columns = [column for column in range(SIZE) if column != free]
    if row % 2:
        columns.reverse()
    return tuple(square(row, column) for column in columns)


@lru_cache(maxsize=SIZE)
def _full_board(free: int) -> tuple[int, tuple[int, ...]]:
    """S5.1: the 42 tokens before any roll, and the crossed squares in counting order."""
    path = tuple(sq for row in range(SIZE) for sq in _crossed(row, free))
    tokens = sum(1 << sq for sq in path)
    for row in range(SIZE):
        tokens |= 1 << square(row, free)  # the taken tokens fill the free column
    return tokens, path


def board_after_rolls(rolls: Sequence[int], free_column: str, setup_count: str) -> int:
    """S5: the tokens after the seven rolls, as bits (``per_row`` S5.2 or ``snake`` S5.4)."""
    free = COLUMNS.index(free_column)
    tokens, path = _full_board(free)
    if setup_count == "snake":
        position = 0
        for roll in rolls:
            position += roll
            tokens &= ~(1 << path[position - 1])
    else:
        for row, roll in enumerate(rolls):
            tokens &= ~(1 << _crossed(row, free)[roll - 1])
    return tokens


def cut(cards: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """S4: the top ⌈n/2⌉ cards stay face down, the other ⌊n/2⌋ go face up."""
    half = (len(cards) + 1) // 2
    return tuple(cards[:half]), tuple(cards[half:])


def deal(
    players: int, orange: Sequence[str], emerald: Sequence[str]
) -> tuple[tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...]]:
    """S3, S4: each seat's hand (seat 1 first: 2 orange, 1 emerald from the tops), and
    the four piles (``state.PILES`` order, top first)."""
    per_orange, per_emerald = DEAL["orange"], DEAL["emerald"]
    hands = tuple(
        (
            *orange[seat * per_orange : (seat + 1) * per_orange],
            *emerald[seat * per_emerald : (seat + 1) * per_emerald],
        )
        for seat in range(players)
    )
    orange_down, orange_up = cut(orange[players * per_orange :])
    emerald_down, emerald_up = cut(emerald[players * per_emerald :])
    return hands, (orange_down, orange_up, emerald_down, emerald_up)


def data_set_for(options: Options) -> DataSet:
    """S1.6: the data set the options name (``default``, or a data file's path)."""
    if options.data_set == DEFAULT_DATA_SET:
        return default_data_set()
    return load_data_set(options.data_set)


def validate_players(players: Sequence[str]) -> None:
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise IllegalMove(
            "S2", _("ArkantiS is for 2 to 4 players, not {count}").format(count=len(players))
        )
    if any(not name.strip() for name in players):
        raise IllegalMove("S2", _("every player needs a name"))


def new_game(
    players: Sequence[str],
    options: Options = DEFAULT_OPTIONS,
    secret: str = "",
    data_set: DataSet | None = None,
) -> list[AnyEvent]:
    """S2–S6: the event that opens a game (the deal and the piles follow from it)."""
    validate_players(players)
    data = data_set if data_set is not None else data_set_for(options)
    start = chance(secret, "start").randrange(len(players))
    roller = chance(secret, "rolls")
    rolls = tuple(roller.randint(1, 6) for _roll in range(ROLLS))
    orders: dict[str, list[str]] = {"orange": [], "emerald": []}
    for kind in data.kinds:
        orders[kind.colour] += card_ids(kind)
    for colour, cards in orders.items():
        chance(secret, colour).shuffle(cards)
    return [
        GameStarted(
            tuple(players),
            options,
            data.name,
            data.hash,
            data.free_column,
            data.kinds,
            start,
            rolls,
            tuple(orders["orange"]),
            tuple(orders["emerald"]),
            secret=secret,
        )
    ]


def prepared_board(picture: str) -> int:
    """The tokens of a prepared position's ``board`` (``GameStarted.board``)."""
    return from_picture(picture)
