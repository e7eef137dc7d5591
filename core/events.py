"""Events: the facts a game is made of, in the past tense.

Each is a frozen msgspec struct with an explicit tag that is never renamed;
fields added later always get defaults, so old saves keep decoding. Chance is
recorded here (the path and deck order in ``GameStarted``, the cards in
``CardsDrawn``, the new order in ``DeckReshuffled``), so replaying a game never
calls a random number generator.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from core.options import Options
from core.tiles import Tile

DrawReason = Literal["deal", "buy", "turn", "stuck"]


class Event(msgspec.Struct, frozen=True, tag_field="type"):
    """Base class; every event is one of ``AnyEvent``."""


class GameStarted(Event, frozen=True, tag="game-started"):
    """S2–S5: the path as laid (53 stacks, bottom to top, 27 empty), the deck
    order (first element on top) and the start player.

    A prepared position (a lesson, a rulebook example) also sets where pawns
    stand, which tiles players hold and which bridges are placed; a normal
    game leaves these empty.
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


class TileTaken(Event, frozen=True, tag="tile-taken"):
    """T6: the top tile of ``space`` went to the player (T7 may turn it to water)."""

    player: int
    space: int
    tile: int


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


class GameEnded(Event, frozen=True, tag="game-ended"):
    """E3: final scores by seat and the winning seats (ties share the win)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]


class EventsUndone(Event, frozen=True, tag="events-undone"):
    """Undo: the last ``count`` events still in force are taken back.

    They stay in the file, before this marker, so nothing is ever lost; a
    replay shows them as undone. Redo appends the same events again.
    """

    count: int


AnyEvent = (
    GameStarted
    | CardsDrawn
    | DeckReshuffled
    | CardsBought
    | BridgePlaced
    | PawnMoved
    | CrossingPaid
    | TileTaken
    | PlayerStuck
    | TurnEnded
    | FinalCrossingStarted
    | FinalCrossingPaid
    | GameEnded
    | EventsUndone
)
