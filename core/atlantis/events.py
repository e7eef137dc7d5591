"""Events: the facts a game is made of, in the past tense.

Each is a frozen msgspec struct with an explicit tag that is never renamed;
fields added later always get defaults, so old saves keep decoding. Chance is
recorded here (the path and deck order in ``GameStarted``, the cards in
``CardsDrawn``, the new order in ``DeckReshuffled`` and ``PileShuffled``), so
replaying a game never calls a random number generator.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from core.atlantis.options import Options
from core.atlantis.tiles import Tile
from core.kernel.events import EventsUndone as EventsUndone  # in every game's union

DrawReason = Literal["deal", "buy", "turn", "stuck"]


class Event(msgspec.Struct, frozen=True, tag_field="type"):
    """Base class of Atlantis's own events; every event is one of ``AnyEvent``, which
    also holds the kernel's ``EventsUndone`` (an undo, the same in every game)."""


class GameStarted(Event, frozen=True, tag="game-started"):
    """S2–S5: the path as laid (53 stacks, bottom to top, 27 empty), the deck
    order (first element on top) and the start player.

    A prepared position (a lesson, a rulebook example) also sets where pawns
    stand, which tiles players hold and which bridges are placed; a normal
    game leaves these empty.

    ``secret`` (hex, format 2 on) is where every use of chance in the game
    comes from (``core.kernel.chance``); it is empty in games whose chance comes from
    ``random.Random(seed)``: saves of format 0–1, tests and simulations.
    """

    players: tuple[str, ...]
    options: Options
    tiles: tuple[Tile, ...]
    path: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    start_player: int
    seed: int
    pawns: tuple[tuple[int, ...], ...] = ()
    collected: tuple[tuple[int, ...], ...] = ()
    bridges: tuple[int | None, ...] = ()
    secret: str = ""


class CardsDrawn(Event, frozen=True, tag="cards-drawn"):
    """Cards taken from the top of the draw pile (S4 deal, T1, T8, T9).

    In a view for another player ``cards`` is empty and only ``count`` shows.
    """

    player: int
    cards: tuple[int, ...]
    count: int
    reason: DrawReason


class DeckReshuffled(Event, frozen=True, tag="deck-reshuffled"):
    """T8: the discard pile became the draw pile in this order (top first)."""

    deck: tuple[int, ...]


class PileShuffled(Event, frozen=True, tag="pile-shuffled"):
    """The draw pile, in this new order, before the first draw after an undo that
    had shown cards from it: undoing cannot tell anyone what the pile holds.

    Only games with a secret (format 2 on) shuffle so.
    """

    deck: tuple[int, ...]


class CardsBought(Event, frozen=True, tag="cards-bought"):
    """T1: a collected tile went back to the box to buy ⌊value/2⌋ cards."""

    player: int
    tile: int


class BridgePlaced(Event, frozen=True, tag="bridge-placed"):
    """T2: the player's bridge now spans the gap containing ``space``."""

    player: int
    space: int


class PawnMoved(Event, frozen=True, tag="pawn-moved"):
    """T4: cards played in order, the spaces landed on, and the final space.

    ``landings`` has one space per card; all but the last were occupied.
    ``owed`` is the crossing price fixed while moving (T5.1–T5.3).
    """

    player: int
    pawn: int
    start: int
    cards: tuple[int, ...]
    landings: tuple[int, ...]
    owed: int


class CrossingPaid(Event, frozen=True, tag="crossing-paid"):
    """T5.4–T5.5: what the player gave for this move's crossings."""

    player: int
    owed: int
    tiles: tuple[int, ...] = ()
    cards: tuple[int, ...] = ()


class TileTaken(Event, frozen=True, tag="tile-taken", omit_defaults=True):
    """T6: the top tile of ``space`` went to the player (T7 may turn it to water).

    ``uncovered`` is the tile the take laid bare, in the events a player or
    watcher receives (``core.atlantis.view.with_revealed``): their views of the game
    hid it until now. Saves never hold it (the whole path is in them), and an
    event without it is written as it always was.
    """

    player: int
    space: int
    tile: int
    uncovered: int | None = None


class PlayerStuck(Event, frozen=True, tag="player-stuck"):
    """T9: no pawn could move; the hand was shown to everybody."""

    player: int
    hand: tuple[int, ...]


class TurnEnded(Event, frozen=True, tag="turn-ended"):
    """The active player's turn is over; ``next_player`` acts next."""

    player: int
    next_player: int


class FinalCrossingStarted(Event, frozen=True, tag="final-crossing-started"):
    """E1: ``finisher`` brought a third pawn home (or E4: nobody could move)."""

    finisher: int | None
    pending: tuple[int, ...]


class FinalCrossingPaid(Event, frozen=True, tag="final-crossing-paid"):
    """E2: the player's remaining pawns went to the Mainland for ``owed``.

    ``shortfall`` is the unpaid rest when he could not pay (E2.1).
    """

    player: int
    owed: int
    tiles: tuple[int, ...] = ()
    cards: tuple[int, ...] = ()
    shortfall: int = 0


class PlayerResigned(Event, frozen=True, tag="player-resigned"):
    """E5: the player left the game; his pawns left the path and his turns are skipped."""

    player: int


class GameEnded(Event, frozen=True, tag="game-ended"):
    """E3: final scores by seat and the winning seats (ties share the win)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]


AnyEvent = (
    GameStarted
    | CardsDrawn
    | DeckReshuffled
    | PileShuffled
    | CardsBought
    | BridgePlaced
    | PawnMoved
    | CrossingPaid
    | TileTaken
    | PlayerStuck
    | TurnEnded
    | FinalCrossingStarted
    | FinalCrossingPaid
    | PlayerResigned
    | GameEnded
    | EventsUndone
)


RULE_OF_EVENT: dict[type[Event | EventsUndone], str] = {
    GameStarted: "S2",
    CardsDrawn: "T8",
    DeckReshuffled: "T8",
    PileShuffled: "T",
    CardsBought: "T1",
    BridgePlaced: "T2",
    PawnMoved: "T4",
    CrossingPaid: "T5.4",
    TileTaken: "T6",
    PlayerStuck: "T9",
    TurnEnded: "T",
    FinalCrossingStarted: "E1",
    FinalCrossingPaid: "E2",
    PlayerResigned: "E5",
    GameEnded: "E3",
    EventsUndone: "T",
}
"""The rule (RULES.md id) that governs each kind of event.

``check`` names it when a file's event differs from the one the rules give;
``core.atlantis.explain`` names the rule or one of its sub-rules (T4.1 within T4), by
the position; a test holds the two together.
"""


def rule_of(event: Event | EventsUndone) -> str:
    """The rule that governs ``event`` (see ``RULE_OF_EVENT``)."""
    return RULE_OF_EVENT[type(event)]


def tag_of(event: Event | EventsUndone) -> str:
    """The event's name in save files (``pawn-moved``)."""
    return str(type(event).__struct_config__.tag)
