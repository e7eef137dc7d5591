"""Ways to pay a debt with tiles (face value) and cards (1 point each), T5.4 and E2.

Only *minimal* payments are proposed: removing any tile or card would leave
the debt unpaid. They are sorted by how much they overpay (there is no change,
T5.4), then by how few cards they use, since cards also move pawns.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.atlantis.commands import Payment
from core.atlantis.state import Hand, State

DEFAULT_LIMIT = 12


def payment_value(state: State, payment: Payment) -> int:
    """What a payment is worth: its tiles at face value and one point per card (T5.4, E2)."""
    tiles = state.tiles
    return sum(tiles[tile].value for tile in payment.tiles) + len(payment.cards)


def choose_cards(cards: Hand, count: int) -> tuple[int, ...]:
    """``count`` cards to give away, taken from the items held most (keeps variety)."""
    remaining = list(cards)
    chosen: list[int] = []
    for _ in range(count):
        item = remaining.index(max(remaining))  # most held; the first item on a tie
        remaining[item] -= 1
        chosen.append(item)
    return tuple(sorted(chosen))


def payment_options(
    tiles: Sequence[tuple[int, int]],
    cards: Hand,
    owed: int,
    limit: int = DEFAULT_LIMIT,
) -> list[Payment]:
    """Minimal payments of ``owed`` from ``tiles`` (id, value pairs) and ``cards``.

    Returns an empty list when the debt cannot be paid, and ``[Payment()]`` when
    nothing is owed. Tiles of equal value are interchangeable, so one is picked
    per value class; the app lets the player pick others.
    """
    if owed <= 0:
        return [Payment()]
    card_count = sum(cards)
    by_value: dict[int, list[int]] = {}
    for tile, value in tiles:
        by_value.setdefault(value, []).append(tile)
    values = sorted(by_value, reverse=True)
    found: list[tuple[int, int, int, tuple[int, ...]]] = []

    def search(index: int, chosen: list[int], points: int) -> None:
        # Tiles are added from high to low value and the search stops as soon as
        # they cover the debt, so the lowest tile added is what makes it minimal.
        if points >= owed:
            found.append((points - owed, 0, len(chosen), tuple(chosen)))
            return
        missing = owed - points
        if missing <= card_count:
            found.append((0, missing, len(chosen), tuple(chosen)))
        if index == len(values):
            return
        value = values[index]
        group = by_value[value]
        for take in range(len(group), -1, -1):
            if take and points + value * (take - 1) >= owed:
                continue  # one tile fewer of this value already covers it
            search(index + 1, chosen + group[:take], points + value * take)

    search(0, [], 0)
    found.sort()
    options: list[Payment] = []
    seen: set[tuple[tuple[int, ...], int]] = set()
    card_choices: dict[int, tuple[int, ...]] = {}
    for _, card_total, _, chosen in found:
        key = (chosen, card_total)
        if key in seen:
            continue
        seen.add(key)
        if card_total not in card_choices:
            card_choices[card_total] = choose_cards(cards, card_total)
        options.append(Payment(tiles=chosen, cards=card_choices[card_total]))
        if len(options) == limit:
            break
    return options
