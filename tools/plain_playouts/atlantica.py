"""Atlantica played at random in plain Python, written from its spec, to time the engine against.

A second implementation of `/work/shared/games/atlantica/RULES.md` with the
engine benchmark's table: 5 seats and the default rule options (seat 1 starts
S2, every space pays the round S1.6, a pair only when single cards cannot pay
T2.5, the diver reshuffle T7, the best scoring choices E3/E5). It imports
nothing from the project: the card data file (S1.2–S1.6) is read by
``setups``, before any clock starts.

At every decision the seat to act lists every legal command, as the engine's
move generator does (`core/atlantica/legal_commands.py`), and picks one
uniformly: each action still allowed (a location not used this turn, a level
the slots left allow, T2.2, T2.4), once per distinct payment by colour (the
colour of each slot and the slot a pair fills, T2.3, T2.5) and per choice of
cards the level allows ("up to" its number, T2.8; for the round, 1 or 2 cards
from different locations, T5.3); then passing before any action (T8) or
ending the turn after one (T2.7).

Cards are ints. A hand is a count per diver colour (payments go by colour
only); a treasure is its type, a ship card its crates, a research card its
kind. A display holds ``EMPTY`` for an empty space. Every pile is a list whose
top is its last item.
"""

from __future__ import annotations

import itertools
import random
import tomllib
from collections.abc import Iterator, Sequence
from operator import ge
from pathlib import Path
from typing import NamedTuple

DATA_FILE = Path(__file__).resolve().parents[2] / "core" / "atlantica" / "data" / "atlantica.toml"
SEATS = 5
"""The most seats the game takes (S2), as the engine benchmark plays."""

COLOURS = ("W", "Y", "R", "G", "B", "V")
"""S1.1: a diver card is its index here."""
W, Y, R, G, B, V = range(6)
TYPES = ("ARC", "TER", "GLD", "AMP", "EPI", "STA", "ARM")
"""S1.2: a treasure card is its type's index here (``ARC``, blue, is 0)."""
KINDS = ("R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10", "R11")
"""S1.5: a research card is its kind's index here."""
R1, R2, R3, R4, R5, R6, R7, R8, R9, R10, R11 = range(11)
PILES = ("A", "B", "C")
"""S1.4: the ship piles, left to right; port level n charters from pile n (T4.4)."""

EMPTY = -1
"""A display space without a card (T3.5)."""
HURRICANE = -2
"""The hurricane card in the hurricane pile (S4.1)."""
END = None
"""The command that ends the turn: a pass before any action (T8), else ``EndTurn``."""

SUBMARINE, PORT, BISTRO, RESEARCH = range(4)
"""S1: the four locations."""
SLOTS = (
    ((G, Y), (V,), (W,)),  # T3.1–T3.3
    ((W, R), (G, B), (V,)),  # T4.1–T4.3
    ((Y, V, B), (W,), (R,)),  # T5.1–T5.3
    ((B, R), (Y,), (G,)),  # T6.1–T6.3
)
"""Each location's slots in order: level n fills the first n (Definitions)."""
MAX_SLOTS = 3
"""T2.4 (a pair counts as one slot, T2.5)."""
HAND_DEAL = 5
"""S3."""
HIRE_DRAW = (0, 3, 6)
"""T5.1, T5.2: the diver cards a hire draws, by level."""
PASS_DRAW = 5
"""T8."""
BOXED = {2: 26, 3: 18, 4: 9, 5: 0}
"""S4: the treasures put back in the box, by number of players."""
HURRICANE_TREASURES = 10
"""S4.1."""
TREASURE_SPACES = 6
RESEARCH_SPACES = 4
FIXED_POINTS = {R1: 2, R2: 3, R3: 4}
"""S1.5: the research kinds worth a fixed number of points."""
R4_COLOURS, R4_POINTS = 3, 5
R5_COLOURS, R5_POINTS = 4, 7
R10_CRATES, R10_POINTS = 12, 6
ARC = 0
"""R7 counts the blue treasures (architecture)."""

Need = tuple[int, ...]
"""What a payment takes from the hand: the cards of each colour."""
Payment = tuple[Need, bool]
"""A payment's cards by colour, and whether a pair fills one of its slots."""
Pick = tuple[int, int]
"""A card an action takes: (location, space or pile index), 0-based."""
Command = tuple[int, int, Payment, tuple[Pick, ...]] | None
"""An action (location, level, payment, cards taken), or ``END``."""


def _needs(colours: Sequence[int]) -> Need:
    return tuple(colours.count(colour) for colour in range(len(COLOURS)))


