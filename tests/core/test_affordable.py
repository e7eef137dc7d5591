"""The affordable sequences, cut while they are walked, are the walked ones the player
can pay for (T4.5), in the same order and at the same prices.

``affordable_sequences`` stops walking a chain as soon as nothing beyond it can be
paid for; these tests hold it to the whole walk (``_walked``, the first generator)
filtered afterwards, on crowded boards, heavy hands and every budget from nothing
to plenty, so that a cut one card too early or too late shows.
"""

from __future__ import annotations

import random

from core.atlantis.affordable import affordable_sequences
from core.atlantis.board import Board, crossing_price
from core.atlantis.state import ATLANTIS as ATLANTIS_SPACE
from core.atlantis.state import MAINLAND
from tests.core.test_speedups import _turns, _walked


def _expected(
    board: Board, pawn: int, start: int, hand: list[int], occupied: set[int], budget: int
) -> list[tuple[int, tuple[int, ...], tuple[int, ...], int]]:
    """The whole walk, priced, and kept where the cards left can pay (bought cards may)."""
    found = []
    for cards, landings in _walked(board, start, hand, occupied):
        owed = crossing_price(board.sums(), start, landings[-1])
        if owed <= budget - len(cards):
            found.append((pawn, cards, landings, owed))
    return found


def test_cut_walks_find_the_affordable_part_of_the_whole_walk() -> None:
    rng = random.Random(5)
    checked = cut = 0
    for seed in range(0, 24, 3):
        for state, _command, _events in _turns(seed):
            if state.phase != "playing":
                continue
            board = Board(state)
            pawns = {p for ps in state.pawns for p in ps if ATLANTIS_SPACE < p < MAINLAND}
            # More pawns on the path make longer chains, where the cuts are made.
            crowded = pawns | set(rng.sample(range(1, MAINLAND), 12))
            hands = [list(state.hands[state.current])]
            hands += [[rng.choice((0, 1, 2, 3, 15)) for _item in range(7)]]
            for occupied in (pawns, crowded):
                for hand in hands:
                    held = tuple(item for item in range(7) if hand[item])
                    starts = {*state.pawns[state.current], *rng.sample(range(MAINLAND), 2)}
                    for start in starts - {MAINLAND}:
                        # A budget counts every card held, and the tiles' values.
                        cards = sum(hand)
                        for budget in {cards, *rng.sample(range(cards, cards + 20), 3)}:
                            expected = _expected(board, 2, start, hand, occupied, budget)
                            before = list(hand)
                            got = affordable_sequences(
                                board, 2, start, hand, occupied, held, budget
                            )
                            assert got == expected, (seed, start, hand, budget)
                            assert hand == before
                            cut += len(_walked(board, start, hand, occupied)) > len(expected)
                            checked += 1
    assert checked > 3000, checked
    assert cut > 500, cut
