"""The affordable card sequences of one pawn, priced as they are found (T4, T4.5).

``moves._sequences`` walks every sequence a pawn could play, and the move
generator then drops those the player cannot pay for. With the default rule
that bought cards may pay, whether a sequence is affordable depends only on
where it stops and how many cards it plays: what the player could pay is his
``budget`` (his tiles' values and every card held) less the cards played. A
crossing costs more the further the stop (the board's sums only grow), so once
a pawn lands on an occupied space whose gaps behind already cost more than the
budget left after one more card, no sequence carrying on from there is
affordable, and that whole branch is never walked.

The sequences found, and their order, are those of ``_sequences`` filtered by
affordability: two sequences that play the same cards to the same stop cost
the same and play as many cards, so cutting an unaffordable one never changes
which of the affordable ones is met first.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable
from itertools import compress

from core.atlantis.board import Board
from core.atlantis.items import ITEM_COUNT
from core.atlantis.state import CARDS_PER_ITEM, MAINLAND

ITEM_RANGE = range(ITEM_COUNT)
ONE_CARD = tuple((item,) for item in ITEM_RANGE)
"""``(item,)`` for each item: the cards of a one-card move, made once."""
ONE_LANDING = tuple((space,) for space in range(MAINLAND + 1))
"""``(space,)`` for each space: the landings of a one-card move, made once."""
CARD_CODE = tuple((CARDS_PER_ITEM + 1) ** item for item in ITEM_RANGE)
"""A multiset of cards as one integer: the sum of its cards' codes, a digit per item
in base ``CARDS_PER_ITEM + 1`` (no hand holds more than every card of an item)."""
SPACE_CODES = MAINLAND + 1

Priced = tuple[int, tuple[int, ...], tuple[int, ...], int]
"""A pawn, the cards it plays in order, the space each one lands on, and the price
owed: ``moves.LegalMove``, made here so that the move generator only gathers them."""

Walk = tuple[
    Callable[[int, int], int],
    int,
    list[int],
    "frozenset[int] | set[int]",
    list[Priced],
    set[int],
    list[int],
    list[int],
    int,
    int,
    int,
]
"""What every step of a chain reads: the board's ``reach.index``, the last land space,
the hand being tried, the occupied spaces, the sequences found and their keys, the
gaps' last spaces and summed prices (``Board.sums``), what the gaps behind the start
cost, the budget and the pawn."""


def affordable_sequences(
    board: Board,
    pawn: int,
    start: int,
    hand: list[int],
    occupied: frozenset[int] | set[int],
    held: tuple[int, ...],
    budget: int,
) -> list[Priced]:
    """T4.1–T4.5 with bought cards that may pay: every sequence of ``pawn`` on ``start``
    that the player can pay for, as ``_sequences`` orders them, with its price.

    ``budget`` is what the player could pay before playing a card; ``hand`` (tried,
    and left as it came), ``held`` and ``occupied`` are as ``_sequences`` takes them.
    """
    last = board.last_land
    firsts, lasts, paid_by = board.sums()
    behind = paid_by[bisect_right(firsts, start)]  # the gaps starting at or before it
    home = paid_by[-1] - behind  # what the way to the Mainland costs
    spare = budget - 1  # what is left to pay with after one card
    if start >= last:
        # No land ahead (a prepared position may leave a pawn there): any card goes home.
        return [
            (pawn, ONE_CARD[item], ONE_LANDING[MAINLAND], home) for item in held if home <= spare
        ]
    index = board.reach.index
    after = start + 1
    results: list[Priced] = []
    walk: Walk = (index, last, hand, occupied, results, set(), lasts, paid_by, behind, budget, pawn)
    for item in held:
        space = index(item, after)
        if space > last:
            if home <= spare:
                results.append((pawn, ONE_CARD[item], ONE_LANDING[MAINLAND], home))
            continue
        owed = paid_by[bisect_left(lasts, space)] - behind
        if space in occupied:
            # Carrying on plays one more card to a stop that costs at least ``owed``.
            if owed < spare:
                hand[item] -= 1
                _chain(walk, space, ONE_CARD[item], ONE_LANDING[space], CARD_CODE[item])
                hand[item] += 1
        elif owed <= spare:
            results.append((pawn, ONE_CARD[item], ONE_LANDING[space], owed))
    return results


def _chain(
    walk: Walk, position: int, cards: tuple[int, ...], landings: tuple[int, ...], code: int
) -> None:
    """T4.3: landed on an occupied space, so every card in hand may carry on; branches
    that cannot be paid for (T4.5) are never entered (see the module's docstring).

    ``code`` is the multiset of ``cards`` (``CARD_CODE``): the same cards played in
    another order to the same space are the same move, found once by code and space.
    """
    index, last, hand, occupied, results, seen, lasts, paid_by, behind, budget, pawn = walk
    spare = budget - len(cards) - 1  # what is left to pay with after one more card
    after = position + 1
    for item in compress(ITEM_RANGE, hand):
        space = index(item, after)
        if space > last:
            space = MAINLAND
            owed = paid_by[-1] - behind
        else:
            owed = paid_by[bisect_left(lasts, space)] - behind
            if space in occupied:
                if owed < spare:  # as in ``affordable_sequences``
                    hand[item] -= 1
                    _chain(
                        walk,
                        space,
                        cards + ONE_CARD[item],
                        landings + ONE_LANDING[space],
                        code + CARD_CODE[item],
                    )
                    hand[item] += 1
                continue
        if owed > spare:
            continue
        key = (code + CARD_CODE[item]) * SPACE_CODES + space
        if key not in seen:
            seen.add(key)
            results.append((pawn, cards + ONE_CARD[item], landings + ONE_LANDING[space], owed))
