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
    a bot that draws one payment at random builds only the one it draws.

    Tiles are taken value class by value class, from the highest; within a class
    the first held. A choice of tiles that does not cover the debt is completed
    with cards (if there are enough) and may go on to lower values; one that
    covers it stops, with as few tiles of its last class as cover it, so every
    payment is minimal. Each choice is met once, so none is listed twice.
    """
    if not tiles:
        return [((), owed)] if owed <= card_count else []
    by_value: dict[int, list[int]] = {}
    for tile, value in tiles:
        group = by_value.get(value)
        if group is None:
            by_value[value] = [tile]
        else:
            group.append(tile)
    # (overpaid, cards, tiles used, tiles): the order payments are offered in.
    found: list[tuple[int, int, int, tuple[int, ...]]] = []
    if owed <= card_count:
        found.append((0, owed, 0, ()))
    short: list[tuple[tuple[int, ...], int]] = [((), 0)]  # choices not covering the debt
    for value in sorted(by_value, reverse=True):
        group = by_value[value]
        grown = short.copy()  # each may take none of this class
        for picked, total in short:
            for tile in group:  # one more of the class each time, the first held first
                total += value
                picked += (tile,)
                if total >= owed:
                    found.append((total - owed, 0, len(picked), picked))
                    break
                if owed - total <= card_count:
                    found.append((0, owed - total, len(picked), picked))
                grown.append((picked, total))
        short = grown
    found.sort()
    return [(chosen, cards) for _, cards, _, chosen in found[:limit]]
