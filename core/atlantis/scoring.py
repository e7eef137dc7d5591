"""E3: scores and winners."""

from __future__ import annotations

from core.atlantis.moves import final_debt
from core.atlantis.state import State


def score(state: State, player: int) -> int:
    """Tiles' values plus one per card, less what the final crossing left unpaid (E2.1)."""
    unpaid = state.unpaid[player] if state.unpaid else 0
    return state.collected_value(player) + state.hand_size(player) - unpaid


def final_scores(state: State) -> tuple[int, ...]:
    return tuple(score(state, player) for player in range(state.player_count))


def winners(scores: tuple[int, ...], resigned: tuple[int, ...] = ()) -> tuple[int, ...]:
    """Every seat with the highest score: ties give several winners (E3); a player who
    resigned wins nothing (E5)."""
    best = max(value for seat, value in enumerate(scores) if seat not in resigned)
    return tuple(
        seat for seat, value in enumerate(scores) if value == best and seat not in resigned
    )


def least_final_payment(tile_values: list[int], cards: int, debt: int) -> int | None:
    """E2: the least total that pays ``debt`` from these tiles and cards (a card pays 1),
    or None when everything held is not enough."""
    if debt <= 0:
        return 0
    sums = {0}
    for value in tile_values:
        sums |= {total + value for total in sums}
    payable = [total + max(0, debt - total) for total in sums if debt - total <= cards]
    return min(payable) if payable else None


def projected_score(state: State, player: int) -> int:
    """The score ``player`` would have if the game ended now (E2, E3).

    His pawns still on the way cross to the Mainland at once and he pays the
    least he can for it (overpaying only when his tiles force it); if all he
    holds is not enough, he gives it all and the rest counts against him
    (E2.1). Only public facts are read: tile values and the number of cards.
    Once the game is over, the final score.
    """
    if state.scores:
        return state.scores[player]
    # Worked out once per state: a panel asks for every player's, for each one's place.
    known: dict[int, int] = state.__dict__.setdefault(PROJECTED_KEY, {})
    if player not in known:
        known[player] = _projected(state, player)
    return known[player]


PROJECTED_KEY = "projected_scores"
"""Where a state keeps the projected scores worked out from it (see ``core.atlantis.derived``)."""


def _projected(state: State, player: int) -> int:
    held = score(state, player)
    values = [state.tiles[tile].value for tile in state.collected[player]]
    debt = final_debt(state, player)
    paid = least_final_payment(values, state.hand_size(player), debt)
    return held - (debt if paid is None else paid)


def ranks(scores: tuple[int, ...]) -> tuple[int, ...]:
    """Each seat's place, 1 for the best; equal scores share a place (E3)."""
    return tuple(1 + sum(other > mine for other in scores) for mine in scores)
