"""How the expert judges a position at the end of a playout: the final score it foretells.

A playout stops one or two actions after the searched one, long before the
game ends, so its position is judged by what each player's holdings are
likely to be worth once the game is over. The measure (``value``) is linear in
a few facts about a player (``FACTS``): the score as if the game ended now
(E2), the pions (points, and the price of cards and actions), the cards in
hand, what they may still bring (each at the greedy bot's chance to be laid,
and those the board stains now), the best action the board offers the
player's hand, a term for being still in the game, and what else tells a hand's
future: the kinds in it, its size squared (a large hand lays no more than the
board's stains allow), the removals staining a kind held, and the moves the
player may still make. Each fact is weighed
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

FACTS = (
    "score",
    "pions",
    "cards",
    "hope",
    "ready",
    "best",
    "playing",
    "kinds",
    "cards_squared",
    "stainable",
    "moves_left",
)
"""What ``facts`` measures of a player still in the game, in this order (see ``facts``)."""
TERMS = len(FACTS)
FULL_BOARD = 42
STAINS_COUNTED = 40
"""``facts``' ``stainable`` counts at most this many removals staining one kind (as
``greedy_bot.STAINS_FOR_LIKELY``: more make a card no likelier to be laid)."""


def facts(state: State, seat: int, board: BoardActions, actor: int) -> tuple[float, ...]:
    """The seat's facts (``FACTS``), its cards judged on ``board``: the score now, the
    pions, the cards in hand, what they are hoped to bring (``lay_chance``), the value
    and one point of those the board stains now, the best action's value for the
    hand (as the greedy bot weighs it), and 1. For ``actor``, who chose his action on
    ``board`` (and took what it offered him), ``ready`` and ``best`` are 0. Then the
    kinds in hand, the cards in hand squared (a large hand lays no more than its
    stains allow), the removals on ``board`` that stain a kind held (in tens), and the
    moves the player may still make (T3.4)."""
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
    counts = board.stain_counts
    stainable = sum(min(counts.get(kind, 0), STAINS_COUNTED) for kind in held) / 10
    limit = state.options.move_limit
    moves = max(0, limit - state.moves_used[seat]) if limit else 0
    return (
        score,
        float(pions),
        float(len(hand_cards)),
        hope,
        ready,
        float(max(0, best)),
        1.0,
        float(len(held)),
        float(len(hand_cards)) ** 2,
        stainable,
        float(moves),
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
    correlations of greedy games: a card held early counts about 2 points there,
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
        1.049, -0.030, 0.274, -2.726, -0.003, 0.430, -5.954, -0.217, 0.022, 5.547, 2.979,
        -0.201, 0.159, 1.864, 3.413, 0.041, -0.280, 30.596, 0.968, -0.026, -7.025, 0.182,
        -0.164,
    ),
    3: (
        1.016, -0.028, -1.015, -1.609, -0.052, 0.508, 0.233, -0.011, 0.124, 2.813, 0.522,
        -0.071, 0.203, 4.564, 2.041, 0.120, -0.405, 2.195, 0.434, -0.210, -3.592, 4.262,
        -0.220, -0.937,
    ),
    4: (
        1.049, -0.009, -1.172, -0.690, -0.059, 0.527, -0.533, 0.205, 0.098, 1.808, 0.132,
        -0.237, 0.140, 3.540, 1.193, 0.117, -0.436, 4.665, 0.814, -0.201, -2.778, 4.569,
        0.110, -0.874, -1.064,
    ),
}
"""Per player count, the weight of each of ``terms``: ``python -m
tools.fit_judgement --game arkantis --players N --games G`` prints them (G = 600, 300 and
300 games for 2, 3 and 4 players, seed 1)."""
# fmt: on


__all__ = ["FACTS", "WEIGHTS", "facts", "plain_value", "still_playing", "terms", "value"]
