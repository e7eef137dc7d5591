"""How the expert judges a position at the end of a playout: the final score it foretells.

A playout stops one or two actions after the searched one, long before the
game ends, so its position is judged by what each player's holdings are
likely to be worth once the game is over. The measure (``value``) is linear in
a few facts about a player (``FACTS``): the score as if the game ended now
(E2), the pions (points, and the price of cards and actions), the cards in
hand, what they may still bring (each at the greedy bot's chance to be laid,
and those the board stains now), the pions the best action on the board
earns, and a term for being still in the game. Each fact is weighed
alone and times the share of the 42 tokens left (early, a card in hand has
time to be laid; late, it mostly costs its point). A player who has passed,
or a game over, keeps the score as it is. The seat's place in the turn order
adds its own term (who plays sooner has the next pick of the board).

The board the cards are judged on is the one the last action was chosen on
(``reference``): every bot analysed it already, so judging a position costs
no new analysis of a board (``analysis.analyse`` of a fresh board costs more
than a whole playout).

The weights (``WEIGHTS``, per player count) are fitted by least squares on
games between greedy bots, so that the difference of two players' values
foretells the difference of their final scores (``judgement_fit`` makes them
again, ``tools.fit_arkantis_judgement`` prints them).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from core.arkantis.bots.analysis import BoardActions
from core.arkantis.bots.greedy_bot import best_actions, lay_chance, values_of
from core.arkantis.cards import kind_of
from core.arkantis.decide import MOVE_PRICE
from core.arkantis.scoring import score_now
from core.arkantis.state import State

FACTS = ("score", "pions", "cards", "hope", "ready", "best", "playing")
"""What ``facts`` measures of a player still in the game, in this order (see ``facts``)."""
TERMS = len(FACTS)
FIXED_WEIGHTS = {
    FACTS.index("score"): 1.0,
    TERMS + FACTS.index("score"): 0.0,
    FACTS.index("cards"): 0.0,
    TERMS + FACTS.index("cards"): 0.0,
}
"""Weights the fit holds, so that the judgement weighs what a choice changes as the
rules do: the score now is banked (laid cards and pions stay, E2), and a card in hand
is worth what it may bring (``hope``, ``ready``), never its being held. Fitted freely,
the score counted 0.87 early and each card held 2.4 points, a correlation of greedy
games (who holds more cards early lays more), not what buying one brings: the search
then gave up a card laid at once for pions that buy cards."""
FULL_BOARD = 42
NO_CARDS: Counter[str] = Counter()


def facts(state: State, seat: int, board: BoardActions, actor: int) -> tuple[float, ...]:
    """The seat's facts (``FACTS``), its cards judged on ``board``: the score now, the
    pions, the cards in hand, what they are hoped to bring (``lay_chance``), the value
    and one point of those the board stains now, the pions the best action earns less
    its price, and 1. For ``actor``, who chose his action on ``board`` (and took what
    it offered him), the last two but one are 0."""
    values = values_of(state)
    hand_cards = state.hands[seat]
    score = float(score_now(state, seat, values).total)
    pions = state.pions[seat]
    hope = 0.0
    ready = 0.0
    held: Counter[str] = Counter()
    for card in sorted(hand_cards):
        kind = kind_of(card)
        worth = values[kind] + 1
        hope += lay_chance(board, kind, held[kind]) * worth
        if not held[kind] and kind in board.by_kind and seat != actor:
            ready += worth
        held[kind] += 1
    best = 0
    if seat != actor:
        moves_left = pions >= MOVE_PRICE and state.options.moves_allowed(state.moves_used[seat])
        # The pions alone: what laying the cards in hand is worth is ``hope`` and
        # ``ready`` (counting it again here made a purchase look worth more than a card
        # laid at once).
        best, _ = best_actions(board, NO_CARDS, values, pions, moves_left)
    return (
        score,
        float(pions),
        float(len(hand_cards)),
        hope,
        ready,
        float(max(0, best)),
        1.0,
    )


def still_playing(state: State, seat: int) -> bool:
    """Whether the seat may still act (the game is not over and it has not passed, T5)."""
    return not state.is_over and not state.passed[seat]


def terms(state: State, seat: int, board: BoardActions, actor: int) -> list[float]:
    """The seat's facts placed where their weights are: alone, then times the share of
    tokens left; last, one term per place in the turn order after the player to act."""
    players = state.player_count
    row = [0.0] * (2 * TERMS + players - 1)
    share = state.tokens.bit_count() / FULL_BOARD
    for index, fact in enumerate(facts(state, seat, board, actor)):
        row[index] = fact
        row[TERMS + index] = fact * share
    place = (seat - state.current) % players
    if place:
        row[2 * TERMS + place - 1] = 1.0
    return row


def value(
    state: State,
    seat: int,
    board: BoardActions,
    actor: int,
    weights: Sequence[float] | None = None,
) -> float:
    """The seat's final score as foretold from ``state`` (up to a term shared by the
    players still in the game), its cards judged on ``board``, on which ``actor``
    chose his action: the score itself for a player who has passed or a game over."""
    if not still_playing(state, seat):
        return float(score_now(state, seat, values_of(state)).total)
    chosen = WEIGHTS[state.player_count] if weights is None else weights
    return sum(
        weight * term for weight, term in zip(chosen, terms(state, seat, board, actor), strict=True)
    )


# Two lines: each fact (FACTS) alone, then times the share of tokens left; last, the
# second, third… place in the turn order.
# fmt: off
WEIGHTS: dict[int, tuple[float, ...]] = {
    2: (
        1.000, 0.062, 0.000, 0.611, -0.056, 1.614, -3.965,
        0.000, -0.323, 0.000, 0.033, 0.277, -2.423, 20.927,
        -0.172,
    ),
    3: (
        1.000, 0.062, 0.000, 0.976, -0.040, 1.610, -1.723,
        0.000, -0.332, 0.000, -0.430, 0.312, -2.521, 8.327,
        -0.401, -1.221,
    ),
    4: (
        1.000, 0.064, 0.000, 1.130, -0.079, 1.404, -0.458,
        0.000, -0.335, 0.000, -0.861, 0.372, -1.990, 1.672,
        0.009, -1.344, -1.533,
    ),
}
"""Per player count, the weight of each of ``terms``: ``python -m
tools.fit_arkantis_judgement --players N --games G`` prints them (G = 300, 150 and
200 games for 2, 3 and 4 players, seed 1)."""
# fmt: on


__all__ = ["FACTS", "FIXED_WEIGHTS", "WEIGHTS", "facts", "still_playing", "terms", "value"]