def _payment_patterns() -> tuple[tuple[tuple[list[Payment], list[list[Payment]]], ...], ...]:
    """Every distinct payment by colour of every level (T2.3, T2.5), as the engine lists
    them: one colour per slot without a pair; with one, any colour at the pair's slot
    (listed by the pair's slot)."""
    table = []
    for location_slots in SLOTS:
        levels = []
        for level in range(1, 4):
            slots = location_slots[:level]
            singles: list[Payment] = [
                (_needs(colours), False) for colours in itertools.product(*slots)
            ]
            pairs: list[list[Payment]] = []
            for pair_slot in range(level):
                choices = [
                    range(6) if index == pair_slot else slot for index, slot in enumerate(slots)
                ]
                pairs.append(
                    [
                        (_needs((*colours, colours[pair_slot])), True)
                        for colours in itertools.product(*choices)
                    ]
                )
            levels.append((singles, pairs))
        table.append(tuple(levels))
    return tuple(table)


PAYMENTS = _payment_patterns()
"""``PAYMENTS[location][level - 1]``: (the payments without a pair, the payments with
one at each slot)."""


class Data(NamedTuple):
    """S1.2–S1.5, as the data file gives them."""

    divers: tuple[int, ...]
    treasures: tuple[int, ...]
    ladders: tuple[tuple[int, ...], ...]
    ships: tuple[tuple[int, ...], ...]
    research: tuple[int, ...]


class Setup(NamedTuple):
    """One dealt game (S3–S6); ``play`` copies what it changes."""

    hands: tuple[tuple[int, ...], ...]
    """Each seat's diver cards, counted by colour."""
    divers: tuple[int, ...]
    main: tuple[int, ...]
    hurricane: tuple[int, ...]
    treasure_display: tuple[int, ...]
    ships: tuple[tuple[int, ...], ...]
    research_pile: tuple[int, ...]
    research_display: tuple[int, ...]
    ladders: tuple[tuple[int, ...], ...]


class Outcome(NamedTuple):
    """How a game ended: turns played, ``hurricane`` or ``endless-passing``, totals."""

    turns: int
    reason: str
    totals: tuple[int, ...]


