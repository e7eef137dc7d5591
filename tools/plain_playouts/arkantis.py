"""ArkantiS played at random in plain Python, written from its spec, to time the engine against.

A second implementation of `/work/shared/games/arkantis/RULES.md` with the
engine benchmark's table: 4 seats and the default rule options (one token per
row at setup S5.2, the `count` test of T4.1, buying in one's own turn T6.2,
3 moves per player T3.4). It imports nothing from the project: only the card
data file (S1.6) is read, once, when the module is loaded.

At every decision the seat to act lists every legal command, as the engine's
move generator does (`core/arkantis/legal_commands.py`), and picks one
uniformly: before the action each affordable purchase (one per non-empty
pile), each removal of one token, each removal of two (every pair once, with
2 pions), each move of a token to an empty square (3 pions and a move left),
and passing; after it each affordable purchase and ending the turn. As in the
engine, the turn ends by itself when the active player has acted and can buy
nothing (T2.4) or the board is empty (E1.2).

The board is a 49-bit int (bit `row * 7 + column` set: a token, a blue
square), so the sets of T4 are flood fills on whole masks. A command is an
int: a removal is the mask of its squares, a move `origin | target << 49`
(both one-bit masks), and the negative ints below the others.
"""

from __future__ import annotations

import random
import tomllib
from itertools import combinations
from pathlib import Path
from typing import NamedTuple

DATA_FILE = Path(__file__).resolve().parents[2] / "core" / "arkantis" / "data" / "arkantis.toml"
SEATS = 4
"""The most seats the game takes (S2), as the engine benchmark plays."""
SIZE = 7
ALL = (1 << SIZE * SIZE) - 1
BITS = tuple(1 << square for square in range(SIZE * SIZE))
_COLUMN_A = sum(1 << row * SIZE for row in range(SIZE))
_NOT_A = ALL & ~_COLUMN_A
_NOT_G = ALL & ~(_COLUMN_A << SIZE - 1)

START_PIONS = 3
"""S3."""
REMOVE_TWO_PRICE = 2
"""T3.2."""
MOVE_PRICE = 3
"""T3.3."""
MOVE_LIMIT = 3
"""T3.4, the default option."""
PILES = ("orange", "orange", "emerald", "emerald")
"""S4: the face-down and face-up orange piles, then the emerald ones."""
PRICES = tuple(2 if colour == "orange" else 1 for colour in PILES)
"""T6.1."""

BUY = (-1, -2, -3, -4)
"""The command buying from pile 0, 1, 2, 3."""
PASS = -5
END_TURN = -6
MOVE_SHIFT = SIZE * SIZE
"""A move is ``origin | target << MOVE_SHIFT``: removals stay below it."""


class Kind(NamedTuple):
    """One kind of card (S1.5): its colour, face value, copies and figure cells."""

    colour: str
    value: int
    copies: int
    cells: tuple[tuple[int, int], ...]


def _load() -> tuple[tuple[Kind, ...], int]:
    """S1.6: the kinds of the data file, and the free column's index."""
    data = tomllib.loads(DATA_FILE.read_text(encoding="utf-8"))
    kinds = tuple(
        Kind(
            entry["colour"],
            entry["value"],
            entry["copies"],
            tuple((row, column) for row, column in entry["cells"]),
        )
        for entry in data["kind"]
    )
    return kinds, "ABCDEFG".index(data["free_column"])


def _orientations(cells: tuple[tuple[int, int], ...]) -> set[tuple[tuple[int, int], ...]]:
    """D3: the figure's placings under quarter turns and reflection, at the top-left."""
    found = set()
    shape = list(cells)
    for _turn in range(4):
        shape = [(column, -row) for row, column in shape]
        for one in (shape, [(row, -column) for row, column in shape]):
            top = min(row for row, _column in one)
            left = min(column for _row, column in one)
            found.add(tuple(sorted((row - top, column - left) for row, column in one)))
    return found


