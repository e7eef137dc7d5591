"""How the bots judge a player's holdings: a quick score and what the holdings may still bring.

``quick_score`` is E3–E6 worked out from counts, fast enough for playouts:
the release (E3) drops one card at a time, the one whose loss costs least,
and each wild treasure (``R11``) goes where it adds most; the rules' exact
``score_now`` enumerates, and the two agree on ordinary holdings (a test
compares them). ``worth`` adds what the score does not show yet, weighed by
how much of the game is left: treasures beyond the crates (a ship may still
carry them), spare crates (a treasure may still fill them), research whose
condition is not met yet, and the diver cards in hand (they pay for actions).
"""

from __future__ import annotations

from collections.abc import Sequence

from core.atlantica.cards import (
    HURRICANE,
    TREASURE_TYPES,
    GameData,
    crates,
    research_kind,
    treasure_type,
)
from core.atlantica.state import State

TYPE_INDEX = {kind: index for index, kind in enumerate(TREASURE_TYPES)}
ARC = TYPE_INDEX["ARC"]
FIXED_RESEARCH = {"R1": 2, "R2": 3, "R3": 4}
"""S1.5: the research kinds worth a fixed number of points."""
R4_POINTS, R4_COLOURS = 5, 3
R5_POINTS, R5_COLOURS = 7, 4
R10_POINTS, R10_CRATES = 6, 12

# What the score does not show yet (``worth``), in points, on a game with much left.
EXCESS_HOPE = 0.6
"""The share of the points of treasures beyond the crates a ship may still save."""
SPARE_CRATE = 0.8
"""The points a spare crate is thought to bring (a treasure it may carry later)."""
CARD_VALUE = 2.0
"""The points of each of the first ``FULL_HAND`` diver cards in hand (and hired)."""
FULL_HAND = 8
EXTRA_CARD = 0.25
"""The points of each card beyond ``FULL_HAND``, up to ``MAX_HAND``."""
MAX_HAND = 12
COLOUR_VALUE = 0.35
"""The points of each diver colour the hand holds (the locations it can pay)."""
RESEARCH_HOPE = 0.8
"""The share of a research card's points not earned yet that it may still earn."""
TREASURES_PER_TURN = 1.6
"""About how many treasures a turn takes from the display (so the game's pace)."""
ROUNDS_FOR_FULL_HOPE = 2.5


def points(ladder: Sequence[int], count: int) -> int:
    """S1.3: complete groups score the ladder's top, the rest from the start again."""
    if count <= 0:
        return 0
    groups, rest = divmod(count, len(ladder))
    return groups * ladder[-1] + (ladder[rest - 1] if rest else 0)


class Ladders:
    """The data's ladders by type index, with a table of points per count (cached)."""

    def __init__(self, data: GameData) -> None:
        self.table = [
            [points(data.ladders[kind], count) for count in range(64)] for kind in TREASURE_TYPES
        ]


_LADDERS: dict[str, Ladders] = {}


def ladders_for(data: GameData) -> Ladders:
    found = _LADDERS.get(data.hash)
    if found is None:
        found = _LADDERS[data.hash] = Ladders(data)
    return found


class Research:
    """A player's research cards, by kind (counts)."""

    __slots__ = ("count", "fixed", "kinds")

    @property
    def key(self) -> tuple[tuple[str, int], ...]:
        return tuple(sorted(self.kinds.items()))

    def __init__(self, cards: Sequence[str]) -> None:
        self.kinds: dict[str, int] = {}
        for card in cards:
            kind = research_kind(card)
            self.kinds[kind] = self.kinds.get(kind, 0) + 1
        self.count = len(cards)
        self.fixed = sum(FIXED_RESEARCH.get(kind, 0) * n for kind, n in self.kinds.items())

    def plus(self, cards: Sequence[str]) -> Research:
        """These research cards and ``cards``."""
        more = Research(cards)
        for kind, count in self.kinds.items():
            more.kinds[kind] = more.kinds.get(kind, 0) + count
        more.count += self.count
        more.fixed += self.fixed
        return more


def kept_score(ladders: Ladders, kept: list[int], research: Research, ships: int, load: int) -> int:
    """E4–E6 for kept treasure counts (by type index), the wild cards placed where they add most."""
    kinds = research.kinds
    r6, r7, wilds = kinds.get("R6", 0), kinds.get("R7", 0), kinds.get("R11", 0)
    counts = list(kept)
    for _ in range(wilds):
        best, where = -1, -1
        for index, count in enumerate(kept):
            if not count:  # E5.3: a wild needs a real card of its type
                continue
            table = ladders.table[index]
            gain = table[counts[index] + 1] - table[counts[index]]
            gain += r7 if index == ARC else 0
            gain += r6 if counts[index] + 1 > max(counts) else 0
            if gain > best:
                best, where = gain, index
        if where < 0:
            break
        counts[where] += 1
    tables = ladders.table
    total = sum(tables[index][count] for index, count in enumerate(counts))
    total += research.fixed
    if r6:
        total += r6 * max(counts)
    total += r7 * counts[ARC]
    colours = sum(1 for count in kept if count)
    if colours >= R4_COLOURS:
        total += R4_POINTS * kinds.get("R4", 0)
    if colours >= R5_COLOURS:
        total += R5_POINTS * kinds.get("R5", 0)
    total += kinds.get("R8", 0) * research.count
    total += kinds.get("R9", 0) * ships
    if load >= R10_CRATES:
        total += R10_POINTS * kinds.get("R10", 0)
    return total


