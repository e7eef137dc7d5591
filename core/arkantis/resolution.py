"""T4: judging an action once, and what its modified sets pay.

``resolve`` compares the board just before and just after one action (a
removal of one or two tokens, or a move). Only sets that hold or touch a
changed square can differ from their ancestors (T4.2 a), so only those are
examined, in both colours at once. Each modified set pays by its size (T4.3);
a stain of 4 or 5 lays a matching card from the hand, every card that can be
laid, stains served in reading order of their first square (T4.4).
"""

from __future__ import annotations

from collections.abc import Sequence

from core.arkantis.board import grow, neighbours, reds, sets_touching
from core.arkantis.cards import Kind, kind_of
from core.arkantis.events import ModifiedSet, SetColour
from core.arkantis.figures import matches
from core.arkantis.options import Options
from core.arkantis.squares import names

PIONS_BY_SIZE = {2: 2, 3: 3}
"""T4.3: what a modified set of 2 or 3 squares pays."""
CARD_SIZES = (4, 5)
"""T4.3: the sizes of a stain that lays a card."""


def is_modified(after_set: int, before_mask: int, test: str) -> bool:
    """T4.1: whether ``after_set`` differs from its ancestors among ``before_mask``
    (the squares of its colour before the action)."""
    rest = after_set & before_mask
    if not rest:
        return True  # no ancestor
    ancestor = grow(rest & -rest, before_mask)
    if rest & ~ancestor:
        return True  # several ancestors
    if test == "squares":
        return ancestor != after_set
    return ancestor.bit_count() != after_set.bit_count()


def modified_sets(
    before_tokens: int, after_tokens: int, changed_mask: int, test: str
) -> list[tuple[SetColour, int]]:
    """T4.1, T4.2: the modified sets of both colours, in reading order of their
    first square, as (colour, squares)."""
    area = changed_mask | neighbours(changed_mask)
    found: list[tuple[SetColour, int]] = []
    for colour, after, before in (
        ("blue", after_tokens, before_tokens),
        ("red", reds(after_tokens), reds(before_tokens)),
    ):
        for one in sets_touching(after, area):
            if is_modified(one, before, test):
                found.append((colour, one))  # type: ignore[arg-type]
    found.sort(key=lambda item: item[1] & -item[1])
    return found


def _kind_for(mask: int, kinds: Sequence[Kind]) -> Kind | None:
    for kind in kinds:
        if matches(mask, kind):
            return kind
    return None


def resolve(
    before_tokens: int,
    after_tokens: int,
    changed_mask: int,
    options: Options,
    hand: Sequence[str],
    kinds: Sequence[Kind] | None = None,
) -> tuple[tuple[ModifiedSet, ...], int, tuple[str, ...]]:
    """T4: the modified sets with what each pays, the pions earned, the cards laid.

    ``kinds`` are the game's cards (``State.kinds``); the shipped data set's
    by default. Of several copies of a kind in ``hand``, the first in id
    order is laid (copies are alike).
    """
    if kinds is None:
        from core.arkantis.data import default_data_set

        kinds = default_data_set().kinds
    left = sorted(hand)
    sets: list[ModifiedSet] = []
    pions = 0
    laid: list[str] = []
    for colour, mask in modified_sets(
        before_tokens, after_tokens, changed_mask, options.modified_test
    ):
        size = mask.bit_count()
        earned = PIONS_BY_SIZE.get(size, 0)
        card = ""
        if size in CARD_SIZES:
            kind = _kind_for(mask, kinds)
            if kind is not None:
                card = next((c for c in left if kind_of(c) == kind.id), "")
                if card:
                    left.remove(card)
                    laid.append(card)
        pions += earned
        sets.append(ModifiedSet(colour, names(mask), earned, card))
    return tuple(sets), pions, tuple(laid)