def _figure_table(kinds: tuple[Kind, ...]) -> dict[int, int]:
    """Every placing of every figure on the board, as its mask, to the kind it matches."""
    table: dict[int, int] = {}
    for index, kind in enumerate(kinds):
        for shape in _orientations(kind.cells):
            height = 1 + max(row for row, _column in shape)
            width = 1 + max(column for _row, column in shape)
            for top in range(SIZE - height + 1):
                for left in range(SIZE - width + 1):
                    mask = sum(1 << (top + row) * SIZE + left + column for row, column in shape)
                    table[mask] = index
    return table


KINDS, FREE_COLUMN = _load()
VALUES = tuple(kind.value for kind in KINDS)
FIGURES = _figure_table(KINDS)
"""A stain's mask to the kind of card it lays (T4.4)."""


class Setup(NamedTuple):
    """A dealt game (S2–S6): kinds are indices into ``KINDS``; each pile's top card last."""

    start: int
    tokens: int
    hands: tuple[tuple[int, ...], ...]
    piles: tuple[tuple[int, ...], ...]


def _board(rolls: list[int]) -> int:
    """S5: roll *i* takes the rolled token of row *i* into the free column."""
    tokens = ALL
    for row, roll in enumerate(rolls):
        crossed = [column for column in range(SIZE) if column != FREE_COLUMN]
        if row % 2:  # rows 2, 4, 6 count from the right
            crossed.reverse()
        tokens &= ~(1 << row * SIZE + crossed[roll - 1])
    return tokens


def _setup(rng: random.Random) -> Setup:
    """S2–S6: start seat, board, shuffled colours dealt in blocks, then cut in halves."""
    start = rng.randrange(SEATS)
    tokens = _board([rng.randint(1, 6) for _row in range(SIZE)])
    decks = {}
    for colour in ("orange", "emerald"):
        deck = [
            i for i, kind in enumerate(KINDS) if kind.colour == colour for _ in range(kind.copies)
        ]
        rng.shuffle(deck)
        decks[colour] = deck
    orange, emerald = decks["orange"], decks["emerald"]
    hands = tuple((*orange[2 * seat : 2 * seat + 2], emerald[seat]) for seat in range(SEATS))
    piles: list[tuple[int, ...]] = []
    for rest in (orange[2 * SEATS :], emerald[SEATS:]):
        half = (len(rest) + 1) // 2
        piles += [tuple(reversed(rest[:half])), tuple(reversed(rest[half:]))]
    return Setup(start, tokens, hands, tuple(piles))


def setups(count: int, seed: int) -> list[object]:
    """``count`` game setups (dealt, shuffled) from ``seed``, made before timing."""
    rng = random.Random(seed)
    return [_setup(rng) for _game in range(count)]


def _grow(seed: int, within: int) -> int:
    """D2: the set of ``within`` holding ``seed``, by flood fill along sides (D1)."""
    current = seed
    while True:
        wider = (
            current
            | (current & _NOT_G) << 1
            | (current & _NOT_A) >> 1
            | current << SIZE
            | current >> SIZE
        ) & within
        if wider == current:
            return current
        current = wider


def _rewards(before: int, after: int, changed: int) -> tuple[int, list[int]]:
    """T4: the pions the action's modified sets pay, and the masks of its stains of 4 or 5.

    Only sets holding or touching a changed square can be modified (T4.2 a),
    of both colours. Sets of 1 or of 6 and more pay nothing (T4.3), modified
    or not, so they are not judged.
    """
    area = changed | (
        (changed & _NOT_G) << 1 | (changed & _NOT_A) >> 1 | changed << SIZE | changed >> SIZE
    )
    pions = 0
    stains = []
    for now, then in ((after, before), (ALL ^ after, ALL ^ before)):  # blue, then red
        rest = now & area
        while rest:
            one = _grow(rest & -rest, now)
            rest &= ~one
            size = one.bit_count()
            if not 2 <= size <= 5:
                continue
            common = one & then
            if common:
                ancestor = _grow(common & -common, then)
                if not common & ~ancestor and ancestor.bit_count() == size:
                    continue  # T4.1: one ancestor, of the same size: unmodified
            if size <= 3:
                pions += size  # T4.3: a set of 2 pays 2, of 3 pays 3
            else:
                stains.append(one)
    return pions, stains