def load_data(path: Path = DATA_FILE) -> Data:
    """S1.7: the cards of a data file."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return Data(
        divers=tuple(
            index for index, name in enumerate(COLOURS) for _ in range(data["divers"][name])
        ),
        treasures=tuple(
            index for index, name in enumerate(TYPES) for _ in range(data["treasures"][name])
        ),
        ladders=tuple(tuple(data["ladders"][name]) for name in TYPES),
        ships=tuple(tuple(data["ships"][name]) for name in PILES),
        research=tuple(
            index for index, name in enumerate(KINDS) for _ in range(data["research"][name])
        ),
    )


def deal(data: Data, rng: random.Random, seats: int = SEATS) -> Setup:
    """S3–S6: shuffle, deal 5 diver cards a seat, box, hurricane pile, displays."""
    divers = list(data.divers)
    rng.shuffle(divers)
    hands = []
    for _seat in range(seats):
        dealt = [divers.pop() for _ in range(HAND_DEAL)]
        hands.append(tuple(dealt.count(colour) for colour in range(len(COLOURS))))
    treasures = list(data.treasures)
    rng.shuffle(treasures)
    del treasures[: BOXED[seats]]
    hurricane = [*treasures[:HURRICANE_TREASURES], HURRICANE]
    rng.shuffle(hurricane)
    main = treasures[HURRICANE_TREASURES:]
    display = [main.pop() for _ in range(TREASURE_SPACES)]
    ships = []
    for pile in data.ships:
        cards = list(pile)
        rng.shuffle(cards)
        ships.append(tuple(cards))
    research = list(data.research)
    rng.shuffle(research)
    research_display = [research.pop() for _ in range(RESEARCH_SPACES)]
    return Setup(
        tuple(hands),
        tuple(divers),
        tuple(main),
        tuple(hurricane),
        tuple(display),
        tuple(ships),
        tuple(research),
        tuple(research_display),
        data.ladders,
    )


def setups(count: int, seed: int) -> list[object]:
    """``count`` game setups (dealt, shuffled) from ``seed``, made before timing."""
    data = load_data()
    rng = random.Random(seed)
    return [deal(data, rng) for _ in range(count)]


def payments(location: int, level: int, hand: list[int], pair_allowed: bool) -> list[Payment]:
    """The level's payments the hand allows; pairs only when no single cards pay it
    (T2.5, option ``joker_only_when_needed``) and no pair was used this turn."""
    singles, pairs = PAYMENTS[location][level - 1]
    found = [pay for pay in singles if all(map(ge, hand, pay[0]))]
    if found or not pair_allowed:
        return found
    # A level's slots take different colours, so single cards fail only at a slot the
    # hand has no colour for, and only there can the pair go: the other slots still
    # take one card each.
    missing = [
        index
        for index, slot in enumerate(SLOTS[location][:level])
        if not any(hand[colour] for colour in slot)
    ]
    if len(missing) != 1:
        return []
    return [pay for pay in pairs[missing[0]] if all(map(ge, hand, pay[0]))]


def _choices(spaces: list[Pick], most: int) -> list[tuple[Pick, ...]]:
    """Every choice of 1 to ``most`` of ``spaces`` (T2.8: "up to")."""
    return [combo for size in range(1, most + 1) for combo in itertools.combinations(spaces, size)]


def card_choices(
    location: int,
    level: int,
    treasures: list[int],
    ships: list[list[int]],
    research: list[int],
) -> list[tuple[Pick, ...]]:
    """Every choice of cards the level allows (``[()]`` for a hire, which takes none)
    and ``[]`` for a level that would take nothing (T2.8, T3–T6)."""
    if location == SUBMARINE:
        if level == 1:
            return [((SUBMARINE, 0),)] if treasures[0] != EMPTY else []
        highest, most = (3, 2) if level == 2 else (TREASURE_SPACES, 3)
        return _choices([(SUBMARINE, i) for i in range(highest) if treasures[i] != EMPTY], most)
    if location == RESEARCH:
        if level == 1:
            return [((RESEARCH, 0),)] if research[0] != EMPTY else []
        spaces = [(RESEARCH, i) for i in range(RESEARCH_SPACES) if research[i] != EMPTY]
        return _choices(spaces, level - 1)
    if location == PORT:
        return [((PORT, level - 1),)] if ships[level - 1] else []
    if level < 3:
        return [()]  # T5.6: with the reshuffle a hire is always allowed
    sources = [(SUBMARINE, i) for i in range(TREASURE_SPACES) if treasures[i] != EMPTY]
    sources += [(PORT, i) for i in range(len(PILES)) if ships[i]]
    sources += [(RESEARCH, i) for i in range(RESEARCH_SPACES) if research[i] != EMPTY]
    found: list[tuple[Pick, ...]] = [(pick,) for pick in sources]
    found += [
        (first, second)
        for first, second in itertools.combinations(sources, 2)
        if first[0] != second[0]  # T5.4: two different locations
    ]
    return found


def actions(
    hand: list[int],
    acted: int,
    slots_used: int,
    pair_used: bool,
    treasures: list[int],
    ships: list[list[int]],
    research: list[int],
) -> list[Command]:
    """Every action the seat to act may perform: each location not used this turn (bit
    ``1 << location`` of ``acted``, T2.2), each level the slots left allow (T2.4), once
    per payment (T2.3, T2.5) and per choice of cards (T2.8)."""
    found: list[Command] = []
    for location in range(4):
        if acted >> location & 1:
            continue
        for level in range(1, MAX_SLOTS - slots_used + 1):
            pays = payments(location, level, hand, not pair_used)
            if not pays:
                continue
            choices = card_choices(location, level, treasures, ships, research)
            found += [(location, level, pay, pick) for pay in pays for pick in choices]
    return found


def _points(ladder: Sequence[int], n: int) -> int:
    """S1.3: complete groups score ``vL``, the rest again from the start."""
    groups, rest = divmod(n, len(ladder))
    return groups * ladder[-1] + (ladder[rest - 1] if rest else 0)


def _keeps(held: list[int], keep: int, index: int = 0) -> Iterator[tuple[int, ...]]:
    """E3: every count of cards kept per type, from ``index`` on, keeping ``keep``."""
    if index == len(held):
        if keep == 0:
            yield ()
        return
    rest = sum(held[index + 1 :])
    for count in range(max(0, keep - rest), min(held[index], keep) + 1):
        for tail in _keeps(held, keep - count, index + 1):
            yield (count, *tail)


def best_total(
    held: list[int], crates: int, ships: int, kinds: list[int], ladders: Sequence[Sequence[int]]
) -> int:
    """E3–E6 with the choices that score most: which treasures to release, the type each
    ``R6`` names (the most counted one) and the kept type each ``R11`` joins (E5.3)."""
    fixed = sum(points * kinds[kind] for kind, points in FIXED_POINTS.items())
    fixed += kinds[R8] * sum(kinds) + kinds[R9] * ships
    fixed += R10_POINTS * kinds[R10] if crates >= R10_CRATES else 0
    # table[type][n]: what n counted cards of the type score on its ladder (E4).
    table = [
        [_points(ladder, n) for n in range(count + kinds[R11] + 1)]
        for ladder, count in zip(ladders, held, strict=True)
    ]
    best = 0
    for kept in _keeps(held, min(sum(held), crates)):
        present = [kind for kind, count in enumerate(kept) if count]
        colours = len(present)  # R11 adds no colour (E5.3)
        value = R4_POINTS * kinds[R4] if colours >= R4_COLOURS else 0
        value += R5_POINTS * kinds[R5] if colours >= R5_COLOURS else 0
        wilds = itertools.combinations_with_replacement(present, kinds[R11]) if present else [()]
        most = 0
        for wild in wilds:
            counted = list(kept)
            for kind in wild:
                counted[kind] += 1
            total = sum(map(list.__getitem__, table, counted))
            total += kinds[R7] * counted[ARC] + kinds[R6] * max(counted)
            most = max(most, total)
        best = max(best, value + most)
    return fixed + best


def play(setup: object, rng: random.Random) -> int:
    """Play one game from ``setup`` to its end, every decision uniform over all legal
    commands of the seat to act; return the number of turns played, counted as the
    engine counts them (``GameType.play.turn_count`` / ``core.services.simulate.turns_played``)."""
    return play_game(setup, rng).turns


def play_game(setup: object, rng: random.Random) -> Outcome:
    """``play``, telling also how the game ended and each seat's total (E1, E2, E6)."""
    assert isinstance(setup, Setup)
    seats = len(setup.hands)
    hands = [list(hand) for hand in setup.hands]
    draw = list(setup.divers)
    discard: list[int] = []
    main = list(setup.main)
    storm = list(setup.hurricane)
    treasure_display = list(setup.treasure_display)
    ship_piles = [list(pile) for pile in setup.ships]
    research_pile = list(setup.research_pile)
    research_display = list(setup.research_display)
    treasures = [[0] * len(TYPES) for _ in range(seats)]
    crates = [0] * seats
    ship_count = [0] * seats
    research = [[0] * len(KINDS) for _ in range(seats)]

    def draw_divers(count: int) -> list[int]:
        """T7: the discard pile shuffled under what is left when the draw pile runs short."""
        if len(draw) < count and discard:
            rng.shuffle(discard)
            draw[:0] = discard
            discard.clear()
        cards = draw[-count:]
        del draw[-count:]
        return cards

    seat = 0  # S2: seat 1 starts
    turns = 0
    quiet = 0  # E2: consecutive passes that drew nothing, with nothing refilled
    final_left = -1  # E1.1: the turns still to play once the hurricane is out
    while True:
        hand = hands[seat]
        hired: list[int] = []
        acted = 0  # the locations used this turn, one bit each (T2.2)
        slots_used = 0
        pair_used = False
        while True:
            commands = actions(
                hand, acted, slots_used, pair_used, treasure_display, ship_piles, research_display
            )
            commands.append(END)
            command = rng.choice(commands)
            if command is END:
                break
            location, level, (need, pair), picks = command
            for colour, count in enumerate(need):  # T2.6: discarded before the effect
                if count:
                    hand[colour] -= count
                    discard += [colour] * count
            acted |= 1 << location
            slots_used += level
            pair_used = pair_used or pair
            quiet = 0
            if location == BISTRO and level < 3:
                hired += draw_divers(HIRE_DRAW[level])
                continue
            for place, space in picks:  # T3.4, T4.4, T5.4, T6.4
                if place == SUBMARINE:
                    treasures[seat][treasure_display[space]] += 1
                    treasure_display[space] = EMPTY
                elif place == PORT:
                    crates[seat] += ship_piles[space].pop()
                    ship_count[seat] += 1
                else:
                    research[seat][research_display[space]] += 1
                    research_display[space] = EMPTY
        if not acted:  # T8: a pass draws 5 into the hand
            drawn = draw_divers(PASS_DRAW)
            quiet = quiet + 1 if not drawn else 0
            hired = drawn
        # T9.1: hired cards join the hand.
        for colour in hired:
            hand[colour] += 1
        # T9.2, T9.4: shift and refill the treasures, the hurricane set aside.
        hurricane_now = False
        row = [card for card in treasure_display if card != EMPTY]
        drew = False
        while len(row) < TREASURE_SPACES and (main or storm):
            card = main.pop() if main else storm.pop()
            drew = True
            if card == HURRICANE:
                hurricane_now = True
            else:
                row.append(card)
        treasure_display[:] = row + [EMPTY] * (TREASURE_SPACES - len(row))
        # T9.3: the same for research.
        row = [card for card in research_display if card != EMPTY]
        while len(row) < RESEARCH_SPACES and research_pile:
            row.append(research_pile.pop())
            drew = True
        research_display[:] = row + [EMPTY] * (RESEARCH_SPACES - len(row))
        if drew:
            quiet = 0
        turns += 1
        reason = ""
        if hurricane_now:
            final_left = seats  # E1.1: one more turn each, ending with this seat
        elif final_left > 0:
            final_left -= 1
            if final_left == 0:
                reason = "hurricane"
        if not reason and quiet >= seats:
            reason = "endless-passing"
        if reason:
            break
        seat = (seat + 1) % seats
    totals = tuple(
        best_total(treasures[s], crates[s], ship_count[s], research[s], setup.ladders)
        for s in range(seats)
    )
    return Outcome(turns, reason, totals)
