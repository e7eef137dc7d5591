"""Legal moves and their previews: the one function the app, hints and bots use.

For a pawn, every card sequence that ends legally (T4) is listed with what it
would cause: the spaces landed on, the gaps crossed with their prices (T5),
the tile that would be taken (T6) and whether the player can pay. Sequences
that use the same cards to reach the same space are the same move, so only the
first is kept.

Bots that show no previews ask ``move_list`` instead: the same moves as plain
tuples, worked out once per position, the tile to take found only for the
move chosen (``tile_taken_by``) and the payments only for it (``payments_for``).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterator
from itertools import compress

import msgspec

from core.atlantis.affordable import (
    CARD_CODE,
    ITEM_RANGE,
    ONE_CARD,
    ONE_LANDING,
    SPACE_CODES,
    affordable_sequences,
)
from core.atlantis.board import BOARD_KEY, Board, Gap, crossing_price, tile_columns
from core.atlantis.commands import NO_PAYMENT, Payment
from core.atlantis.hands import elementwise_min, hand_of, subtract
from core.atlantis.payments import DEFAULT_LIMIT, Plan, payment_options, payment_plans
from core.atlantis.state import (
    ATLANTIS,
    MAINLAND,
    PAWNS_PER_PLAYER,
    Hand,
    State,
)
from core.atlantis.view import TURN_KEY, shared_with_view


class MovePreview(msgspec.Struct, frozen=True):
    """One legal way to move one pawn, and all it would cause.

    ``payable`` is the most the player could pay after playing these cards
    (T5.4); a preview is legal only when ``payable >= owed``.
    """

    pawn: int
    start: int
    cards: tuple[int, ...]
    landings: tuple[int, ...]
    crossings: tuple[Gap, ...]
    owed: int
    payable: int
    tile_space: int | None
    tile: int | None

    @property
    def destination(self) -> int:
        return self.landings[-1]

    @property
    def affordable(self) -> bool:
        return self.payable >= self.owed


def payable_cards(state: State, seat: int, played: Hand) -> Hand:
    """T5.4 and option ``bought_cards_can_pay``: the cards that may pay after moving."""
    after = subtract(state.hands[seat], played)
    if state.options.bought_cards_can_pay:
        return after
    return elementwise_min(after, subtract(state.hands[seat], state.bought))


Sequence = tuple[tuple[int, ...], tuple[int, ...]]
"""Cards played in order, and the space each one lands on."""

LegalMove = tuple[int, tuple[int, ...], tuple[int, ...], int]
"""A legal move as plain data: (pawn, cards played, spaces landed on, price owed).

Bots that do not show previews ask for these (``move_list``): they skip the
preview object and the tile to take, which are worked out for the chosen move only.
"""

MOVES_KEY = "moves"
OCCUPIED_KEY = "occupied"
"""Where ``move_list`` leaves the spaces every pawn stands on (a set, not to be changed),
beside the moves, in the values a state shares with its active player's view."""


def _sequences(
    board: Board,
    start: int,
    hand: list[int],
    occupied: frozenset[int] | set[int],
    held: tuple[int, ...] | None = None,
) -> list[Sequence]:
    """T4.1–T4.4: every (cards, landings) that stops on a free space or the Mainland.

    ``occupied`` holds path spaces only (never the Mainland); whether it holds
    ``start`` does not matter, since every landing lies ahead of it. ``hand`` is
    used to try the sequences and is left as it came; ``held``, the items it
    holds, may be given when the caller has them.
    """
    if held is None:
        held = tuple(compress(ITEM_RANGE, hand))
    last = board.last_land
    if start >= last:
        # No land ahead (a prepared position may leave a pawn there): any card goes home.
        return [(ONE_CARD[item], ONE_LANDING[MAINLAND]) for item in held]
    # board.landing, inlined: this is the innermost loop of every bot and preview.
    index = board.reach.index
    after = start + 1
    results: list[Sequence] = []
    seen: set[int] | None = None
    for item in held:
        space = index(item, after)
        if space > last:
            results.append((ONE_CARD[item], ONE_LANDING[MAINLAND]))
        elif space not in occupied:
            results.append((ONE_CARD[item], ONE_LANDING[space]))
        else:
            if seen is None:
                seen = set()
            hand[item] -= 1
            _chain(
                (index, last, hand, occupied, results, seen),
                space,
                ONE_CARD[item],
                ONE_LANDING[space],
                CARD_CODE[item],
            )
            hand[item] += 1
    return results


