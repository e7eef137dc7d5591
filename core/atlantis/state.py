"""The state of a game at one moment, rebuilt by folding events (see ``evolve``).

The state is a frozen msgspec struct made of tuples: ``evolve`` replaces only
the fields an event touches, states compare by value (``fold(events) ==
incremental state``), and a state can be encoded for debugging.

What is worked out from a state (its board, its legal moves) is kept in the
state's ``__dict__``: never a field, so it takes no part in comparing,
encoding or ``replace``, and since a state never changes it never goes stale.
Keeping it on the state rather than in a module-level cache also keeps it
right when several threads ask about different positions at once.

Spaces are numbered as on the table: 0 is Atlantis, 1–53 the path (27 starts
as water), 54 the Mainland. A space's tuple lists its tiles bottom to top; an
empty tuple on the path is water. Water next to either end is not part of the
path any more (T7.2): that rule is read from the tiles, not stored.
"""

from __future__ import annotations

from string import ascii_uppercase
from typing import Literal

import msgspec

from core.atlantis.items import ITEM_COUNT
from core.atlantis.options import Options
from core.atlantis.tiles import TileSet

ATLANTIS = 0
MAINLAND = 54
PATH_LENGTH = 53
PAWNS_PER_PLAYER = 3
CARDS_PER_ITEM = 15
TOTAL_CARDS = CARDS_PER_ITEM * ITEM_COUNT
MIN_PLAYERS = 2
MAX_PLAYERS = 4
PAWN_LETTERS = ascii_uppercase[:PAWNS_PER_PLAYER]
"""The pawns' ids, ``ABC``: save files and the notation use them."""
HIDDEN_TILE = -1
"""A tile a player's view does not show (under the top of a stack, S2)."""

Hand = tuple[int, ...]
"""Cards as seven counts, one per item (cards of one item are interchangeable)."""
EMPTY_HAND: Hand = (0,) * ITEM_COUNT

Phase = Literal["playing", "final_crossing", "over"]


class State(msgspec.Struct, frozen=True, dict=True):
    """Everything about a game at one moment.

    ``bridges[p]`` is the space where player p's bridge stands, or None while
    it is still in front of him. ``final_pending`` lists, in order, the players
    who still owe their final crossing (E2) and ``unpaid`` what each could not
    pay (E2.1). ``stuck_streak`` counts turns in a row that ended by T9 with
    nothing drawn (E4). ``seed`` (older games) or ``secret`` drives reshuffles;
    both are hidden in a player's view. ``undos`` counts the undo markers so
    far, in the whole file: it only grows, so no reshuffle after an undo reads
    the same stream of chance as one before it. ``pile_seen`` says an undo has
    taken back cards drawn from the pile: the next draw shuffles the pile first.
    ``resigned`` lists the seats that left the game (E5), in the order they left.
    """

    players: tuple[str, ...]
    options: Options
    tiles: TileSet
    spaces: tuple[tuple[int, ...], ...]
    pawns: tuple[tuple[int, ...], ...]
    hands: tuple[Hand, ...]
    collected: tuple[tuple[int, ...], ...]
    bridges: tuple[int | None, ...]
    deck: tuple[int, ...]
    discard: Hand = EMPTY_HAND
    box_tiles: tuple[int, ...] = ()
    box_cards: Hand = EMPTY_HAND
    current: int = 0
    turn: int = 1
    phase: Phase = "playing"
    purchases: int = 0
    bought: Hand = EMPTY_HAND
    bridged_this_turn: bool = False
    stuck_streak: int = 0
    finisher: int | None = None
    final_pending: tuple[int, ...] = ()
    unpaid: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    seed: int = 0
    reshuffles: int = 0
    secret: str = ""
    undos: int = 0
    pile_seen: bool = False
    resigned: tuple[int, ...] = ()

    @property
    def player_count(self) -> int:
        return len(self.players)

    @property
    def in_play(self) -> tuple[int, ...]:
        """The seats still in the game (not resigned, E5), in seat order."""
        return tuple(seat for seat in range(len(self.players)) if seat not in self.resigned)

    def next_seat(self, seat: int) -> int:
        """The seat after ``seat`` in turn order, passing over those who resigned (E5)."""
        count = len(self.players)
        if not self.resigned:
            return (seat + 1) % count
        for offset in range(1, count + 1):
            following = (seat + offset) % count
            if following not in self.resigned:
                return following
        return seat

    def top(self, space: int) -> int | None:
        """The tile id on top of a space, or None for water and the two ends."""
        stack = self.spaces[space]
        return stack[-1] if stack else None

    def tile_value(self, tile: int) -> int:
        return self.tiles[tile].value

    def tile_item(self, tile: int) -> int:
        return self.tiles[tile].item

    def pawn_at(self, space: int) -> tuple[int, int] | None:
        """(player, pawn) standing on a path space, or None."""
        for player, positions in enumerate(self.pawns):
            for pawn, position in enumerate(positions):
                if position == space:
                    return player, pawn
        return None

    def occupied(self) -> frozenset[int]:
        """Path spaces holding a pawn (the two ends never count as occupied)."""
        return frozenset(
            position
            for positions in self.pawns
            for position in positions
            if ATLANTIS < position < MAINLAND
        )

    def on_mainland(self, player: int) -> int:
        return sum(1 for position in self.pawns[player] if position == MAINLAND)

    def hand_size(self, player: int) -> int:
        return sum(self.hands[player])

    def collected_value(self, player: int) -> int:
        return sum(self.tiles[tile].value for tile in self.collected[player])

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the game waits for, or None when it is over."""
        if self.phase == "playing":
            return self.current
        if self.phase == "final_crossing" and self.final_pending:
            return self.final_pending[0]
        # Also None between the last final crossing paid and the game's end (replays
        # stop there).
        return None
