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


Plan = tuple[tuple[int, ...], int]
"""A payment before its cards are picked: the tiles (ids) and how many cards."""


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
    options: list[Payment] = []
    card_choices: dict[int, tuple[int, ...]] = {}
    for chosen, card_total in payment_plans(tiles, sum(cards), owed, limit):
        picked = card_choices.get(card_total)
        if picked is None:
            picked = card_choices[card_total] = choose_cards(cards, card_total)
        options.append(Payment(tiles=chosen, cards=picked))
    return options


def payment_plans(
    tiles: Sequence[tuple[int, int]], card_count: int, owed: int, limit: int = DEFAULT_LIMIT
) -> list[Plan]:
    """``payment_options`` (``owed`` > 0) before the cards are picked, in the same order:
    a bot that draws one payment at random builds only the one it draws."""
    by_value: dict[int, list[int]] = {}
    for tile, value in tiles:
        group = by_value.get(value)
        if group is None:
            by_value[value] = [tile]
        else:
            group.append(tile)
    values = sorted(by_value, reverse=True)
    last = len(values)
    found: list[tuple[int, int, int, tuple[int, ...]]] = []

    def search(index: int, chosen: tuple[int, ...], points: int) -> None:
        # Tiles are added from high to low value and the search stops as soon as
        # they cover the debt, so the lowest tile added is what makes it minimal.
        if points >= owed:
            found.append((points - owed, 0, len(chosen), chosen))
            return
        missing = owed - points
        if missing <= card_count:
            found.append((0, missing, len(chosen), chosen))
        if index == last:
            return
        value = values[index]
        group = by_value[value]
        for take in range(len(group), -1, -1):
            if take and points + value * (take - 1) >= owed:
                continue  # one tile fewer of this value already covers it
            search(index + 1, (*chosen, *group[:take]), points + value * take)

    search(0, (), 0)
    found.sort()
    plans: list[Plan] = []
    seen: set[Plan] = set()
    for _, card_total, _, chosen in found:
        plan = (chosen, card_total)
        if plan in seen:
            continue
        seen.add(plan)
        plans.append(plan)
        if len(plans) == limit:
            break
    return plans
