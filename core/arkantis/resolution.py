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
from core.arkantis.squares import ALL, SQUARES, names

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


RED = 1 << SQUARES
"""The bit above the board's squares that marks a red set in a set's key: a set is
one ``int`` (its squares, and this bit when red), cheap to sort and to look up."""


def _modified_keys(before: int, after: int, changed: int, test: str) -> list[tuple[int, int]]:
    """T4.1, T4.2: the modified sets of both colours as (first square's bit, key),
    sorted, so in reading order of their first square (sets are disjoint: the
    first squares differ, and the keys are never compared).

    After a removal every set touching a changed square is modified, whatever
    the test: a blue one lost the removed token beside it (its one ancestor
    is larger), a red one holds a removed square (its ancestors, if any, are
    smaller); and the red sets touching a changed square are those holding
    one, as a red square beside it joins its set. Only a move's sets are
    compared with their ancestors.
    """
    near = neighbours(changed)
    found: list[tuple[int, int]] = []
    if not changed & ~before and after == before & ~changed:  # a removal
        rest = after & near
        while rest:
            one = grow(rest & -rest, after)
            rest &= ~one
            found.append((one & -one, one))
        empty = ALL & ~after
        rest = changed
        while rest:
            one = grow(rest & -rest, empty)
            rest &= ~one
            found.append((one & -one, one | RED))
    else:
        area = changed | near
        for red, now, then in ((0, after, before), (RED, ALL & ~after, ALL & ~before)):
            rest = now & area
            while rest:
                one = grow(rest & -rest, now)
                rest &= ~one
                if is_modified(one, then, test):
                    found.append((one & -one, one | red))
    if len(found) > 1:
        found.sort()
    return found


def modified_sets(
    before_tokens: int, after_tokens: int, changed_mask: int, test: str
) -> list[tuple[SetColour, int]]:
    """T4.1, T4.2: the modified sets of both colours, in reading order of their
    first square, as (colour, squares)."""
    return [
        ("red", key & ALL) if key & RED else ("blue", key)
        for _first, key in _modified_keys(before_tokens, after_tokens, changed_mask, test)
    ]


_KNOWN: dict[int, ModifiedSet] = {}
"""The modified sets resolved so far that laid no card, by key (``RED``): the same
small sets come back often, and a set's names and pions follow from its squares."""
_KNOWN_KEPT = 1 << 15
"""How many are kept before the table starts afresh (a bound on its memory)."""


def _known(key: int) -> ModifiedSet:
    """The modified set of ``key`` as it is when it lays no card (T4.3), remembered."""
    found = _KNOWN.get(key)
    if found is None:
        if len(_KNOWN) >= _KNOWN_KEPT:
            _KNOWN.clear()
        mask = key & ALL
        colour: SetColour = "red" if key & RED else "blue"
        found = ModifiedSet(colour, names(mask), PIONS_BY_SIZE.get(mask.bit_count(), 0))
        _KNOWN[key] = found
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
    for _first, key in _modified_keys(
        before_tokens, after_tokens, changed_mask, options.modified_test
    ):
        modified = _known(key)
        if modified.pions:
            pions += modified.pions
        elif len(modified.squares) in CARD_SIZES:
            kind = _kind_for(key & ALL, kinds)
            if kind is not None:
                if left is None:
                    left = sorted(hand)
                card = next((c for c in left if kind_of(c) == kind.id), "")
                if card:
                    left.remove(card)
                    laid.append(card)
                    modified = ModifiedSet(modified.colour, modified.squares, 0, card)
        sets.append(modified)
    return tuple(sets), pions, tuple(laid)