Search = tuple[
    Callable[[int, int], int], int, list[int], "frozenset[int] | set[int]", list[Sequence], set[int]
]
"""What every step of a chain reads: the board's ``reach.index``, the last land space,
the hand being tried, the occupied spaces, the sequences found and their keys."""


def _chain(
    search: Search, position: int, cards: tuple[int, ...], landings: tuple[int, ...], code: int
) -> None:
    """T4.3: landed on an occupied space, so every card in hand may carry on.

    ``code`` is the multiset of ``cards`` as an integer (``CARD_CODE``): playing the
    same cards in another order to the same space is the same move, found once by
    its code and its space.
    """
    index, last, hand, occupied, results, seen = search
    after = position + 1
    for item in compress(ITEM_RANGE, hand):
        space = index(item, after)
        if space > last:
            space = MAINLAND
        elif space in occupied:
            hand[item] -= 1
            _chain(
                search,
                space,
                cards + ONE_CARD[item],
                landings + ONE_LANDING[space],
                code + CARD_CODE[item],
            )
            hand[item] += 1
            continue
        key = (code + CARD_CODE[item]) * SPACE_CODES + space
        if key not in seen:
            seen.add(key)
            results.append((cards + ONE_CARD[item], landings + ONE_LANDING[space]))


def path_pawns(state: State) -> set[int]:
    """The path spaces holding a pawn (``State.occupied`` as a plain set)."""
    occupied = {space for positions in state.pawns for space in positions}
    occupied.discard(ATLANTIS)
    occupied.discard(MAINLAND)
    return occupied


def _payable(state: State, seat: int, cards: tuple[int, ...], tile_points: int) -> int:
    """The most the player could pay after playing ``cards`` (T5.4)."""
    if state.options.bought_cards_can_pay:
        return tile_points + sum(state.hands[seat]) - len(cards)
    return tile_points + sum(payable_cards(state, seat, hand_of(cards)))


def pawn_moves(
    state: State,
    pawn: int,
    *,
    board: Board | None = None,
    occupied: frozenset[int] | None = None,
    tile_points: int | None = None,
) -> list[MovePreview]:
    """Every move of the active player's ``pawn``, affordable or not.

    ``board``, ``occupied`` and ``tile_points`` may be passed in when the
    caller asks about several pawns of one position.
    """
    seat = state.current
    start = state.pawns[seat][pawn]
    if start == MAINLAND:
        return []
    board = board or Board.of(state)
    occupied = occupied if occupied is not None else state.occupied()
    if tile_points is None:
        tile_points = state.collected_value(seat)
    others = occupied - {start}
    hand = state.hands[seat]
    simple = state.options.bought_cards_can_pay
    payable = tile_points + sum(hand)
    previews: list[MovePreview] = []
    # What a destination costs and yields is computed once for all the sequences reaching it.
    outcomes: dict[int, tuple[tuple[Gap, ...], int, int | None, int | None]] = {}
    for cards, landings in _sequences(board, start, list(hand), others):
        destination = landings[-1]
        outcome = outcomes.get(destination)
        if outcome is None:
            crossings = tuple(board.gaps_between(start, destination))
            # The look-back starts behind the destination, so only the others matter.
            tile_space = board.tile_to_take(destination, others)
            tile = state.spaces[tile_space][-1] if tile_space is not None else None
            owed = sum(gap.cost for gap in crossings)
            outcome = outcomes[destination] = (crossings, owed, tile_space, tile)
        crossings, owed, tile_space, tile = outcome
        most = payable - len(cards) if simple else _payable(state, seat, cards, tile_points)
        previews.append(
            MovePreview(pawn, start, cards, landings, crossings, owed, most, tile_space, tile)
        )
    return previews


def legal_moves(state: State) -> list[MovePreview]:
    """T4.5–T4.6: every affordable move of every pawn of the active player."""
    if state.phase != "playing":
        return []
    board = Board.of(state)
    occupied = state.occupied()
    points = state.collected_value(state.current)
    return [
        preview
        for pawn in range(PAWNS_PER_PLAYER)
        for preview in pawn_moves(state, pawn, board=board, occupied=occupied, tile_points=points)
        if preview.affordable
    ]


