"""Every command the seat to act may give: the move generator the kernel and bots read.

In a turn: every action the rules allow now (each location not used yet, each
level the slots left allow, T2.2, T2.4), each with every distinct payment by
colour (``payment.payments``) and every choice of cards its level allows
(fewer than the most included, T2.8 "up to"); then passing (before any action,
T8) or ending the turn (after one, T2.7). In the scoring phase with
``final_choices = ask``: the choosing seat's scoring choices, one per distinct
release by type with the best ``R6``/``R11`` types for it, and every type
assignment with the best release.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from core.atlantica.cards import (
    TREASURE_TYPES,
    Pick,
    Place,
    TreasureType,
    research_kind,
    treasure_type,
)
from core.atlantica.commands import AnyCommand, ChooseScoring, EndTurn, Pass, PerformAction
from core.atlantica.decide import ROUND_TAKES, TAKES, action_refusal, card_at, round_sources
from core.atlantica.locations import LEVELS, LOCATIONS, Location
from core.atlantica.payment import payments
from core.atlantica.scoring import best_choices, collected, excess, score_for
from core.atlantica.state import State

__all__ = ["action_refusal", "legal_commands", "pick_options", "scoring_choices"]

MAX_TYPE_ASSIGNMENTS = 64
"""At most this many ``R6``/``R11`` type assignments are listed with the best release."""
MAX_RELEASES = 200
"""At most this many releases are listed (a large excess can allow millions)."""


def pick_options(state: State, location: Location, level: int) -> list[tuple[Pick, ...]]:
    """Every choice of cards the level allows (``()`` for a level without a choice)."""
    if location == "bistro" and level == 3:
        sources = round_sources(state)
        found: list[tuple[Pick, ...]] = [(pick,) for pick in sources]
        found += [
            (first, second)
            for first, second in itertools.combinations(sources, ROUND_TAKES)
            if first.place != second.place
        ]
        return found
    limits = TAKES.get((location, level))
    if limits is None:
        return [()]
    most, highest = limits
    place: Place = "treasure" if location == "submarine" else "research"
    spaces = [
        Pick(place, space) for space in range(1, highest + 1) if card_at(state, Pick(place, space))
    ]
    return [combo for size in range(1, most + 1) for combo in itertools.combinations(spaces, size)]


def actions(state: State) -> list[AnyCommand]:
    """Every action the seat to act may perform now."""
    seat = state.current
    found: list[AnyCommand] = []
    for location in LOCATIONS:
        for level in LEVELS:
            if action_refusal(state, location, level) is not None:
                continue
            paid = payments(state, location, level)
            if not paid:
                continue
            choices = pick_options(state, location, level)
            found += [
                PerformAction(seat, location, level, cards, pair_slot, picks)
                for cards, pair_slot in paid
                for picks in choices
            ]
    return found


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


def legal_commands(state: State) -> list[AnyCommand]:
    """The commands ``decide`` accepts from the seat to act."""
    if state.phase == "over":
        return []
    if state.phase == "scoring":
        return [] if state.choosing is None else scoring_choices(state, state.choosing)
    seat = state.current
    found = actions(state)
    found.append(EndTurn(seat) if state.acted else Pass(seat))
    return found
