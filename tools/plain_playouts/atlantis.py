"""Atlantis played at random in plain Python, written from its spec, to time the engine against.

A second implementation of `/work/shared/games/atlantis/RULES.md` with the
engine benchmark's table: 4 seats, seat 1 starts, the default rule options
(one purchase per turn, bought cards may pay, paid cards to the discard pile)
and the default tile set (S1.2). It imports nothing from the project: only the
tile-set data file is read, when the setups are made.

The choices are those of the engine's ``random`` bot, which the benchmark
plays (``core/atlantis/bots/random_bot.py``): one move uniformly among every
legal move of the seat to act, then one payment uniformly among the ways to
pay for it; in the final crossing (E2), one payment uniformly among the ways
to pay. That bot never buys cards (T1), never places a bridge (T2) and never
resigns, so neither does this playout, and no gap is ever bridged. What counts
as one move and as one payment follows the engine's move generator
(``core/atlantis/legal_commands.py``):

- a move is a pawn and the cards played, in order, to a stop (T4); playing the
  same cards in another order to the same space is the same move, and pawns
  standing together on Atlantis each have their own moves;
- a payment is *minimal* (dropping any tile or card leaves the debt unpaid),
  one tile per value class, the cards taken from the items held most; the
  payments are sorted by what they overpay, then by cards used, then by tiles,
  and at most 12 are offered.

The path is a list of stacks of tile ids (``spaces``, 0 Atlantis, 54 the
Mainland); what moving reads from it (top items, last land space, water
prices) is kept in a ``_Board``, brought up to date after each tile taken.
Hands are seven counts, one per item.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

TILE_FILE = (
    Path(__file__).resolve().parents[2] / "core" / "atlantis" / "data" / "default_tiles.json"
)
ITEMS = ("flag", "olives", "helmet", "amphora", "ring", "crown", "statue")
"""S1.1, in order: an item is its index here."""
ITEM_RANGE = range(len(ITEMS))
SEATS = 4
"""The most seats the game takes (S3), as the engine benchmark plays."""
PAWNS = 3
CARDS_PER_ITEM = 15
ATLANTIS = 0
MAINLAND = 54
"""S2: 53 spaces between Atlantis and the Mainland."""
WATER = -1
"""The item of a space without a tile (water, and the two ends)."""
LAYOUT = {"A": ((2, 10), (1, 10), (2, 6)), "B": ((2, 6), (1, 10), (2, 10))}
"""S2: (stack height, how many) from Atlantis, for each back; space 27 is water between."""
FIRST_HAND = 4
"""S4: 4, 5, 6, 7 cards from the start player."""
STUCK_DRAW = 2
"""T9."""
PAYMENT_LIMIT = 12
"""The most payments the engine offers for one debt."""

Payment = tuple[tuple[int, ...], tuple[int, ...]]
"""Tile ids and card items handed over (T5.4, E2)."""
Move = tuple[int, tuple[int, ...], int, int]
"""(pawn, cards played in order, destination, price owed)."""


class Setup(NamedTuple):
    """A game ready to play: the path laid (S2) and the cards dealt (S4)."""

    items: tuple[int, ...]
    """Each tile id's item."""
    values: tuple[int, ...]
    """Each tile id's value."""
    spaces: tuple[tuple[int, ...], ...]
    """Spaces 0–54, each a stack of tile ids from bottom to top."""
    hands: tuple[tuple[int, ...], ...]
    """Each seat's cards, seven counts."""
    deck: tuple[int, ...]
    """The draw pile, its top card last."""


class Outcome(NamedTuple):
    """How a game ended: turns played, scores (E3), and whether E4 ended it."""

    turns: int
    scores: tuple[int, ...]
    stalled: bool
    """True when nobody could progress (E4), false when a player finished (E1)."""


def load_tiles(path: Path = TILE_FILE) -> tuple[tuple[int, ...], tuple[int, ...], tuple[str, ...]]:
    """Items, values and backs of the tile set, indexed by tile id (S1.2)."""
    tiles = json.loads(path.read_text(encoding="utf-8"))["tiles"]
    return (
        tuple(ITEMS.index(tile["item"]) for tile in tiles),
        tuple(tile["value"] for tile in tiles),
        tuple(tile["back"] for tile in tiles),
    )