def move_list(state: State) -> list[LegalMove]:
    """``legal_moves`` as plain tuples, in the same order, worked out once per position.

    The list is shared with the active player's view (``shared_with_view``);
    callers must not change it.
    """
    if state.phase != "playing":
        return []
    shared = state.__dict__.get(TURN_KEY)  # shared_with_view, inlined: asked every turn
    if shared is None:
        shared = shared_with_view(state)
    moves: list[LegalMove] | None = shared.get(MOVES_KEY)  # type: ignore[assignment]
    if moves is None:
        moves = shared[MOVES_KEY] = _generate(state, shared)
    return moves


def _generate(state: State, shared: dict[str, object]) -> list[LegalMove]:
    """The affordable moves of the active player, pawn by pawn, as ``legal_moves`` lists them.

    Pawns on the same space (together on Atlantis) reach the same stops with the
    same cards, so their sequences are worked out once. With bought cards that
    may pay (the default), sequences the player cannot pay for are cut while they
    are walked (``affordable_sequences``); otherwise every sequence is walked and
    priced, and what may pay is worked out per sequence (``_checked``).

    The pawns' spaces are left in ``shared`` (``OCCUPIED_KEY``): ``decide`` reads them
    to find the tile the move chosen takes.
    """
    seat = state.current
    hand = list(state.hands[seat])
    items = tuple(compress(ITEM_RANGE, hand))
    if not items:
        return []  # T4.1: a move plays at least one card
    board = state.__dict__.get(BOARD_KEY) or Board.of(state)  # Board.of, inlined
    # Every pawn's space: the two ends among them are never asked about, since no
    # card lands on Atlantis and a landing past the last land is the Mainland.
    occupied = shared[OCCUPIED_KEY] = set().union(*state.pawns)
    budget = _budget(state, seat, sum(hand))
    if not state.options.bought_cards_can_pay:
        return _checked(state, board, hand, items, occupied, budget)
    moves: list[LegalMove] = []
    found: dict[int, list[LegalMove]] = {}
    for pawn, start in enumerate(state.pawns[seat]):
        if start == MAINLAND:
            continue
        together = found.get(start)
        if together is None:
            found[start] = affordable_sequences(board, pawn, start, hand, occupied, items, budget)
            moves += found[start]
        else:  # the same moves as the pawn it stands with, made its own
            moves += [(pawn, cards, landings, owed) for _, cards, landings, owed in together]
    return moves


def _checked(
    state: State,
    board: Board,
    hand: list[int],
    items: tuple[int, ...],
    occupied: set[int],
    budget: int,
) -> list[LegalMove]:
    """``_generate`` when bought cards may not pay: what may pay depends on which cards
    are played (T5.4), so each sequence is priced and checked on its own (T4.5)."""
    seat = state.current
    tile_points = budget - sum(hand)
    firsts, lasts, paid_by = board.sums()
    moves: list[LegalMove] = []
    found: dict[int, list[Sequence]] = {}
    for pawn, start in enumerate(state.pawns[seat]):
        if start == MAINLAND:
            continue
        sequences = found.get(start)
        if sequences is None:
            sequences = found[start] = _sequences(board, start, hand, occupied, items)
        paid = paid_by[bisect_right(firsts, start)]
        for cards, landings in sequences:
            owed = paid_by[bisect_left(lasts, landings[-1])] - paid
            if owed and owed > _payable(state, seat, cards, tile_points):
                continue
            moves.append((pawn, cards, landings, owed))
    return moves


def _budget(state: State, seat: int, held: int) -> int:
    """What ``seat`` could pay before playing a card: his tiles' values and ``held`` cards."""
    values = tile_columns(state.tiles)[1]
    return sum(map(values.__getitem__, state.collected[seat])) + held


def unaffordable_moves(state: State) -> list[tuple[int, int]]:
    """(pawn, destination) the active player could reach but not pay for (T4.5), in
    the order of ``pawn_moves``, each once: what a bridge might make possible."""
    found: list[tuple[int, int]] = []
    for (pawn, _cards, landings, _owed), affordable in _priced_moves(state):
        if not affordable and (pawn, landings[-1]) not in found:
            found.append((pawn, landings[-1]))
    return found


