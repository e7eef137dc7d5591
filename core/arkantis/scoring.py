"""E2, E3: scores, winners and the tie-break.

A score is the face values of the laid cards, plus the pions, minus one per
card still in hand (E2). The highest total wins; with ``tiebreak =
laid_cards`` the tied player with the most laid cards wins; players still tied
share the win (E3).
"""

from __future__ import annotations

from collections.abc import Sequence

from core.arkantis.cards import Kind, kind_of
from core.arkantis.events import PlayerScore
from core.arkantis.state import State


def values_of(kinds: Sequence[Kind]) -> dict[str, int]:
    """Each kind's face value, by kind id."""
    return {kind.id: kind.value for kind in kinds}


def score_now(state: State, seat: int, values: dict[str, int] | None = None) -> PlayerScore:
    """E2 for ``seat`` as if the game ended now (``values``: ``values_of(state.kinds)``,
    when the caller made them already)."""
    if values is None:
        values = values_of(state.kinds)
    laid = state.laid[seat]
    laid_value = sum(values.get(kind_of(card), 0) for card in laid)
    in_hand = len(state.hands[seat])
    pions = state.pions[seat]
    return PlayerScore(laid, laid_value, pions, in_hand, laid_value + pions - in_hand)


def final_scores(state: State) -> tuple[PlayerScore, ...]:
    """E2 for every seat."""
    values = values_of(state.kinds)
    return tuple(score_now(state, seat, values) for seat in range(state.player_count))


def winners(scores: Sequence[PlayerScore], tiebreak: str) -> tuple[tuple[int, ...], str]:
    """E3: the winning seats, and ``"E3"`` when the tie-break separated equal totals."""
    best = max(score.total for score in scores)
    tied = [seat for seat, score in enumerate(scores) if score.total == best]
    if len(tied) == 1 or tiebreak == "shared":
        return tuple(tied), ""
    most = max(len(scores[seat].laid) for seat in tied)
    kept = tuple(seat for seat in tied if len(scores[seat].laid) == most)
    return kept, "E3" if len(kept) < len(tied) else ""


def places(scores: Sequence[PlayerScore], won: Sequence[int], tiebreak: str) -> tuple[int, ...]:
    """Each seat's place (1 is first): by total, then by laid cards when the
    tie-break counts them; the winners first."""

    def key(seat: int) -> tuple[int, int]:
        laid = len(scores[seat].laid) if tiebreak == "laid_cards" else 0
        return scores[seat].total, laid

    keys = [key(seat) for seat in range(len(scores))]
    return tuple(
        1 if seat in won else 1 + sum(other > keys[seat] for other in keys)
        for seat in range(len(scores))
    )
