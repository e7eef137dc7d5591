"""How the expert judges a position at the end of a playout: the final score it foretells.

A playout stops long before the game ends, so its position is judged by what
each player's holdings are likely to be worth once the game is over. The
measure (``value``) is linear in a few facts about a player (``FACTS``): the
score as if the game ended now, what treasures beyond the crates would add,
spare crates, research whose condition is not met yet, the diver cards in
hand and their colours, what the next treasure of each type held would add,
and the treasure, ship, research and crate counts. Each fact is weighed
differently early and late: before the hurricane by a weight plus one per
round thought left (``rounds_left``), after it by one weight, for a player
who still has his last turn; a player who has none keeps the score he has.
The seat's place in the turn order adds its own term (who plays sooner has
the next pick).

The weights (``WEIGHTS``, per player count) are fitted by least squares on
games between greedy bots, so that the difference of two players' values
foretells the difference of their final scores (``judgement_fit`` makes them
again). They foretell the winner of those games better than ``valuation.worth``
does (``judgement_fit`` prints both).
"""

from __future__ import annotations

from collections.abc import Sequence

from core.atlantica.bots.valuation import (
    Holdings,
    holdings_of,
    kept_score,
    ladders_for,
    quick_score,
    research_not_paying,
)
from core.atlantica.state import State

FACTS = (
    "score",
    "excess",
    "spare",
    "missing",
    "cards",
    "extra_cards",
    "colours",
    "next_treasures",
    "best_next_treasure",
    "deficit",
    "research",
    "ships",
    "treasures",
    "crates",
)
"""What ``facts`` measures of a player, in this order (see ``facts``)."""
TERMS = len(FACTS)
PHASES = 3
"""Each fact is weighed alone and times the rounds left before the hurricane, alone after it."""
MAX_ROUNDS = 8.0
"""Rounds left counted at most (an opening foretells little about the end)."""
TREASURES_PER_TURN = 1.6
"""About how many treasures a turn takes from the display (so the game's pace)."""
FULL_HAND = 8
MAX_HAND = 12


def rounds_left(state: State) -> float:
    """About how many rounds are left before the hurricane, from the treasure piles."""
    left = len(state.main_pile) + len(state.hurricane_pile) / 2
    return min(MAX_ROUNDS, left / (TREASURES_PER_TURN * state.player_count))


_MEMO: dict[tuple[object, ...], tuple[float, ...]] = {}
MEMO_SIZE = 200_000


def facts(state: State, seat: int) -> tuple[float, ...]:
    """The seat's facts (``FACTS``): what its holdings score and may still score."""
    held = holdings_of(state, seat)
    key = (state.data.hash, *held.counts, held.research.key, held.ships, held.load)
    found = _MEMO.get(key)
    if found is None:
        if len(_MEMO) > MEMO_SIZE:
            _MEMO.clear()
        found = _MEMO[key] = _holding_facts(state, held)
    cards = held.hand
    return (
        found[0],
        found[1],
        found[2],
        found[3],
        float(min(cards, FULL_HAND)),
        float(min(max(cards - FULL_HAND, 0), MAX_HAND - FULL_HAND)),
        float(held.colours),
        *found[4:],
    )


def _holding_facts(state: State, held: Holdings) -> tuple[float, ...]:
    """The facts that do not depend on the diver cards (memoised by holdings)."""
    ladders = ladders_for(state.data)
    research = held.research
    score = quick_score(ladders, held.counts, research, held.ships, held.load)
    treasures = sum(held.counts)
    excess = spare = 0.0
    if treasures > held.load:
        excess = kept_score(ladders, held.counts, research, held.ships, treasures) - score
    else:
        spare = min(held.load - treasures, 6)
    missing = research_not_paying(held, treasures) if research.kinds else 0.0
    gains = [
        ladders.table[index][count + 1] - ladders.table[index][count]
        for index, count in enumerate(held.counts)
        if count
    ]
    return (
        float(score),
        float(excess),
        float(spare),
        missing,
        float(sum(gains)),
        float(max(gains, default=0)),
        float(max(0, treasures - held.load)),
        float(research.count),
        float(held.ships),
        float(treasures),
        float(held.load),
    )