def _priced_moves(state: State) -> Iterator[tuple[LegalMove, bool]]:
    """Every move of the active player with its price, and whether he can pay it (T4.5)."""
    seat = state.current
    board = Board.of(state)
    hand = list(state.hands[seat])
    simple = state.options.bought_cards_can_pay
    tile_points = state.collected_value(seat)
    budget = tile_points + sum(hand)
    occupied = path_pawns(state)
    sums = board.sums()
    for pawn, start in enumerate(state.pawns[seat]):
        if start == MAINLAND:
            continue
        for cards, landings in _sequences(board, start, hand, occupied):
            owed = crossing_price(sums, start, landings[-1])
            affordable = not owed or (
                (budget - len(cards) if simple else _payable(state, seat, cards, tile_points))
                >= owed
            )
            yield (pawn, cards, landings, owed), affordable


def has_legal_move(state: State) -> bool:
    return bool(move_list(state))


def tile_taken_by(state: State, pawn: int, destination: int) -> int | None:
    """T6: the space whose top tile the active player takes moving ``pawn`` there."""
    start = state.pawns[state.current][pawn]
    return Board.of(state).tile_to_take(destination, state.occupied() - {start})


def move_payments(state: State, preview: MovePreview, limit: int = 12) -> list[Payment]:
    """T5.4: the least-overpaying ways to pay for a move, best first."""
    return payments_for(state, preview.cards, preview.owed, limit)


def payments_for(
    state: State, cards: tuple[int, ...], owed: int, limit: int = DEFAULT_LIMIT
) -> list[Payment]:
    """T5.4: the least-overpaying ways to pay ``owed`` after playing ``cards``, best first."""
    if owed <= 0:
        return [NO_PAYMENT]
    seat = state.current
    return payment_options(held_tiles(state, seat), _payable_after(state, seat, cards), owed, limit)


def payment_plans_for(
    state: State, cards: tuple[int, ...], owed: int, limit: int = DEFAULT_LIMIT
) -> tuple[list[Plan], Hand]:
    """``payments_for`` with something owed, before the cards are picked (``payment_plans``),
    and the cards that may pay, to pick them from (``choose_cards``)."""
    seat = state.current
    payable = _payable_after(state, seat, cards)
    return payment_plans(held_tiles(state, seat), sum(payable), owed, limit), payable


def _payable_after(state: State, seat: int, cards: tuple[int, ...]) -> Hand:
    """``payable_cards`` of the cards played, counted off the hand directly."""
    hand = list(state.hands[seat])
    for card in cards:
        hand[card] -= 1
    if state.options.bought_cards_can_pay:
        return tuple(hand)
    return elementwise_min(tuple(hand), subtract(state.hands[seat], state.bought))


def held_tiles(state: State, player: int) -> list[tuple[int, int]]:
    """The tiles ``player`` has collected, as (id, value) pairs."""
    collected = state.collected[player]
    values = tile_columns(state.tiles)[1]
    return list(zip(collected, map(values.__getitem__, collected), strict=True))


def final_debt(state: State, player: int, board: Board | None = None) -> int:
    """E2: what the player's pawns still on the path owe to reach the Mainland.

    A pawn owes every gap that begins beyond it: the board's sums less those of the
    gaps beginning at or before it (``cost_between(position, MAINLAND)``, two look-ups).
    """
    firsts, _lasts, paid = (board or Board.of(state)).sums()
    return sum(
        paid[-1] - paid[bisect_right(firsts, position)]
        for position in state.pawns[player]
        if position != MAINLAND
    )


def final_payments(state: State, player: int, limit: int = 12) -> list[Payment]:
    """E2: minimal ways to pay the final crossing from everything the player holds."""
    return payment_options(
        held_tiles(state, player), state.hands[player], final_debt(state, player), limit
    )


def purchase_options(state: State) -> list[int]:
    """T1: the tiles the active player may return to buy cards now."""
    if (
        state.phase != "playing"
        or state.bridged_this_turn
        or not state.options.allows_purchase(state.purchases)
    ):
        return []
    return list(state.collected[state.current])


def bridge_options(state: State) -> list[Gap]:
    """T2: the gaps the active player may bridge now."""
    if state.phase != "playing" or state.bridges[state.current] is not None:
        return []
    return [gap for gap in Board.of(state).gaps if not gap.bridged]
