"""Events (RULES.md L2): the facts an Atlantica game is made of, in the past tense.

Each is a frozen msgspec struct with a tag that is never renamed; fields added
later get defaults, so old saves keep decoding. Chance is recorded, never drawn
again: ``GameStarted`` holds every pile's order, and a reshuffle holds the new
order. Cards are named by id (``core.atlantica.cards``).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from core.atlantica.cards import GameData, ShipPile, TreasureType
from core.atlantica.locations import Location
from core.atlantica.options import Options
from core.kernel.events import EventsUndone as EventsUndone  # in every game's union

Via = Literal["action", "round"]
"""Whether a card was taken by its location's own action or by paying the round (T5.3)."""

HiddenPile = Literal["divers", "treasures", "hurricane", "research", "A", "B", "C"]
"""The piles whose order nobody sees: the diver draw pile, the main treasure pile,
the hurricane pile, the research pile, and each ship pile under its top card."""


class Event(msgspec.Struct, frozen=True, tag_field="type"):
    """Base class of Atlantica's own events; ``AnyEvent`` adds the kernel's ``EventsUndone``."""


class Prepared(msgspec.Struct, frozen=True):
    """A position laid by hand (a lesson, a worked example): what each seat holds
    and what the displays show (``""`` an empty space). With it, ``GameStarted``'s
    orders are the piles as they are after this layout (no deal)."""

    hands: tuple[tuple[str, ...], ...]
    treasures: tuple[tuple[str, ...], ...] = ()
    ships: tuple[tuple[str, ...], ...] = ()
    research: tuple[tuple[str, ...], ...] = ()
    treasure_display: tuple[str, ...] = ()
    research_display: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    hurricane_holder: int | None = None
    """The seat that drew the hurricane already, if any (its final turns are not laid out)."""


class GameStarted(Event, frozen=True, tag="game-started"):
    """S2–S7: players, options, the data the game uses, the start seat and every order.

    Orders are top first. ``divers`` is the whole diver deck (78 ids): the deal
    takes five cards at a time from its top, seat 1 first (S3), and the rest is
    the draw pile. ``box`` are the treasures set aside unseen (S4).
    ``hurricane`` is the hurricane pile (10 treasures and ``H``, S4.1),
    ``treasures`` the main pile before the display is dealt from its top (S4.2),
    ``ships`` the three ship piles A, B, C (S5), ``research`` the research pile
    before its display is dealt (S6).

    ``secret`` (hex) is where every use of chance came from
    (``core.kernel.chance``); only the engine sees it and the orders.
    """

    players: tuple[str, ...]
    options: Options
    data: GameData
    start_player: int
    divers: tuple[str, ...]
    box: tuple[str, ...]
    hurricane: tuple[str, ...]
    treasures: tuple[str, ...]
    ships: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
    research: tuple[str, ...]
    format: int = 1
    seed: int = 0
    secret: str = ""
    prepared: Prepared | None = None


class DiverCardsPlayed(Event, frozen=True, tag="diver-cards-played"):
    """T2.3–T2.6: ``player`` paid ``location`` at ``level`` with ``cards`` (slot order,
    the pair's two cards side by side at ``pair_slot``); they went to the discard pile."""

    player: int
    location: Location
    level: int
    cards: tuple[str, ...]
    pair_slot: int | None = None


class TreasureTaken(Event, frozen=True, tag="treasure-taken"):
    """T3, T5.3: ``player`` took ``cards`` from treasure ``spaces`` (1–6), in that order."""

    player: int
    spaces: tuple[int, ...]
    cards: tuple[str, ...]
    via: Via = "action"


class ShipChartered(Event, frozen=True, tag="ship-chartered"):
    """T4, T5.3: ``player`` took ship ``card`` from the top of ``pile``;
    ``uncovered`` is the pile's next card, now on top (``""`` when it is empty)."""

    player: int
    pile: ShipPile
    card: str
    uncovered: str
    via: Via = "action"


class DiversHired(Event, frozen=True, tag="divers-hired"):
    """T5.1, T5.2: ``player`` drew ``count`` divers, face down in front of him.
    ``cards`` is empty in a view that may not see them (L4)."""

    player: int
    cards: tuple[str, ...]
    count: int
    seen_by_owner: bool = False
    """T5.5: whether the owner may look at them before his turn ends (the option
    ``hired_cards_seen_by_owner`` when they were hired), so that ``event_for``
    needs no options."""


class ResearchTaken(Event, frozen=True, tag="research-taken"):
    """T6, T5.3: ``player`` took ``cards`` from research ``spaces`` (1–4)."""

    player: int
    spaces: tuple[int, ...]
    cards: tuple[str, ...]
    via: Via = "action"