def quick_score(
    ladders: Ladders, counts: Sequence[int], research: Research, ships: int, load: int
) -> int:
    """E3–E6: the score of treasure ``counts`` (by type index) with ``load`` crates,
    the excess released one card at a time where its loss costs least."""
    kept = list(counts)
    excess = sum(kept) - load
    while excess > 0:
        best, where = -(10**9), -1
        for index, count in enumerate(kept):
            if count:
                kept[index] -= 1
                value = kept_score(ladders, kept, research, ships, load)
                kept[index] += 1
                if value > best:
                    best, where = value, index
        kept[where] -= 1
        excess -= 1
    return kept_score(ladders, kept, research, ships, load)


def treasure_counts(cards: Sequence[str]) -> list[int]:
    counts = [0] * len(TREASURE_TYPES)
    for card in cards:
        if card and card != HURRICANE:
            counts[TYPE_INDEX[treasure_type(card)]] += 1
    return counts


class Holdings:
    """What one player has that counts: treasures, ships, research, and diver cards."""

    __slots__ = ("colours", "counts", "hand", "load", "research", "ships")

    def __init__(
        self,
        treasures: Sequence[str],
        ships: Sequence[str],
        research: Sequence[str],
        hand: int,
        colours: int,
    ) -> None:
        self.counts = treasure_counts(treasures)
        self.ships = len(ships)
        self.load = sum(crates(card) for card in ships)
        self.research = Research(research)
        self.hand = hand
        self.colours = colours


def holdings_of(state: State, seat: int) -> Holdings:
    hand = state.hands[seat]
    return Holdings(
        state.treasures[seat],
        state.ships[seat],
        state.research[seat],
        len(hand) + len(state.hired[seat]),
        len({card[0] for card in hand if card}),
    )


def hand_value(cards: int, colours: int) -> float:
    """Diver cards pay for actions: the first few are worth most, and so is each colour."""
    value = CARD_VALUE * min(cards, FULL_HAND)
    value += EXTRA_CARD * max(0, min(cards, MAX_HAND) - FULL_HAND)
    return value + COLOUR_VALUE * colours


def hope(state: State, seat: int) -> float:
    """How much of what the holdings may still bring is counted: 1 with much of the game
    left, less as the treasure piles run down, none once the seat has no turn left."""
    if state.phase != "turn":
        return 0.0
    if state.hurricane_holder is not None:
        later = state.final_turns[1:] if state.current == seat else state.final_turns
        return 0.15 if seat in later else 0.0
    left = len(state.main_pile) + len(state.hurricane_pile) / 2
    rounds = left / (TREASURES_PER_TURN * state.player_count)
    return min(1.0, 0.2 + rounds / ROUNDS_FOR_FULL_HOPE)


_MEMO: dict[tuple[object, ...], tuple[int, float]] = {}
MEMO_SIZE = 200_000


def worth(
    ladders: Ladders, held: Holdings, future: float, with_hand: bool = True
) -> tuple[int, float]:
    """(the score as if the game ended now, that score plus what may still come)."""
    key = (id(ladders), *held.counts, held.research.key, held.ships, held.load, future)
    found = _MEMO.get(key)
    if found is None:
        if len(_MEMO) > MEMO_SIZE:
            _MEMO.clear()
        found = _MEMO[key] = _holdings_worth(ladders, held, future)
    score, value = found
    if with_hand and future > 0:
        value += future * hand_value(held.hand, held.colours)
    return score, value


def _holdings_worth(ladders: Ladders, held: Holdings, future: float) -> tuple[int, float]:
    """``worth`` without the diver cards."""
    research = held.research
    score = quick_score(ladders, held.counts, research, held.ships, held.load)
    if future <= 0:
        return score, float(score)
    value = float(score)
    treasures = sum(held.counts)
    if treasures > held.load:
        free = kept_score(ladders, held.counts, research, held.ships, treasures)
        value += future * EXCESS_HOPE * (free - score)
    else:
        value += future * SPARE_CRATE * min(held.load - treasures, 6)
    if research.kinds:
        value += future * RESEARCH_HOPE * research_not_paying(held, treasures)
    return score, value


def research_not_paying(held: Holdings, treasures: int) -> float:
    """The points of research not earned yet, each by how near its condition is."""
    kinds = held.research.kinds
    colours = sum(1 for count in held.counts if count)
    missing = 0.0
    if colours < R4_COLOURS:
        missing += R4_POINTS * kinds.get("R4", 0) * (colours + 1) / (R4_COLOURS + 1)
    if colours < R5_COLOURS:
        missing += R5_POINTS * kinds.get("R5", 0) * (colours + 1) / (R5_COLOURS + 1)
    if held.load < R10_CRATES:
        missing += R10_POINTS * kinds.get("R10", 0) * held.load / R10_CRATES
    if not treasures:
        missing += 3.0 * kinds.get("R11", 0)
    return missing


__all__ = [
    "Holdings",
    "Ladders",
    "holdings_of",
    "hope",
    "ladders_for",
    "points",
    "quick_score",
    "research_not_paying",
    "worth",
]
