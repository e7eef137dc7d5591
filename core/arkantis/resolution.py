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

from core.arkantis.board import grow, neighbours
from core.arkantis.cards import Kind, kind_of
from core.arkantis.events import ModifiedSet, SetColour
from core.arkantis.figures import corner_mask, placings
from core.arkantis.options import Options
from core.arkantis.squares import ALL, names

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


def _first_square(item: tuple[SetColour, int]) -> int:
    """A set's first square in reading order, as a bit: how the sets are listed."""
    return item[1] & -item[1]


def modified_sets(
    before_tokens: int, after_tokens: int, changed_mask: int, test: str
) -> list[tuple[SetColour, int]]:
    """T4.1, T4.2: the modified sets of both colours, in reading order of their
    first square, as (colour, squares).

    After a removal every set touching a changed square is modified, whatever
    the test: a blue one lost the removed token beside it (its one ancestor
    is larger), a red one holds a removed square (its ancestors, if any, are
    smaller). Only a move's sets are compared with their ancestors.
    """
    area = changed_mask | neighbours(changed_mask)
    removal = not changed_mask & ~before_tokens and after_tokens == before_tokens & ~changed_mask
    found: list[tuple[SetColour, int]] = []
    blue: SetColour = "blue"
    red: SetColour = "red"
    for colour, after, before in (
        (blue, after_tokens, before_tokens),
        (red, ALL & ~after_tokens, ALL & ~before_tokens),
    ):
        rest = after & area
        while rest:
            one = grow(rest & -rest, after)
            rest &= ~one
            if removal or is_modified(one, before, test):
                found.append((colour, one))
    if len(found) > 1:
        found.sort(key=_first_square)  # sets are disjoint: their first squares differ
    return found


_SET_NAMES: dict[int, tuple[str, ...]] = {}
"""The names of the sets resolved so far, by mask: small sets come back often."""
_SET_NAMES_KEPT = 1 << 16
"""How many are kept before the table starts afresh (a bound on its memory)."""


def _set_names(mask: int) -> tuple[str, ...]:
    """``names(mask)``, remembered."""
    found = _SET_NAMES.get(mask)
    if found is None:
        if len(_SET_NAMES) >= _SET_NAMES_KEPT:
            _SET_NAMES.clear()
        found = _SET_NAMES[mask] = names(mask)
    return found


_kinds_by_placing: tuple[Sequence[Kind], dict[int, Kind]] = ((), {})
"""The last kinds asked about, and the first kind of each placing of a figure (corner
masks): a game's states all hold the same ``kinds``, so one entry serves a whole game."""


def _kind_by_placing(kinds: Sequence[Kind]) -> dict[int, Kind]:
    """The first kind (in ``kinds``' order) whose figure has each placing (D3)."""
    global _kinds_by_placing
    last, table = _kinds_by_placing
    if kinds is not last:
        table = {}
        for kind in kinds:
            for placing in placings(kind.cells):
                table.setdefault(placing, kind)
        if isinstance(kinds, tuple):  # kept only when it cannot change under the entry
            _kinds_by_placing = (kinds, table)
    return table


def _kind_for(mask: int, kinds: Sequence[Kind]) -> Kind | None:
    """The first of ``kinds`` whose figure the squares of ``mask`` have (D3): the
    figure's placings are listed once per game, so a stain is one look-up."""
    return _kind_by_placing(kinds).get(corner_mask(mask))


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
    left: list[str] | None = None  # the hand in id order, sorted once a stain needs it
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
                if left is None:
                    left = sorted(hand)
                card = next((c for c in left if kind_of(c) == kind.id), "")
                if card:
                    left.remove(card)
                    laid.append(card)
        pions += earned
        sets.append(ModifiedSet(colour, _set_names(mask), earned, card))
    return tuple(sets), pions, tuple(laid)
