"""Every command the seat to act may give: the move generator the kernel and bots read.

In a turn: every action the rules allow now (each location not used yet, each
level the slots left allow, T2.2, T2.4), each with every distinct payment by
colour (``payment.payments``) and every choice of cards its level allows
(fewer than the most included, T2.8 "up to"); then passing (before any action,
T8) or ending the turn (after one, T2.7). In the scoring phase with
``final_choices = ask``: the choosing seat's scoring choices, one per distinct
release by type with the best ``R6``/``R11`` types for it, and every type
assignment with the best release.

The generator runs at every decision of every game, so it reads what does
not change from caches: the colour patterns a hand can pay, by its colour
counts (``patterns.level_patterns``), and the choices of cards, by the
spaces that hold one. ``command_table`` gives the commands as a sequence
whose actions are built only when read: a bot choosing one at random builds
one, and the same one ``legal_commands`` would give at that index.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import NamedTuple, overload

from core.atlantica.cards import (
    TREASURE_TYPES,
    Pick,
    Place,
    TreasureType,
    research_kind,
    treasure_type,
)
from core.atlantica.commands import AnyCommand, ChooseScoring, EndTurn, Pass, PerformAction
from core.atlantica.decide import (
    ROUND_PICKS,
    ROUND_TAKES,
    TAKES,
    action_refusal,
    board_refusal,
    round_positions,
)
from core.atlantica.locations import (
    LEVELS,
    MAX_ACTIONS_PER_TURN,
    MAX_SLOTS_PER_TURN,
    Location,
)
from core.atlantica.patterns import Grouped, Pattern, hand_by_colour, level_patterns, pattern_cards
from core.atlantica.scoring import best_choices, collected, excess, score_for
from core.atlantica.state import State

__all__ = [
    "action_refusal",
    "command_table",
    "legal_commands",
    "pick_options",
    "scoring_choices",
]

MAX_TYPE_ASSIGNMENTS = 64
"""At most this many ``R6``/``R11`` type assignments are listed with the best release."""
MAX_RELEASES = 200
"""At most this many releases are listed (a large excess can allow millions)."""


SPACE_CACHE_SIZE = 512
"""Displays whose choices are kept: four levels choose cards (``TAKES``), each among at
most six spaces, full or empty, so at most 4 × 64 answers exist and all are kept."""
ROUND_CACHE_SIZE = 1024
"""Sets of round sources whose choices are kept (13 spaces allow 8192)."""

Choices = tuple[tuple[Pick, ...], ...]


@lru_cache(maxsize=SPACE_CACHE_SIZE)
def _space_choices(place: Place, most: int, filled: tuple[int, ...]) -> Choices:
    """T2.8 "up to": every choice of 1 to ``most`` of the ``filled`` spaces of a display."""
    spaces = [Pick(place, space) for space in filled]
    return tuple(
        combo for size in range(1, most + 1) for combo in itertools.combinations(spaces, size)
    )


@lru_cache(maxsize=ROUND_CACHE_SIZE)
def _round_choices(sources: tuple[int, ...]) -> Choices:
    """T5.3, T5.4: one card, or two from different locations, of the sources (their
    positions in ``ROUND_PICKS``)."""
    picks = [ROUND_PICKS[index] for index in sources]
    found: list[tuple[Pick, ...]] = [(pick,) for pick in picks]
    found += [
        (first, second)
        for first, second in itertools.combinations(picks, ROUND_TAKES)
        if first.place != second.place
    ]
    return tuple(found)


def _choices(state: State, location: Location, level: int) -> Choices:
    """``pick_options`` from the caches (shared: never change an answer)."""
    if location == "bistro" and level == 3:
        return _round_choices(round_positions(state))
    limits = TAKES.get((location, level))
    if limits is None:
        return ((),)
    most, highest = limits
    place: Place = "treasure" if location == "submarine" else "research"
    display = state.treasure_display if place == "treasure" else state.research_display
    filled = tuple(space for space, card in enumerate(display[:highest], start=1) if card)
    return _space_choices(place, most, filled)


def pick_options(state: State, location: Location, level: int) -> list[tuple[Pick, ...]]:
    """Every choice of cards the level allows (``()`` for a level without a choice)."""
    return list(_choices(state, location, level))


class ActionLevel(NamedTuple):
    """One level the seat may use now: its payments (by colour pattern, the cards read
    from the hand when a command is built) and its choices of cards; its actions are
    every payment with every choice, payments first (``actions``' order)."""

    location: Location
    level: int
    grouped: Grouped
    patterns: tuple[Pattern, ...]
    choices: Choices

    @property
    def size(self) -> int:
        return len(self.patterns) * len(self.choices)

    def command(self, seat: int, index: int) -> PerformAction:
        """The ``index``-th action of this level (0-based)."""
        pattern = self.patterns[index // len(self.choices)]
        picks = self.choices[index % len(self.choices)]
        cards = pattern_cards(self.grouped, pattern)
        return PerformAction(seat, self.location, self.level, cards, pattern.pair_slot, picks)

    def commands(self, seat: int) -> Iterator[PerformAction]:
        """Every action of this level, in order."""
        for pattern in self.patterns:
            cards = pattern_cards(self.grouped, pattern)
            for picks in self.choices:
                yield PerformAction(
                    seat, self.location, self.level, cards, pattern.pair_slot, picks
                )


def action_levels(state: State) -> list[ActionLevel]:
    """Each location and level the seat to act may use now, in board order, with what
    it can pay and take. The turn's limits are checked first (T2.1, T2.2, T2.4) so that
    no refusal is built for a level skipped; ``action_refusal`` gives the same verdict."""
    found: list[ActionLevel] = []
    acted = state.acted
    if state.phase != "turn" or len(acted) >= MAX_ACTIONS_PER_TURN:
        return found
    left = MAX_SLOTS_PER_TURN - state.slots_used
    if left < min(LEVELS):  # T2.4: no slot left for any level
        return found
    grouped = hand_by_colour(state.hands[state.current])
    payable = level_patterns(
        tuple(map(len, grouped)), not state.pair_used, state.options.joker_only_when_needed
    )
    for location, level, patterns in payable:
        if level > left or location in acted:
            continue
        if board_refusal(state, location, level) is not None:
            continue
        choices = _choices(state, location, level)
        found.append(ActionLevel(location, level, grouped, patterns, choices))
    return found


class LegalCommands(Sequence[AnyCommand]):
    """The commands ``legal_commands`` lists, in its order, each built only when read.

    A bot that picks one command at random (``rng.choice``: a length and one index)
    then pays for one command, not for the dozens a hand can pay for; reading every
    item gives ``legal_commands`` itself.
    """

    def __init__(self, seat: int, levels: list[ActionLevel], last: AnyCommand | None) -> None:
        self._seat = seat
        self._levels = levels
        self._last = [] if last is None else [last]
        self._ends: list[int] = list(itertools.accumulate(level.size for level in levels))
        self._actions = self._ends[-1] if self._ends else 0

    def __len__(self) -> int:
        return self._actions + len(self._last)

    @overload
    def __getitem__(self, index: int) -> AnyCommand: ...

    @overload
    def __getitem__(self, index: slice) -> list[AnyCommand]: ...

    def __getitem__(self, index: int | slice) -> AnyCommand | list[AnyCommand]:
        if isinstance(index, slice):
            return list(self)[index]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("legal command index out of range")
        if index >= self._actions:
            return self._last[index - self._actions]
        where = bisect.bisect_right(self._ends, index)
        start = self._ends[where - 1] if where else 0
        return self._levels[where].command(self._seat, index - start)

    def __iter__(self) -> Iterator[AnyCommand]:
        for level in self._levels:
            yield from level.commands(self._seat)
        yield from self._last


def actions(state: State) -> list[AnyCommand]:
    """Every action the seat to act may perform now."""
    return list(LegalCommands(state.current, action_levels(state), None))


def _release_options(state: State, seat: int) -> list[tuple[str, ...]]:
    """Distinct releases by type (each type's last cards), E3: every one when there are
    few, the first ``MAX_RELEASES`` in type order when a large excess makes them many."""
    held = collected(state, seat)
    wanted = excess(state, seat)
    if not wanted:
        return [()]
    by_type: dict[str, list[str]] = {}
    for card in held:
        by_type.setdefault(treasure_type(card), []).append(card)
    kinds = list(by_type)
    found: list[tuple[str, ...]] = []

    def spread(index: int, left: int, chosen: tuple[str, ...]) -> None:
        if len(found) >= MAX_RELEASES:
            return
        if index == len(kinds):
            if not left:
                found.append(chosen)
            return
        cards = by_type[kinds[index]]
        rest = sum(len(by_type[kind]) for kind in kinds[index + 1 :])
        for count in range(max(0, left - rest), min(len(cards), left) + 1):
            spread(index + 1, left - count, chosen + tuple(cards[len(cards) - count :]))

    spread(0, wanted, ())
    return found


def _best_types(
    state: State,
    seat: int,
    releases: tuple[str, ...],
    kept: list[TreasureType],
    kinds: Sequence[str],
) -> tuple[tuple[TreasureType, ...], tuple[TreasureType, ...]]:
    """The ``R6``/``R11`` types that score most with ``releases`` (only a type still
    kept can score, E5; with nothing kept an ``R11`` names none, E5.3); the first kept
    type for each when there are too many assignments to weigh."""
    present: list[TreasureType] = kept or [TREASURE_TYPES[0]]
    r6_count, r11_count = kinds.count("R6"), kinds.count("R11") if kept else 0
    if len(present) ** (r6_count + r11_count) > MAX_TYPE_ASSIGNMENTS:
        return (present[0],) * r6_count, (present[0],) * r11_count
    assignments = itertools.product(
        itertools.product(present, repeat=r6_count), itertools.product(present, repeat=r11_count)
    )
    # max keeps the first of equals: the types in their printed order.
    return max(
        assignments,
        key=lambda types: score_for(state, seat, releases, types[0], types[1]).total,
    )


def scoring_choices(state: State, seat: int) -> list[AnyCommand]:
    """``ChooseScoring`` commands for ``seat`` (see the module's docstring)."""
    best = best_choices(state, seat)
    kinds = [research_kind(card) for card in state.research[seat]]
    found: list[ChooseScoring] = [ChooseScoring(seat, best.releases, best.r6_types, best.r11_types)]
    for releases in _release_options(state, seat):
        held = list(collected(state, seat))
        for card in releases:
            held.remove(card)
        kept = sorted({treasure_type(card) for card in held}, key=TREASURE_TYPES.index)
        r6, r11 = _best_types(state, seat, releases, kept, kinds)
        found.append(ChooseScoring(seat, releases, r6, r11))
    held_types = sorted(
        {treasure_type(card) for card in collected(state, seat)}, key=TREASURE_TYPES.index
    )
    kept_after = list(collected(state, seat))
    for card in best.releases:
        kept_after.remove(card)
    kept_types = [k for k in held_types if any(treasure_type(c) == k for c in kept_after)]
    if kept_types:
        r6_options = itertools.product(TREASURE_TYPES, repeat=kinds.count("R6"))
        r11_options = list(itertools.product(kept_types, repeat=kinds.count("R11")))
        for number, (r6, r11) in enumerate(itertools.product(r6_options, r11_options)):
            if number >= MAX_TYPE_ASSIGNMENTS:
                break
            found.append(ChooseScoring(seat, best.releases, r6, r11))
    unique: list[AnyCommand] = []
    for command in found:
        if command not in unique:
            unique.append(command)
    return unique


def command_table(state: State) -> Sequence[AnyCommand]:
    """``legal_commands`` as a sequence whose actions are built only when read (see
    ``LegalCommands``): the same commands in the same order."""
    if state.phase == "over":
        return []
    if state.phase == "scoring":
        return [] if state.choosing is None else scoring_choices(state, state.choosing)
    seat = state.current
    last = EndTurn(seat) if state.acted else Pass(seat)
    levels = action_levels(state)
    return LegalCommands(seat, levels, last) if levels else [last]


def legal_commands(state: State) -> list[AnyCommand]:
    """The commands ``decide`` accepts from the seat to act."""
    return list(command_table(state))
