"""E3: scores and winners."""

from __future__ import annotations

from core.state import State


def score(state: State, player: int) -> int:
    """Tiles' values plus one per card, less what the final crossing left unpaid (E2.1)."""
    unpaid = state.unpaid[player] if state.unpaid else 0
    return state.collected_value(player) + state.hand_size(player) - unpaid


def final_scores(state: State) -> tuple[int, ...]:
    return tuple(score(state, player) for player in range(state.player_count))


def winners(scores: tuple[int, ...]) -> tuple[int, ...]:
    """Every seat with the highest score: ties give several winners (E3)."""
    best = max(scores)
    return tuple(seat for seat, value in enumerate(scores) if value == best)