def _can_buy(piles: list[list[int]], pions: int) -> bool:
    """T6: whether some pile has a card the player's pions can pay for."""
    return any(pile and price <= pions for pile, price in zip(piles, PRICES, strict=True))


def play(setup: object, rng: random.Random) -> int:
    """Play one game from ``setup`` to its end, every decision uniform over all legal
    commands of the seat to act; return the number of turns played, counted as the
    engine counts them (``GameType.play.turn_count`` / ``core.services.simulate.turns_played``)."""
    return outcome(setup, rng)[0]


def outcome(setup: object, rng: random.Random) -> tuple[int, tuple[int, ...], str]:
    """``play``, with the final scores (E2) and how the game ended (E1.1 or E1.2)."""
    assert isinstance(setup, Setup)
    tokens = setup.tokens
    piles = [list(pile) for pile in setup.piles]
    hands = [[0] * len(KINDS) for _seat in range(SEATS)]  # copies held of each kind
    for seat, dealt in enumerate(setup.hands):
        for kind in dealt:
            hands[seat][kind] += 1
    in_hand = [len(dealt) for dealt in setup.hands]
    pions = [START_PIONS] * SEATS
    laid_value = [0] * SEATS
    moves_used = [0] * SEATS
    passed = [False] * SEATS
    choice = rng.choice
    seat = setup.start
    turns = 1  # the engine counts the turn under way
    acted = False
    reason = ""
    while not reason:
        mine = pions[seat]
        commands = [BUY[p] for p in range(4) if piles[p] and PRICES[p] <= mine]
        if acted:
            commands.append(END_TURN)
        else:
            singles = [bit for bit in BITS if tokens & bit]
            commands += singles
            if mine >= REMOVE_TWO_PRICE:
                commands += [a | b for a, b in combinations(singles, 2)]
            if mine >= MOVE_PRICE and moves_used[seat] < MOVE_LIMIT:
                empties = [bit << MOVE_SHIFT for bit in BITS if not tokens & bit]
                commands += [origin | target for origin in singles for target in empties]
            commands.append(PASS)
        command = choice(commands)

        if command >= 0:  # an action (T3), resolved at once (T4)
            if command >> MOVE_SHIFT:
                changed = command & ALL | command >> MOVE_SHIFT
                moves_used[seat] += 1
                mine -= MOVE_PRICE
            else:
                changed = command
                if command & command - 1:  # two squares
                    mine -= REMOVE_TWO_PRICE
            before, tokens = tokens, tokens ^ changed
            earned, stains = _rewards(before, tokens, changed)
            hand = hands[seat]
            for stain in stains:  # T4.4: every card that can be laid is laid
                matched = FIGURES.get(stain)
                if matched is not None and hand[matched]:
                    hand[matched] -= 1
                    in_hand[seat] -= 1
                    laid_value[seat] += VALUES[matched]
            pions[seat] = mine = mine + earned
            if not tokens:
                reason = "board-empty"  # E1.2: the game ends with this turn
                break
            acted = True
            turn_over = not _can_buy(piles, mine)  # T2.4: the turn ends by itself
        elif command >= BUY[-1]:  # T6: the top card of a pile
            pile = -1 - command
            hands[seat][piles[pile].pop()] += 1
            in_hand[seat] += 1
            pions[seat] = mine = mine - PRICES[pile]
            turn_over = acted and not _can_buy(piles, mine)
        else:  # T5: a pass ends the turn at once; or the turn is ended
            if command == PASS:
                passed[seat] = True
            turn_over = True
        if not turn_over:
            continue

        # T1: the next seat clockwise that has not passed, this one last.
        for step in range(1, SEATS + 1):
            following = (seat + step) % SEATS
            if not passed[following]:
                seat = following
                turns += 1
                acted = False
                break
        else:
            reason = "all-passed"  # E1.1
    scores = tuple(laid_value[s] + pions[s] - in_hand[s] for s in range(SEATS))
    return turns, scores, reason
