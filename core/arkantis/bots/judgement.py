"""How the expert judges a position at the end of a playout: the final score it foretells.

A playout stops one or two actions after the searched one, long before the
game ends, so its position is judged by what each player's holdings are
likely to be worth once the game is over. The measure (``value``) is linear in
a few facts about a player (``FACTS``): the score as if the game ended now
(E2), the pions (points, and the price of cards and actions), the cards in
hand, what they may still bring (each at the greedy bot's chance to be laid,
and those the board stains now), the best action the board offers the
player's hand, and a term for being still in the game. Each fact is weighed
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
again, ``tools.fit_judgement --game arkantis`` prints them).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from core.arkantis.bots.analysis import BoardActions, hand_kinds
from core.arkantis.bots.greedy_bot import best_actions, lay_chance, values_of
from core.arkantis.cards import kind_of
from core.arkantis.decide import MOVE_PRICE
from core.arkantis.scoring import score_now
from core.arkantis.state import State

FACTS = ("score", "pions", "cards", "hope", "ready", "best", "playing")
"""What ``facts`` measures of a player still in the game, in this order (see ``facts``)."""
TERMS = len(FACTS)
FULL_BOARD = 42


def facts(state: State, seat: int, board: BoardActions, actor: int) -> tuple[float, ...]:
    """The seat's facts (``FACTS``), its cards judged on ``board``: the score now, the
    pions, the cards in hand, what they are hoped to bring (``lay_chance``), the value
    and one point of those the board stains now, the best action's value for the
    hand (as the greedy bot weighs it), and 1. For ``actor``, who chose his action on
    ``board`` (and took what it offered him), the last two but one are 0."""
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
        best, _ = best_actions(board, hand_kinds(hand_cards), values, pions, moves_left)
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


FUTURE_PER_TOKEN = 0.3
"""``plain_value``'s points a token left, shared among the players still in the game."""


def plain_value(state: State, seat: int, board: BoardActions) -> float:
    """The expert's former measure of a position, which the review of a game keeps: the
    score now (E2), each card in hand at the greedy bot's chance to be laid on
    ``board`` (fewer as tokens go) times its value and one point, and for a player
    still in the game a share of ``FUTURE_PER_TOKEN`` a token left.

    Every term is one the rules give (the review explains a loss in points, and its
    graded positions are plain by the rules), where the fitted ``value`` reads
    correlations of greedy games: a card held early counts about 2.4 points there,
    since who holds more cards early lays more, which wins games for the search but
    would grade keeping a ten-point card for pions as good as laying it."""
    values = values_of(state)
    score = float(score_now(state, seat, values).total)
    if not still_playing(state, seat):
        return score
    tokens = state.tokens.bit_count()
    playing = sum(1 for passed in state.passed if not passed)
    score += FUTURE_PER_TOKEN * tokens / max(1, playing)
    shrink = min(1.0, tokens / max(1, board.tokens.bit_count()))
    held: Counter[str] = Counter()
    for card in sorted(state.hands[seat]):
        kind = kind_of(card)
        score += shrink * lay_chance(board, kind, held[kind]) * (values[kind] + 1)
        held[kind] += 1
    return score


# Two lines: each fact (FACTS) alone, then times the share of tokens left; last, the
# second, third… place in the turn order.
# fmt: off
WEIGHTS: dict[int, tuple[float, ...]] = {
    2: (
        1.084, -0.013, -0.528, -0.364, -0.092, 0.930, -7.679,
        -0.410, -0.032, 2.978, 0.376, 0.157, -0.919, 43.753,
        -0.165,
    ),
    3: (
        1.032, 0.005, -0.604, -0.160, -0.109, 0.844, -1.442,
        -0.242, -0.095, 3.590, 0.120, 0.194, -0.781, 15.236,
        -0.308, -0.968,
    ),
    4: (
        1.056, 0.013, -0.548, 0.337, -0.082, 0.771, -1.636,
        -0.384, -0.157, 2.766, -0.453, 0.152, -0.673, 16.419,
        -0.005, -1.067, -1.168,
    ),
}
"""Per player count, the weight of each of ``terms``: ``python -m
tools.fit_judgement --game arkantis --players N --games G`` prints them (G = 600, 300 and
300 games for 2, 3 and 4 players, seed 1)."""
# fmt: on


__all__ = ["FACTS", "WEIGHTS", "facts", "plain_value", "still_playing", "terms", "value"]