class DiverDeckReshuffled(Event, frozen=True, tag="diver-deck-reshuffled"):
    """T7: the discard pile, shuffled, became the draw pile in ``order`` (top first);
    ``count`` cards. A view sees the count only (``order`` empty)."""

    order: tuple[str, ...]
    count: int


class PileShuffled(Event, frozen=True, tag="pile-shuffled"):
    """A hidden pile, in this new order (top first), before the first draw from it
    after an undo that had shown cards from it: undoing cannot tell a player what
    the pile holds. Nobody but the engine sees the order."""

    pile: HiddenPile
    order: tuple[str, ...]


class TurnPassed(Event, frozen=True, tag="turn-passed"):
    """T8: ``player`` passed and drew ``count`` divers into his hand (``cards`` is
    empty in another seat's view)."""

    player: int
    cards: tuple[str, ...]
    count: int


class HiredDiversJoinedHand(Event, frozen=True, tag="hired-divers-joined-hand"):
    """T9.1: ``player``'s hired divers went into his hand (``cards`` empty for others)."""

    player: int
    cards: tuple[str, ...]
    count: int


class Shift(msgspec.Struct, frozen=True, array_like=True):
    """A card moved from space ``source`` to space ``target`` (T9.2, T9.3)."""

    source: int
    target: int


class Draw(msgspec.Struct, frozen=True, array_like=True):
    """A card drawn onto ``space`` from ``pile``. The hurricane card is drawn too,
    with ``space`` 0: it goes in front of the player (T9.4)."""

    card: str
    pile: Literal["treasures", "hurricane", "research"]
    space: int


class DisplayRefilled(Event, frozen=True, tag="display-refilled"):
    """T9.2, T9.3: the cards left moved toward space 1, then the empty spaces were
    filled from the lowest up. Every card drawn shows face up."""

    display: Literal["treasure", "research"]
    shifts: tuple[Shift, ...]
    draws: tuple[Draw, ...]


class HurricaneDrawn(Event, frozen=True, tag="hurricane-drawn"):
    """T9.4, E1.1: ``player`` drew the hurricane; ``final_turns`` are the seats that
    play one more turn, in order (the next player first, ``player`` last)."""

    player: int
    final_turns: tuple[int, ...]


class TurnEnded(Event, frozen=True, tag="turn-ended"):
    """T9.5: ``player``'s turn ended; ``next_player`` plays next (``None`` at the end)."""

    player: int
    next_player: int | None


class GameEnded(Event, frozen=True, tag="game-ended"):
    """E1.2, E2: the last final turn is over, or a whole round passed without a draw."""

    reason: Literal["hurricane", "endless-passing"]


class TreasuresReleased(Event, frozen=True, tag="treasures-released"):
    """E3: ``player`` released ``cards`` (to the box) to match his crates."""

    player: int
    cards: tuple[str, ...]


class ResearchChoicesMade(Event, frozen=True, tag="research-choices-made"):
    """E5.2, E5.3: the type each of ``player``'s ``R6`` and ``R11`` cards names, in
    the order ``State.research`` holds them."""

    player: int
    r6_types: tuple[TreasureType, ...]
    r11_types: tuple[TreasureType, ...]


class TypePoints(msgspec.Struct, frozen=True, array_like=True):
    """E4: a treasure type, the cards counted on its ladder (kept + wild), its points."""

    type: TreasureType
    cards: int
    points: int


class CardPoints(msgspec.Struct, frozen=True, array_like=True):
    """E5: a research card and what it scored."""

    card: str
    points: int


class PlayerScore(msgspec.Struct, frozen=True):
    """E3–E7 for one player: treasure points per type, research points per card,
    the two subtotals, the total, the released cards and the tie-break count."""

    treasures: tuple[TypePoints, ...]
    research: tuple[CardPoints, ...]
    treasure_points: int
    research_points: int
    total: int
    released: tuple[str, ...]
    tiebreak: int


class GameScored(Event, frozen=True, tag="game-scored"):
    """E4–E7: every player's score and the winners; ``tie_break`` names the rule
    that separated equal totals (``E7``), empty when none did."""

    scores: tuple[PlayerScore, ...]
    winners: tuple[int, ...]
    tie_break: str = ""


AnyEvent = (
    GameStarted
    | DiverCardsPlayed
    | TreasureTaken
    | ShipChartered
    | DiversHired
    | ResearchTaken
    | DiverDeckReshuffled
    | PileShuffled
    | TurnPassed
    | HiredDiversJoinedHand
    | DisplayRefilled
    | HurricaneDrawn
    | TurnEnded
    | GameEnded
    | TreasuresReleased
    | ResearchChoicesMade
    | GameScored
    | EventsUndone
)
"""Every event an Atlantica save may hold."""
