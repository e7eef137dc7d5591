"""Legal moves and their previews: the one function the app, hints and bots use.

For a pawn, every card sequence that ends legally (T4) is listed with what it
would cause: the spaces landed on, the gaps crossed with their prices (T5),
the tile that would be taken (T6) and whether the player can pay. Sequences
that use the same cards to reach the same space are the same move, so only the
first is kept.
"""

from __future__ import annotations

import msgspec

from core.board import Board, Gap
from core.commands import Payment
from core.hands import elementwise_min, subtract
from core.items import ITEM_COUNT
from core.payments import payment_options
from core.state import MAINLAND, PAWNS_PER_PLAYER, Hand, State


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


def _sequences(
    board: Board, start: int, hand: list[int], occupied: frozenset[int]
) -> list[Sequence]:
    """T4.1–T4.4: every (cards, landings) that stops on a free space or the Mainland."""
    results: list[Sequence] = []
    seen: set[tuple[int, tuple[int, ...]]] = set()
    landing = board.landing
    for item in range(ITEM_COUNT):
        if hand[item]:
            space = landing(start, item)
            if space == MAINLAND or space not in occupied:
                results.append(((item,), (space,)))
            else:
                hand[item] -= 1
                _chain(board, space, (item,), (space,), hand, occupied, results, seen)
                hand[item] += 1
    return results


def _chain(
    board: Board,
    position: int,
    cards: tuple[int, ...],
    landings: tuple[int, ...],
    hand: list[int],
    occupied: frozenset[int],
    results: list[Sequence],
    seen: set[tuple[int, tuple[int, ...]]],
) -> None:
    """T4.3: landed on an occupied space, so every card in hand may carry on."""
    for item in range(ITEM_COUNT):
        if not hand[item]:
            continue
        space = board.landing(position, item)
        played = (*cards, item)
        path = (*landings, space)
        if space == MAINLAND or space not in occupied:
            # Playing the same cards in another order to the same space is the same move.
            key = (space, tuple(sorted(played)))
            if key not in seen:
                seen.add(key)
                results.append((played, path))
        else:
            hand[item] -= 1
            _chain(board, space, played, path, hand, occupied, results, seen)
            hand[item] += 1


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
    # At most one pawn stands on a path space, so removing the start frees only it.
    others = (occupied if occupied is not None else state.occupied()) - {start}
    if tile_points is None:
        tile_points = state.collected_value(seat)
    hand = state.hands[seat]
    simple_payable = state.options.bought_cards_can_pay
    hand_size = sum(hand)
    previews: list[MovePreview] = []
    # Many card sequences share a destination; what it costs and yields is computed once.
    outcomes: dict[int, tuple[tuple[Gap, ...], int, int | None, int | None]] = {}
    for cards, landings in _sequences(board, start, list(hand), others):
        destination = landings[-1]
        outcome = outcomes.get(destination)
        if outcome is None:
            crossings = tuple(board.gaps_between(start, destination))
            # The look-back starts behind the destination, so only the others matter.
            tile_space = board.tile_to_take(destination, others)
            tile = state.spaces[tile_space][-1] if tile_space is not None else None
            outcome = (crossings, sum(gap.cost for gap in crossings), tile_space, tile)
            outcomes[destination] = outcome
        crossings, owed, tile_space, tile = outcome
        if simple_payable:
            payable = tile_points + hand_size - len(cards)
        else:
            played = [0] * ITEM_COUNT
            for card in cards:
                played[card] += 1
            payable = tile_points + sum(payable_cards(state, seat, tuple(played)))
        previews.append(
            MovePreview(pawn, start, cards, landings, crossings, owed, payable, tile_space, tile)
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


def has_legal_move(state: State) -> bool:
    return bool(legal_moves(state))


def move_payments(state: State, preview: MovePreview, limit: int = 12) -> list[Payment]:
    """T5.4: the least-overpaying ways to pay for a move, best first."""
    seat = state.current
    played = [0] * ITEM_COUNT
    for card in preview.cards:
        played[card] += 1
    tiles = [(tile, state.tiles[tile].value) for tile in state.collected[seat]]
    return payment_options(tiles, payable_cards(state, seat, tuple(played)), preview.owed, limit)


def final_debt(state: State, player: int, board: Board | None = None) -> int:
    """E2: what the player's pawns still on the path owe to reach the Mainland."""
    board = board or Board.of(state)
    return sum(
        board.cost_between(position, MAINLAND)
        for position in state.pawns[player]
        if position != MAINLAND
    )


def final_payments(state: State, player: int, limit: int = 12) -> list[Payment]:
    """E2: minimal ways to pay the final crossing from everything the player holds."""
    tiles = [(tile, state.tiles[tile].value) for tile in state.collected[player]]
    return payment_options(tiles, state.hands[player], final_debt(state, player), limit)


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