def has_turn_left(state: State, seat: int) -> bool:
    """Whether the seat still plays a turn (every seat does until the hurricane, E1.1)."""
    if state.phase != "turn":
        return False
    return state.hurricane_holder is None or seat in state.final_turns


def terms(state: State, seat: int) -> list[float]:
    """The seat's facts placed where its weights are: before the hurricane, alone and
    times the rounds left; after it, alone; then one term per place in the turn order."""
    players = state.player_count
    row = [0.0] * (PHASES * TERMS + players - 1)
    measured = facts(state, seat)
    if state.hurricane_holder is None:
        rounds = rounds_left(state)
        for index, fact in enumerate(measured):
            row[index] = fact
            row[TERMS + index] = fact * rounds
    else:
        row[2 * TERMS : 3 * TERMS] = measured
    place = (seat - state.current) % players
    if place:
        row[PHASES * TERMS + place - 1] = 1.0
    return row


def value(state: State, seat: int, weights: Sequence[float] | None = None) -> float:
    """The seat's final score as foretold from ``state`` (up to a term shared by all
    seats): the score itself once the seat has no turn left."""
    if not has_turn_left(state, seat):
        return facts(state, seat)[0]
    chosen = WEIGHTS[state.player_count] if weights is None else weights
    return sum(weight * term for weight, term in zip(chosen, terms(state, seat), strict=True))


# Two lines a phase: each fact (FACTS) before the hurricane alone, then times the rounds
# left, then after the hurricane; last, the second, third… place in the turn order.
# fmt: off
WEIGHTS: dict[int, tuple[float, ...]] = {
    2: (
        0.978, 0.579, 0.769, 1.063, 1.138, 0.908, 0.401,
        0.085, -0.175, -0.400, 0.893, -0.141, 0.385, 0.135,
        -0.056, -0.048, -0.005, -0.057, 0.039, 0.122, 0.008,
        0.038, 0.040, 0.068, 0.696, 0.012, 0.282, 0.088,
        0.935, 0.677, 0.648, 0.479, 0.693, -1.537, 0.505,
        0.040, -0.155, -1.666, 0.488, 0.118, 0.690, -0.350,
        -3.706,
    ),
    3: (
        1.007, 0.686, 1.420, 0.954, 1.084, 0.856, 0.481,
        0.175, -0.330, -0.725, 1.048, 0.316, 0.921, -0.245,
        -0.097, -0.057, -0.232, -0.036, 0.064, 0.156, -0.048,
        -0.032, 0.155, 0.131, 0.695, 0.112, 0.286, 0.254,
        0.941, 0.677, 0.584, 0.477, 0.665, -1.429, 0.674,
        0.112, -0.356, -1.517, 0.395, 0.338, 0.527, -0.242,
        -2.441, -4.917,
    ),
    4: (
        0.896, 0.748, 1.201, 0.603, 0.965, 0.741, 0.475,
        0.045, -0.278, -1.217, 1.243, -0.156, 1.203, -0.064,
        -0.076, -0.029, -0.225, 0.058, 0.075, 0.155, -0.040,
        0.022, 0.097, 0.098, 0.460, 0.144, 0.159, 0.270,
        0.934, 0.765, 0.859, 0.225, 0.638, -1.024, 0.602,
        0.040, -0.028, -1.579, 0.281, -0.003, 0.642, -0.283,
        -1.700, -3.420, -5.161,
    ),
    5: (
        0.932, 0.806, 1.215, 0.607, 0.984, 0.775, 0.367,
        0.056, -0.316, -1.463, 1.344, 0.255, 1.246, -0.067,
        -0.112, -0.058, -0.262, 0.008, 0.031, 0.137, 0.038,
        -0.010, 0.116, 0.159, 0.528, -0.101, 0.251, 0.344,
        0.970, 0.899, 0.998, 0.456, 0.523, -1.002, 0.593,
        0.056, 0.025, -1.797, 0.083, -0.003, 0.532, -0.400,
        -1.357, -2.713, -4.084, -5.464,
    ),
}
"""Per player count, the weight of each of ``terms``: ``python -m
tools.fit_judgement --game atlantica --players N --games G`` prints them (G = 2000, 800,
600 and 500 games for 2, 3, 4 and 5 players, seed 1)."""
# fmt: on


__all__ = ["FACTS", "WEIGHTS", "facts", "has_turn_left", "rounds_left", "terms", "value"]
