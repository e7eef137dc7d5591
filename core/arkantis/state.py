"""The state of an ArkantiS game: what a fold of its events gives (never mutated).

``tokens`` is the board as bits (``core.arkantis.squares``): a set bit is a
token, a blue square; a clear one is red (S1.3). The four piles are kept top
first, in the order of ``PILES``. ``last`` is the last action's resolution, for
the screens to outline what it changed.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from core.arkantis.cards import Colour, Kind
from core.arkantis.commands import Pile
from core.arkantis.events import ActionResolved, PlayerScore
from core.arkantis.options import Options

MIN_PLAYERS = 2
MAX_PLAYERS = 4
TOKENS = 42
"""S1: the blue tokens."""
START_PIONS = 3
"""S3: each player's pions at the start."""
TOTAL_CARDS = 55
DEAL: dict[Colour, int] = {"orange": 2, "emerald": 1}
"""S3: the cards of each colour dealt to each player."""

PILES: tuple[tuple[Colour, Pile], ...] = (
    ("orange", "down"),
    ("orange", "up"),
    ("emerald", "down"),
    ("emerald", "up"),
)
"""The four piles (S4), in the order ``State.piles`` keeps them."""

Phase = Literal["action", "after", "over"]
"""Where the active player stands in his turn (T2): before his action (he may buy,
act or pass), after it (he may buy, then end the turn), or the game is over."""


_PILE_INDEX = {named: index for index, named in enumerate(PILES)}


def pile_index(colour: Colour, pile: Pile) -> int:
    """Where ``colour``'s ``pile`` is in ``State.piles`` (``KeyError`` for no pile)."""
    index = _PILE_INDEX.get((colour, pile))
    if index is None:
        raise KeyError(f"no {colour} {pile} pile")  # a programming error: commands are typed
    return index


class State(msgspec.Struct, frozen=True, dict=True):
    """One moment of a game (the ``dict`` slot lets derived values be cached)."""

    players: tuple[str, ...]
    options: Options
    kinds: tuple[Kind, ...]
    free_column: str
    tokens: int
    pions: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]
    laid: tuple[tuple[str, ...], ...]
    piles: tuple[tuple[str, ...], ...]
    moves_used: tuple[int, ...]
    passed: tuple[bool, ...]
    current: int = 0
    turn: int = 1
    phase: Phase = "action"
    last: ActionResolved | None = None
    end_reason: str = ""
    scores: tuple[PlayerScore, ...] = ()
    winners: tuple[int, ...] = ()
    tie_break: str = ""
    seed: int = 0
    secret: str = ""
    undos: int = 0
    piles_seen: tuple[bool, ...] = (False, False, False, False)
    """Per pile: an undo took back a card bought from it, whose next card its buyer
    may therefore have seen; its next purchase shuffles it first (``PileShuffled``)."""

    @property
    def player_count(self) -> int:
        return len(self.players)

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the game waits for (T1), ``None`` when it is over."""
        return None if self.phase == "over" else self.current
