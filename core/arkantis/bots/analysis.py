"""Every action on one board, judged once for any hand: what the bots read.

An action's resolution (T4) depends on the board alone, except for which
stains of 4 or 5 a hand can lay a card on. So a board is judged once: for
every removal of one or two tokens and every move, its price, the pions its
modified sets of 2 and 3 pay, and the kinds of the stains of 4 or 5 it makes.
A hand then only looks up the few actions that make a stain. Boards recur
(every sampled world of a search shares the board, and the players' greedy
choices agree), so judged boards are kept in a small cache keyed by the
tokens, the modified-set test and the kinds.

This is the engine's own judgement (``resolution.modified_sets``,
``figures.figure_of_mask``), without building the events, names or states a
full ``decide`` makes: an early board has some 800 pairs of tokens to remove.
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from core.arkantis.board import reds
from core.arkantis.cards import Kind, kind_of
from core.arkantis.commands import AnyCommand, Move, Remove
from core.arkantis.decide import MOVE_PRICE, REMOVE_TWO_PRICE
from core.arkantis.figures import figure_of_mask, kind_figure
from core.arkantis.resolution import CARD_SIZES, PIONS_BY_SIZE
from core.arkantis.squares import ALL, SIZE, members, name
from core.arkantis.state import State

REMOVE_ONE, REMOVE_TWO, MOVE = 0, 1, 2
"""An action's sort: its price is 0, ``REMOVE_TWO_PRICE`` or ``MOVE_PRICE``."""
PRICE_OF = (0, REMOVE_TWO_PRICE, MOVE_PRICE)
CACHE_SIZE = 512
"""Judged boards kept: a search visits a few hundred boards per decision at most."""


@dataclass(frozen=True, slots=True)
class Action:
    """One action on the board: its sort, squares (``second`` is the other removed
    square, or a move's target; -1 for a single removal), the pions its sets of 2
    and 3 pay, and the kinds of its stains of 4 or 5 that match a card."""

    sort: int
    first: int
    second: int
    pions: int
    stains: tuple[str, ...]

    @property
    def price(self) -> int:
        return PRICE_OF[self.sort]

    @property
    def net(self) -> int:
        """Pions earned less the price: what the action is worth to a hand that lays nothing."""
        return self.pions - PRICE_OF[self.sort]

    def command(self, seat: int) -> AnyCommand:
        if self.sort == MOVE:
            return Move(seat, name(self.first), name(self.second))
        if self.sort == REMOVE_TWO:
            return Remove(seat, (name(self.first), name(self.second)))
        return Remove(seat, (name(self.first),))


@dataclass(frozen=True, slots=True)
class BoardActions:
    """Every action on one board. ``plain_best[sort]`` is the best ``net`` of the
    actions of that sort that make no stain matching a card, and ``plain_ties[sort]``
    those actions; ``staining`` the actions that make such a stain."""

    tokens: int
    plain_best: tuple[int, int, int]
    plain_ties: tuple[tuple[Action, ...], tuple[Action, ...], tuple[Action, ...]]
    staining: tuple[Action, ...]
    stain_counts: Counter[str]
    """Per kind, the free or two-token removals that make one of its stains."""
    plain: tuple[Action, ...]
    """Every action that makes no stain matching a card, best ``net`` first."""
    by_kind: dict[str, tuple[int, ...]]
    """Per kind, the indices in ``staining`` of the actions that make one of its stains:
    the only ones a hand's cards make worth more than their ``net``."""
    by_net: dict[tuple[int, int], tuple[int, ...]]
    """Per (sort, net), the indices in ``staining`` of the actions of that sort and net."""


_cache: OrderedDict[tuple[int, str, tuple[Kind, ...]], BoardActions] = OrderedDict()


def _kind_table(kinds: Sequence[Kind]) -> dict[tuple[tuple[int, int], ...], str]:
    return {kind_figure(kind): kind.id for kind in kinds}


_NOT_A = ALL & ~sum(1 << (row * SIZE) for row in range(SIZE))
_NOT_G = ALL & ~sum(1 << (row * SIZE + SIZE - 1) for row in range(SIZE))
LARGEST = max(CARD_SIZES)
"""No set larger than this pays (T4.3), so no flood fill need grow past it."""


def _small_set(seed: int, within: int, cap: int) -> int:
    """The set of ``within`` holding ``seed`` if it has at most ``cap`` squares, else 0.

    A set that pays is small, and the board's big sets are what make a full
    flood fill slow: stopping at ``cap`` squares keeps every fill to a few steps.
    """
    current = seed
    while True:
        wider = (
            current
            | ((current & _NOT_G) << 1)
            | ((current & _NOT_A) >> 1)
            | (current << SIZE)
            | (current >> SIZE)
        ) & within
        if wider == current:
            return current
        if wider.bit_count() > cap:
            return 0
        current = wider