def setups(count: int, seed: int) -> list[object]:
    """``count`` game setups (dealt, shuffled) from ``seed``, made before timing.

    Setup *i* comes from its own generator, keyed by ``seed + i`` and a label, so
    it is the same whatever ``count`` is and unrelated to ``random.Random(seed + i)``,
    the generator a game is played with.
    """
    items, values, backs = load_tiles()
    made: list[object] = []
    for index in range(count):
        rng = random.Random(f"plain-atlantis-setup/{seed + index}")
        spaces: list[tuple[int, ...]] = [()]
        for back in ("A", "B"):
            pile = [tile for tile in range(len(backs)) if backs[tile] == back]
            rng.shuffle(pile)
            for height, stacks in LAYOUT[back]:
                for _ in range(stacks):
                    spaces.append(tuple(pile[:height]))
                    del pile[:height]
            if back == "A":
                spaces.append(())  # S2: space 27 is water
        spaces.append(())
        deck = [item for item in ITEM_RANGE for _ in range(CARDS_PER_ITEM)]
        rng.shuffle(deck)
        hands = []
        for seat in range(SEATS):  # S5: seat 1 starts, so the deal is in seat order
            hand = [0] * len(ITEMS)
            for _ in range(FIRST_HAND + seat):
                hand[deck.pop()] += 1
            hands.append(tuple(hand))
        made.append(Setup(items, values, tuple(spaces), tuple(hands), tuple(deck)))
    return made


class _Board:
    """What moving reads from the path, kept up to date as tiles are taken.

    ``reach`` is the top items up to the last land space, then one of each item,
    so the nearest space ahead showing an item is one ``list.index`` call, and an
    index past ``last`` means the Mainland (T4.1, T4.2). ``toll[s]`` is the price
    of the gaps before land space ``s`` (T5.1), so a crossing costs
    ``toll[end] - toll[start]``; water touching either end is not part of the path
    (T7.2), so it has no price.
    """

    __slots__ = ("last", "reach", "toll", "top")

    def __init__(
        self, spaces: Sequence[Sequence[int]], items: Sequence[int], values: Sequence[int]
    ):
        top = [WATER] * (MAINLAND + 1)
        toll = [0] * (MAINLAND + 1)
        total = 0
        # The last land space seen; Atlantis while none is: water touching it has
        # no price (T7.2).
        previous, previous_value = ATLANTIS, 0
        for space in range(ATLANTIS + 1, MAINLAND):
            stack = spaces[space]
            if stack:
                tile = stack[-1]
                top[space] = items[tile]
                value = values[tile]
                if previous != ATLANTIS and space - previous > 1:
                    total += value if value < previous_value else previous_value
                toll[space] = total
                previous, previous_value = space, value
        toll[MAINLAND] = total
        self.top = top
        self.last = previous
        self.reach = top[: self.last + 1] + list(ITEM_RANGE)
        self.toll = toll


def _take(
    board: _Board, space: int, spaces: list[list[int]], items: Sequence[int], values: Sequence[int]
) -> _Board:
    """T6, T7: the board once the top tile of ``space`` is taken (``spaces`` has
    lost it already). When a tile is left there and land lies on both sides, no
    gap touches the space, so only the item shown changes; otherwise the space may
    have turned to water (T7.1), moved the last land space (T7.2) or changed the
    price of a gap beside it, and the board is read again."""
    stack = spaces[space]
    if stack and board.top[space - 1] != WATER and board.top[space + 1] != WATER:
        item = items[stack[-1]]
        board.top[space] = board.reach[space] = item
        return board
    return _Board(spaces, items, values)


def _moves(
    board: _Board, positions: list[int], hand: list[int], occupied: set[int], budget: int
) -> list[Move]:
    """T4.5, T4.6: every legal move of one player: each pawn not home, each way to
    stop (``_stops``) that the player can pay for.

    ``budget`` is what the player could pay before playing a card: his tiles'
    values and his cards (bought cards may pay, the default).
    """
    toll = board.toll
    moves: list[Move] = []
    stops_from: dict[int, list[tuple[tuple[int, ...], int]]] = {}
    for pawn, start in enumerate(positions):
        if start == MAINLAND:
            continue
        # Pawns together on Atlantis have the same stops, each its own moves.
        stops = stops_from.get(start)
        if stops is None:
            stops = stops_from[start] = _stops(board, start, hand, occupied)
        paid_from = toll[start]
        for cards, space in stops:
            owed = toll[space] - paid_from
            # The cards played cannot pay (T5.4).
            if owed <= budget - len(cards):
                moves.append((pawn, cards, space, owed))
    return moves


