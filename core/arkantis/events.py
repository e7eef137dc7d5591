"""Events (RULES.md L2): the facts an ArkantiS game is made of, in the past tense.

Each is a frozen msgspec struct with a tag that is never renamed; fields added
later get defaults, so old saves keep decoding. Chance (the start seat, the
seven rolls, the two shuffles) is recorded in ``GameStarted``, so replaying a
game never draws again. Squares are named (``C4``), cards by id (``L4-2``).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from core.arkantis.cards import Colour, Kind
from core.arkantis.commands import Pile
from core.arkantis.options import Options
from core.kernel.events import EventsUndone as EventsUndone  # in every game's union

SetColour = Literal["blue", "red"]
"""A set's colour (S1.3): blue squares hold a token, red ones are empty."""


class Event(msgspec.Struct, frozen=True, tag_field="type"):
    """Base class of ArkantiS's own events; ``AnyEvent`` adds the kernel's ``EventsUndone``."""


class GameStarted(Event, frozen=True, tag="game-started"):
    """S2–S6: seats, options, the cards of the data set, the start seat, the seven
    rolls and each colour's order after shuffling (top first).

    The deal and the piles follow from the orders (S3, S4): seat 1 first, two
    orange and one emerald card each, then each colour's rest cut in two.

    ``data_set`` and ``data_hash`` name the data file the cards came from
    (S1.6); ``kinds`` are its cards themselves, so the save replays without it.

    A prepared position (a lesson, a worked example) gives ``board`` (49
    characters, ``#`` a token and ``.`` an empty square, row 1 first), and may
    give ``pions``, ``hands``, ``laid`` and ``moves_used``; the orders then hold
    the cards of the piles only (no deal). A normal game leaves them empty.

    ``secret`` (hex) is where every use of chance came from
    (``core.kernel.chance``); only the engine sees it and the orders.
    """

    players: tuple[str, ...]
    options: Options
    data_set: str
    data_hash: str
    free_column: str
    kinds: tuple[Kind, ...]
    start_player: int
    rolls: tuple[int, ...]
    orange: tuple[str, ...]
    emerald: tuple[str, ...]
    seed: int = 0
    secret: str = ""
    board: str = ""
    pions: tuple[int, ...] = ()
    hands: tuple[tuple[str, ...], ...] = ()
    laid: tuple[tuple[str, ...], ...] = ()
    moves_used: tuple[int, ...] = ()


class CardBought(Event, frozen=True, tag="card-bought"):
    """T6: ``player`` bought the top card of ``colour``'s ``pile`` for ``price`` pions.

    In a view for another seat, a card bought face down has ``card`` empty.
    ``uncovered`` is the card a purchase from a face-up pile turns up (T6.4), set
    only in the events sent to the other seats, whose views did not hold it.
    """

    player: int
    colour: Colour
    pile: Pile
    card: str
    price: int
    uncovered: str = ""


class PileShuffled(Event, frozen=True, tag="pile-shuffled"):
    """A face-down pile, in this new order (top first), before the first purchase
    from it after an undo that had shown cards from it: undoing cannot tell a
    player what the pile holds. Nobody but the engine sees the order."""

    colour: Colour
    pile: Pile
    order: tuple[str, ...]


class TokensRemoved(Event, frozen=True, tag="tokens-removed"):
    """T3.1, T3.2: ``player`` lifted the tokens on ``squares`` (one for free, two for 2)."""

    player: int
    squares: tuple[str, ...]
    price: int


class TokenMoved(Event, frozen=True, tag="token-moved"):
    """T3.3: ``player`` moved the token on ``origin`` to ``target`` for ``price`` (3)."""

    player: int
    origin: str
    target: str
    price: int


class ModifiedSet(msgspec.Struct, frozen=True):
    """T4.1: a set the action modified, its squares (reading order), and what it paid:
    ``pions`` (T4.3: 2 or 3) or ``card``, the card laid for it (T4.4), or neither."""

    colour: SetColour
    squares: tuple[str, ...]
    pions: int = 0
    card: str = ""


class ActionResolved(Event, frozen=True, tag="action-resolved"):
    """T4: every set the action modified, in reading order of its first square; the
    pions they earned together and the cards laid, each with its stain."""

    player: int
    sets: tuple[ModifiedSet, ...]
    pions: int
    laid: tuple[str, ...]


class TurnPassed(Event, frozen=True, tag="turn-passed"):
    """T5: ``player`` passed, for the rest of the game."""

    player: int


class TurnEnded(Event, frozen=True, tag="turn-ended"):
    """T2.4: ``player``'s turn ended; ``next_player`` plays next (``None`` at the end)."""

    player: int
    next_player: int | None


class GameEnded(Event, frozen=True, tag="game-ended"):
    """E1: every player has passed, or no token is left on the board."""

    reason: Literal["all-passed", "board-empty"]


class PlayerScore(msgspec.Struct, frozen=True):
    """E2 for one player: laid cards and their total face value, pions, cards
    still in hand (−1 each), the total, and the number of laid cards (E3)."""

    laid: tuple[str, ...]
    laid_value: int
    pions: int
    in_hand: int
    total: int


class GameScored(Event, frozen=True, tag="game-scored"):
    """E2, E3: every player's score, and the winners; ``tie_break`` names the rule
    that separated equal totals (``E3``), empty when none did."""

    scores: tuple[PlayerScore, ...]
    winners: tuple[int, ...]
    tie_break: str = ""


AnyEvent = (
    GameStarted
    | CardBought
    | PileShuffled
    | TokensRemoved
    | TokenMoved
    | ActionResolved
    | TurnPassed
    | TurnEnded
    | GameEnded
    | GameScored
    | EventsUndone
)
"""Every event an ArkantiS save may hold."""
