"""The state of an Atlantica game: what a fold of its events gives (never mutated).

Piles are kept top first; the discard pile's top is its last card. A display
holds one card id or ``""`` (an empty space) per space. Per-seat tuples are
indexed by seat (0-based). ``acted``, ``slots_used`` and ``pair_used`` are the
active player's turn so far (T2.1–T2.5).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from core.atlantica.cards import GameData, TreasureType
from core.atlantica.events import PlayerScore
from core.atlantica.locations import Location
from core.atlantica.options import Options

MIN_PLAYERS = 2
MAX_PLAYERS = 5
HAND_DEAL = 5
"""S3: the diver cards dealt to each player."""
TOTAL_DIVERS = 78
TOTAL_TREASURES = 57
TOTAL_SHIPS = 24
TOTAL_RESEARCH = 30
BOXED: dict[int, int] = {2: 26, 3: 18, 4: 9, 5: 0}
"""S4: the treasures put back in the box, by number of players."""
HURRICANE_TREASURES = 10
"""S4.1: the treasures shuffled with the hurricane card."""

Phase = Literal["turn", "scoring", "over"]
"""``turn``: the active player acts, passes or ends his turn. ``scoring``: the game
has ended and, with ``final_choices = ask``, ``choosing`` makes his choices.
``over``: scored."""


class State(msgspec.Struct, frozen=True, dict=True):
    """One moment of a game (the ``dict`` slot lets derived values be cached)."""

    players: tuple[str, ...]
    options: Options
    data: GameData
    hands: tuple[tuple[str, ...], ...]
    hired: tuple[tuple[str, ...], ...]
    treasures: tuple[tuple[str, ...], ...]
    ships: tuple[tuple[str, ...], ...]
    research: tuple[tuple[str, ...], ...]
    divers: tuple[str, ...]
    discard: tuple[str, ...]
    box: tuple[str, ...]
    main_pile: tuple[str, ...]
    hurricane_pile: tuple[str, ...]
    treasure_display: tuple[str, ...]
    ship_piles: tuple[tuple[str, ...], ...]
    research_pile: tuple[str, ...]
    research_display: tuple[str, ...]
    current: int = 0
    turn: int = 1
    phase: Phase = "turn"
    acted: tuple[Location, ...] = ()
    slots_used: int = 0
    pair_used: bool = False
    hurricane_holder: int | None = None
    final_turns: tuple[int, ...] = ()
    """E1.1: the seats still to play their last turn, the current one first once
    the hurricane is out."""
    quiet_passes: int = 0
    """E2: consecutive passes that drew no card."""
    end_reason: str = ""
    choosing: int | None = None
    """With ``final_choices = ask``: whose scoring choices the game waits for."""
    released: tuple[tuple[str, ...], ...] = ()
    r6_types: tuple[tuple[TreasureType, ...], ...] = ()
    r11_types: tuple[tuple[TreasureType, ...], ...] = ()
    scores: tuple[PlayerScore, ...] = ()
    winners: tuple[int, ...] = ()
    tie_break: str = ""
    seed: int = 0
    secret: str = ""
    undos: int = 0
    reshuffles: int = 0
    """T7: the diver reshuffles so far (each draws its own stream of chance)."""
    piles_seen: tuple[str, ...] = ()
    """The hidden piles (``events.HiddenPile``) an undo took back draws from, whose
    next cards a player may therefore have seen; the next draw from one shuffles
    it first (``PileShuffled``)."""

    @property
    def player_count(self) -> int:
        return len(self.players)

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the game waits for, ``None`` when it is over."""
        if self.phase == "over":
            return None
        if self.phase == "scoring":
            return self.choosing
        return self.current