def _stops(
    board: _Board, start: int, hand: list[int], occupied: set[int]
) -> list[tuple[tuple[int, ...], int]]:
    """T4.1–T4.4: every (cards played in order, stop) of a pawn on ``start``: the
    stop is a free space or the Mainland. ``hand`` is used to try the sequences
    and is left as it came."""
    index, last = board.reach.index, board.last
    stops: list[tuple[tuple[int, ...], int]] = []
    seen: set[tuple[int, tuple[int, ...]]] = set()

    def chain(position: int, cards: tuple[int, ...]) -> None:
        """T4.3: the pawn landed on an occupied space; any card held carries on."""
        for item in ITEM_RANGE:
            if not hand[item]:
                continue
            space = index(item, position + 1)
            played = (*cards, item)
            if space > last:
                space = MAINLAND
            elif space in occupied:
                hand[item] -= 1
                chain(space, played)
                hand[item] += 1
                continue
            key = (space, tuple(sorted(played)))
            if key not in seen:  # the same cards to the same space: the same move
                seen.add(key)
                stops.append((played, space))

    for item in ITEM_RANGE:
        if hand[item]:
            space = index(item, start + 1)
            if space > last:
                stops.append(((item,), MAINLAND))
            elif space not in occupied:
                stops.append(((item,), space))
            else:
                hand[item] -= 1
                chain(space, (item,))
                hand[item] += 1
    return stops


def _card_choice(hand: Sequence[int], count: int) -> tuple[int, ...]:
    """``count`` cards to pay with, from the items held most (the first on a tie)."""
    remaining = list(hand)
    chosen = []
    for _ in range(count):
        item = remaining.index(max(remaining))
        remaining[item] -= 1
        chosen.append(item)
    return tuple(sorted(chosen))


def _payments(
    tiles: Sequence[int], values: Sequence[int], hand: Sequence[int], owed: int
) -> list[Payment]:
    """T5.4 / E2: the minimal ways to pay ``owed`` with ``tiles`` (ids) and ``hand``.

    Tiles of one value are interchangeable: the first held of each value class
    are taken. Empty when all of it is not enough.
    """
    card_count = sum(hand)
    by_value: dict[int, list[int]] = {}
    for tile in tiles:
        by_value.setdefault(values[tile], []).append(tile)
    classes = sorted(by_value, reverse=True)
    found: list[tuple[int, int, int, tuple[int, ...]]] = []

    def search(index: int, chosen: list[int], points: int) -> None:
        # Tiles go from high to low value and stop once they cover the debt, so the
        # lowest tile added is the one that makes the payment minimal.
        if points >= owed:
            found.append((points - owed, 0, len(chosen), tuple(chosen)))
            return
        missing = owed - points
        if missing <= card_count:
            found.append((0, missing, len(chosen), tuple(chosen)))
        if index == len(classes):
            return
        value = classes[index]
        group = by_value[value]
        for take in range(len(group), -1, -1):
            if take and points + value * (take - 1) >= owed:
                continue  # one tile fewer of this value already covers it
            search(index + 1, chosen + group[:take], points + value * take)

    search(0, [], 0)
    found.sort()
    payments: list[Payment] = []
    seen: set[tuple[tuple[int, ...], int]] = set()
    for _overpaid, cards, _count, chosen in found:
        if (chosen, cards) in seen:
            continue
        seen.add((chosen, cards))
        payments.append((chosen, _card_choice(hand, cards)))
        if len(payments) == PAYMENT_LIMIT:
            break
    return payments


def _draw(
    hand: list[int], count: int, deck: list[int], discard: list[int], rng: random.Random
) -> int:
    """T8: draw ``count`` cards, the discard pile shuffled into a new pile when the
    pile runs out; what there is when both are empty. Returns the cards drawn."""
    drawn = 0
    while drawn < count:
        if not deck:
            if not discard:
                break
            deck += discard
            discard.clear()
            rng.shuffle(deck)
        hand[deck.pop()] += 1
        drawn += 1
    return drawn