def _judge(
    before: int,
    after: int,
    changed: int,
    test: str,
    figures: dict[tuple[tuple[int, int], ...], str],
) -> tuple[int, tuple[str, ...]]:
    """The pions and the card-matching stains of one action: ``resolution.modified_sets``
    restricted to the sets of 2 to 5 squares, the only ones that pay (T4.3)."""
    area = (
        changed
        | ((changed & _NOT_G) << 1)
        | ((changed & _NOT_A) >> 1)
        | (changed << SIZE)
        | (changed >> SIZE)
    ) & ALL
    found: list[int] = []
    for after_colour, before_colour in ((after, before), (ALL & ~after, ALL & ~before)):
        rest = after_colour & area
        while rest:
            seed = rest & -rest
            one = _small_set(seed, after_colour, LARGEST)
            if not one:
                rest &= ~seed  # a large set pays nothing; its other squares fail alike
                continue
            rest &= ~one
            size = one.bit_count()
            if size < 2:
                continue
            # T4.1: modified unless one ancestor of the same size (or squares).
            kept = one & before_colour
            if kept:
                ancestor = _small_set(kept & -kept, before_colour, size)
                same = ancestor == one if test == "squares" else ancestor.bit_count() == size
                if ancestor and not kept & ~ancestor and same:
                    continue
            found.append(one)
    if len(found) > 1:
        found.sort(key=lambda mask: mask & -mask)
    pions = 0
    stains: list[str] = []
    for mask in found:
        size = mask.bit_count()
        if size in CARD_SIZES:
            kind = figures.get(figure_of_mask(mask))
            if kind is not None:
                stains.append(kind)
        else:
            pions += PIONS_BY_SIZE.get(size, 0)
    return pions, tuple(stains)


def board_actions(tokens: int, test: str, kinds: tuple[Kind, ...], moves: bool) -> BoardActions:
    """The judged actions of the board ``tokens`` (moves only when ``moves``)."""
    key = (tokens, test if moves else test + "/no-moves", kinds)
    found = _cache.get(key)
    if found is not None:
        _cache.move_to_end(key)
        return found
    figures = _kind_table(kinds)
    squares = list(members(tokens))
    best = [-(10**9)] * 3
    ties: list[list[Action]] = [[], [], []]
    staining: list[Action] = []
    counts: Counter[str] = Counter()
    plain: list[Action] = []

    def add(action: Action) -> None:
        if action.stains:
            staining.append(action)
            if action.sort != MOVE:
                counts.update(set(action.stains))
            return
        plain.append(action)
        value = action.net
        sort = action.sort
        if value > best[sort]:
            best[sort] = value
            ties[sort] = [action]
        elif value == best[sort]:
            ties[sort].append(action)

    for sq in squares:
        bit = 1 << sq
        add(Action(REMOVE_ONE, sq, -1, *_judge(tokens, tokens & ~bit, bit, test, figures)))
    for index, first in enumerate(squares):
        for second in squares[index + 1 :]:
            changed = (1 << first) | (1 << second)
            add(
                Action(
                    REMOVE_TWO,
                    first,
                    second,
                    *_judge(tokens, tokens & ~changed, changed, test, figures),
                )
            )
    if moves:
        empty = list(members(reds(tokens)))
        for origin in squares:
            for target in empty:
                changed = (1 << origin) | (1 << target)
                add(
                    Action(
                        MOVE,
                        origin,
                        target,
                        *_judge(tokens, tokens ^ changed, changed, test, figures),
                    )
                )
    by_kind: dict[str, list[int]] = {}
    by_net: dict[tuple[int, int], list[int]] = {}
    for index, action in enumerate(staining):
        for kind in set(action.stains):
            by_kind.setdefault(kind, []).append(index)
        by_net.setdefault((action.sort, action.net), []).append(index)
    result = BoardActions(
        tokens,
        (best[0], best[1], best[2]),
        (tuple(ties[0]), tuple(ties[1]), tuple(ties[2])),
        tuple(staining),
        counts,
        tuple(sorted(plain, key=lambda action: (-action.net, action.sort))),
        {kind: tuple(found) for kind, found in by_kind.items()},
        {key: tuple(found) for key, found in by_net.items()},
    )
    _cache[key] = result
    if len(_cache) > CACHE_SIZE:
        _cache.popitem(last=False)
    return result


def analyse(state: State) -> BoardActions:
    """The judged actions of ``state``'s board (moves included when the rules allow any)."""
    moves = state.options.move_limit is None or state.options.move_limit > 0
    return board_actions(state.tokens, state.options.modified_test, state.kinds, moves)


def lay_bonus(stains: tuple[str, ...], hand: Counter[str], values: dict[str, int]) -> int:
    """What laying on ``stains`` is worth to ``hand`` (kind → copies): each card laid
    scores its value and no longer counts −1 in hand (E2)."""
    if not stains:
        return 0
    if len(stains) == 1:
        kind = stains[0]
        return values[kind] + 1 if hand.get(kind) else 0
    bonus = 0
    for kind, count in Counter(stains).items():
        bonus += min(count, hand.get(kind, 0)) * (values[kind] + 1)
    return bonus


def hand_kinds(hand: Sequence[str]) -> Counter[str]:
    """A hand as kind → copies (blank cards, unseen, left out)."""
    return Counter(kind_of(card) for card in hand if card)