def outcome(setup: object, rng: random.Random) -> Outcome:
    """Play one game from ``setup`` to its end, at random; how it ended."""
    assert isinstance(setup, Setup)
    items, values = setup.items, setup.values
    spaces = [list(stack) for stack in setup.spaces]
    hands = [list(hand) for hand in setup.hands]
    deck = list(setup.deck)
    discard: list[int] = []
    collected: list[list[int]] = [[] for _ in range(SEATS)]
    pawns = [[ATLANTIS] * PAWNS for _ in range(SEATS)]
    occupied: set[int] = set()  # path spaces holding a pawn (never the two ends)
    board = _Board(spaces, items, values)
    seat, turn, stuck_streak = 0, 1, 0
    finisher: int | None = None
    while True:
        hand, positions, tiles = hands[seat], pawns[seat], collected[seat]
        held = sum(hand)
        budget = sum(values[tile] for tile in tiles) + held
        moves = _moves(board, positions, hand, occupied, budget) if held else []
        if not moves:
            # T9: show the hand, draw 2, end the turn. E4: a whole round of this
            # with nothing drawn can never change.
            stuck_streak = 0 if _draw(hand, STUCK_DRAW, deck, discard, rng) else stuck_streak + 1
            if stuck_streak >= SEATS:
                break
            seat, turn = (seat + 1) % SEATS, turn + 1
            continue
        stuck_streak = 0
        pawn, cards, destination, owed = rng.choice(moves)
        start = positions[pawn]
        positions[pawn] = destination
        occupied.discard(start)
        for card in cards:  # T8: played cards go to the discard pile
            hand[card] -= 1
        discard += cards
        if owed:  # T5.4, T5.5: paid from what was held before this turn's tile
            paid_tiles, paid_cards = rng.choice(_payments(tiles, values, hand, owed))
            for tile in paid_tiles:
                tiles.remove(tile)
            for card in paid_cards:
                hand[card] -= 1
            discard += paid_cards
        # T6: look back from the stop (from the Mainland, T6.2) for a free land space;
        # the space just left is free already.
        top = board.top
        for space in range(destination - 1, ATLANTIS, -1):
            if top[space] != WATER and space not in occupied:
                tiles.append(spaces[space].pop())
                board = _take(board, space, spaces, items, values)
                break
        if destination != MAINLAND:
            occupied.add(destination)
        home = positions.count(MAINLAND)
        _draw(hand, 1 + home, deck, discard, rng)
        if home == PAWNS:  # E1: the game ends after this turn
            finisher = seat
            break
        seat, turn = (seat + 1) % SEATS, turn + 1
    scores = _final_crossing(finisher, board, pawns, collected, hands, values, rng)
    return Outcome(turn, scores, finisher is None)


def _final_crossing(
    finisher: int | None,
    board: _Board,
    pawns: list[list[int]],
    collected: list[list[int]],
    hands: list[list[int]],
    values: Sequence[int],
    rng: random.Random,
) -> tuple[int, ...]:
    """E2, E3: everyone but the finisher pays his pawns' way home; the scores.

    After E4 (no finisher) everyone pays. The seats pay in seat order, not from
    the finisher on: nothing paid here is seen again, so no score depends on it.
    """
    toll = board.toll
    scores = []
    for seat in range(SEATS):
        held = sum(values[tile] for tile in collected[seat]) + sum(hands[seat])
        owed = sum(
            toll[MAINLAND] - toll[position] for position in pawns[seat] if position != MAINLAND
        )
        if seat == finisher or not owed:
            scores.append(held)
        elif held <= owed:  # E2.1: everything held goes, the rest counts against
            scores.append(held - owed)
        else:
            tiles, cards = rng.choice(_payments(collected[seat], values, hands[seat], owed))
            scores.append(held - sum(values[tile] for tile in tiles) - len(cards))
    return tuple(scores)


def play(setup: object, rng: random.Random) -> int:
    """Play one game from ``setup`` to its end, every decision uniform over all legal
    commands of the seat to act; return the number of turns played, counted as the
    engine counts them (``GameType.play.turn_count`` / ``core.services.simulate.turns_played``)."""
    return outcome(setup, rng).turns
