"""E3–E7: releases, treasure and research points, winners and the tie-break.

``points`` is a ladder of S1.3 with its restart. ``score_for`` scores one
player for given choices (the treasures released, the type each ``R6`` and
``R11`` names); ``best_choices`` finds the choices that give the player the
highest score (E3's default ``final_choices = best``), by a small dynamic
programme over the treasure types rather than trying every release.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

import msgspec

from core.atlantica.cards import TREASURE_TYPES, TreasureType, crates, research_kind, treasure_type
from core.atlantica.events import CardPoints, PlayerScore, TypePoints
from core.atlantica.state import State

FIXED_RESEARCH: dict[str, int] = {"R1": 2, "R2": 3, "R3": 4}
"""S1.5: the research kinds worth a fixed number of points."""
R4_COLOURS, R4_POINTS = 3, 5
R5_COLOURS, R5_POINTS = 4, 7
R10_CRATES, R10_POINTS = 12, 6
BLUE: TreasureType = "ARC"
"""R7 counts the blue treasures (architecture)."""


class Choices(msgspec.Struct, frozen=True):
    """A player's scoring choices (E3, E5.2, E5.3): the treasures released, the type
    each ``R6`` names and the type each ``R11`` joins, in the order he holds them."""

    releases: tuple[str, ...] = ()
    r6_types: tuple[TreasureType, ...] = ()
    r11_types: tuple[TreasureType, ...] = ()


def points(ladder: Sequence[int], n: int) -> int:
    """S1.3: ``n`` cards on a ladder, complete groups scoring ``vL`` and the rest again
    from the start: ``q·vL + (vr if r > 0 else 0)``."""
    if n <= 0 or not ladder:
        return 0
    groups, rest = divmod(n, len(ladder))
    return groups * ladder[-1] + (ladder[rest - 1] if rest else 0)


def collected(state: State, seat: int) -> tuple[str, ...]:
    """Every treasure card ``seat`` took, released ones included."""
    released = state.released[seat] if seat < len(state.released) else ()
    return (*state.treasures[seat], *released)


def crate_total(state: State, seat: int) -> int:
    """T4.5: the crates on all of ``seat``'s ships."""
    return sum(crates(card) for card in state.ships[seat])


def excess(state: State, seat: int) -> int:
    """E3: how many treasures ``seat`` must release."""
    return max(0, len(collected(state, seat)) - crate_total(state, seat))


def _kinds(state: State, seat: int) -> list[str]:
    return [research_kind(card) for card in state.research[seat]]


def score_for(
    state: State,
    seat: int,
    releases: Sequence[str],
    r6_types: Sequence[TreasureType],
    r11_types: Sequence[TreasureType],
) -> PlayerScore:
    """E3–E6 for ``seat`` with these choices (they are not judged here: ``decide`` does)."""
    held = collected(state, seat)
    kept = list(held)
    for card in releases:
        if card in kept:
            kept.remove(card)
    real = dict.fromkeys(TREASURE_TYPES, 0)
    for card in kept:
        real[treasure_type(card)] += 1
    counted = dict(real)
    for kind in r11_types:  # E5.3: a wild card joins a type with a real card kept
        if real.get(kind, 0) > 0:
            counted[kind] += 1
    ladders = state.data.ladders
    type_points = tuple(
        TypePoints(kind, counted[kind], points(ladders[kind], counted[kind]))
        for kind in TREASURE_TYPES
        if counted[kind]
    )
    colours = sum(1 for kind in TREASURE_TYPES if real[kind])
    research: list[CardPoints] = []
    r6 = iter(r6_types)
    for card in state.research[seat]:
        effect = research_kind(card)
        value = FIXED_RESEARCH.get(effect, 0)
        if effect == "R4":
            value = R4_POINTS if colours >= R4_COLOURS else 0
        elif effect == "R5":
            value = R5_POINTS if colours >= R5_COLOURS else 0
        elif effect == "R6":
            named = next(r6, None)
            value = counted.get(named, 0) if named is not None else 0
        elif effect == "R7":
            value = counted[BLUE]
        elif effect == "R8":
            value = len(state.research[seat])
        elif effect == "R9":
            value = len(state.ships[seat])
        elif effect == "R10":
            value = R10_POINTS if crate_total(state, seat) >= R10_CRATES else 0
        research.append(CardPoints(card, value))  # R11 scores through its type (E4)
    treasure_points = sum(item.points for item in type_points)
    research_points = sum(item.points for item in research)
    tiebreak = len(kept) if state.options.tiebreak_count == "kept" else len(held)
    return PlayerScore(
        treasures=type_points,
        research=tuple(research),
        treasure_points=treasure_points,
        research_points=research_points,
        total=treasure_points + research_points,
        released=tuple(releases),
        tiebreak=tiebreak,
    )


def _release_cards(held: Sequence[str], keep: Sequence[int]) -> tuple[str, ...]:
    """The cards released when ``keep[i]`` of each type (``TREASURE_TYPES[i]``) are
    kept: each type's last."""
    count = dict.fromkeys(TREASURE_TYPES, 0)
    for card in held:
        count[treasure_type(card)] += 1
    kept = dict(zip(TREASURE_TYPES, keep, strict=True))
    released = []
    for card in reversed(held):
        kind = treasure_type(card)
        if count[kind] > kept[kind]:
            released.append(card)
            count[kind] -= 1
    return tuple(reversed(released))


def best_choices(state: State, seat: int) -> Choices:
    """E3, E5: the choices that give ``seat`` the highest score (the first found on a tie)."""
    return _best(state, seat, min(len(collected(state, seat)), crate_total(state, seat)))


def _best(state: State, seat: int, keep: int) -> Choices:
    """The best choices keeping ``keep`` of ``seat``'s treasures (cached on the state)."""
    derived = state.__dict__
    key = f"best/{seat}/{keep}"
    found: Choices | None = derived.get(key)
    if found is not None:
        return found
    held = collected(state, seat)
    held_counts = dict.fromkeys(TREASURE_TYPES, 0)
    for card in held:
        held_counts[treasure_type(card)] += 1
    kinds = _kinds(state, seat)
    ladders = state.data.ladders
    kept, wild_types, r6_type = _best_plan(
        tuple(held_counts.values()),
        keep,
        Research(*(kinds.count(kind) for kind in ("R4", "R5", "R6", "R7", "R11"))),
        tuple(tuple(ladders[kind]) for kind in TREASURE_TYPES),
    )
    r6_count = kinds.count("R6")
    choices = Choices(
        releases=_release_cards(held, kept),
        r6_types=(r6_type,) * r6_count if r6_type else (),
        r11_types=wild_types,
    )
    derived[key] = choices
    return choices


class Research(NamedTuple):
    """How many research cards of each kind whose points depend on the choices a seat
    holds (E5): ``R4``, ``R5`` (the colours kept), ``R6`` (the type named), ``R7``
    (the blue treasures) and ``R11`` (wild treasures)."""

    r4: int
    r5: int
    r6: int
    r7: int
    r11: int


Plan = tuple[tuple[int, ...], tuple[TreasureType, ...], TreasureType | None]
"""The best choices by type: the cards kept of each of ``TREASURE_TYPES``, the types
the ``R11`` cards join, the type the ``R6`` cards name (``None``: no ``R6``)."""
PLAN_CACHE_SIZE = 8192
"""Holdings whose best plan is kept (a preview asks for two per action)."""


@lru_cache(maxsize=PLAN_CACHE_SIZE)
def _best_plan(
    held_counts: tuple[int, ...],
    keep: int,
    research: Research,
    ladders: tuple[tuple[int, ...], ...],
) -> Plan:
    """The choices that score most keeping ``keep`` of the held treasures, by a dynamic
    programme over the types. The best choices depend only on the counts by type, the
    research kinds and the ladders, never on which copies are held, so holdings that
    agree on these share one answer."""
    r4, r5, r6_count, r7, r11_count = research
    present: list[TreasureType] = [
        kind for kind, count in zip(TREASURE_TYPES, held_counts, strict=True) if count
    ]
    present = present or [TREASURE_TYPES[0]]
    held_total = sum(held_counts)
    best: Plan | None = None
    best_total = 0
    cap = R5_COLOURS if r4 or r5 else 0  # the colours count only for R4 and R5
    # E5.3: a wild treasure joins a type kept; with nothing kept it names none.
    wild_options = (
        list(itertools.combinations_with_replacement(present, r11_count)) if keep else [()]
    )
    r6_options: list[TreasureType | None] = list(present) if r6_count else [None]
    for wild_types in wild_options:
        wild = dict.fromkeys(TREASURE_TYPES, 0)
        for kind in wild_types:
            wild[kind] += 1
        for r6_type in r6_options:
            gains: list[list[int]] = []  # gains[type][k]: what keeping k of the type adds
            for kind, ladder, count in zip(TREASURE_TYPES, ladders, held_counts, strict=True):
                extra = wild[kind]
                per_card = (r7 if kind == BLUE else 0) + (r6_count if kind == r6_type else 0)
                row = [0]
                for k in range(1, count + 1):
                    n = k + extra
                    row.append(points(ladder, n) + per_card * n)
                gains.append(row)
            # layer[(kept so far, distinct colours up to cap)] = (value, kept per type)
            layer: dict[tuple[int, int], tuple[int, tuple[int, ...]]] = {(0, 0): (0, ())}
            rest = held_total
            for index, kind in enumerate(TREASURE_TYPES):
                count = held_counts[index]
                rest -= count  # the cards of the types still to come
                row = gains[index]
                needs_one = 1 if wild[kind] and keep else 0
                following: dict[tuple[int, int], tuple[int, tuple[int, ...]]] = {}
                for (used, distinct), (value, chosen) in layer.items():
                    least = keep - used - rest
                    least = needs_one if needs_one > least else least
                    most = keep - used
                    most = count if count < most else most
                    for k in range(least, most + 1):
                        seen = distinct + 1 if k and distinct < cap else distinct
                        spot = (used + k, seen)
                        total = value + row[k]
                        known = following.get(spot)
                        if known is None or total > known[0]:
                            following[spot] = (total, (*chosen, k))
                layer = following
            for (used, distinct), (value, chosen) in layer.items():
                if used != keep:
                    continue
                total = value
                if distinct >= R4_COLOURS:
                    total += r4 * R4_POINTS
                if distinct >= R5_COLOURS:
                    total += r5 * R5_POINTS
                if best is None or total > best_total:
                    best, best_total = (chosen, wild_types, r6_type), total
    assert best is not None
    return best


def score_now(state: State, seat: int) -> PlayerScore:
    """E3–E6 for ``seat`` as if the game ended now, with the best choices."""
    choices = best_choices(state, seat)
    return score_for(state, seat, choices.releases, choices.r6_types, choices.r11_types)


def score_with_crates(state: State, seat: int) -> PlayerScore:
    """E4–E6 for ``seat`` as if the game ended now with a crate for every treasure held:
    nothing released, the best types named. What the treasures are worth once shipped,
    where ``score_now`` counts only those the crates can carry (E3)."""
    choices = _best(state, seat, len(collected(state, seat)))
    return score_for(state, seat, (), choices.r6_types, choices.r11_types)


def final_scores(state: State) -> tuple[PlayerScore, ...]:
    """E3–E6 for every seat with the choices the game recorded (``released`` …)."""
    return tuple(
        score_for(state, seat, state.released[seat], state.r6_types[seat], state.r11_types[seat])
        for seat in range(state.player_count)
    )


def winners(scores: Sequence[PlayerScore]) -> tuple[tuple[int, ...], str]:
    """E7: the winning seats, and ``"E7"`` when the treasure count separated equal totals.
    Players still tied share the win."""
    best = max(score.total for score in scores)
    tied = [seat for seat, score in enumerate(scores) if score.total == best]
    if len(tied) == 1:
        return tuple(tied), ""
    most = max(scores[seat].tiebreak for seat in tied)
    kept = tuple(seat for seat in tied if scores[seat].tiebreak == most)
    return kept, "E7" if len(kept) < len(tied) else ""


def places(scores: Sequence[PlayerScore], won: Sequence[int]) -> tuple[int, ...]:
    """Each seat's place (1 is first): by total, then by the tie-break count; the
    winners first."""
    keys = [(score.total, score.tiebreak) for score in scores]
    return tuple(
        1 if seat in won else 1 + sum(other > keys[seat] for other in keys)
        for seat in range(len(scores))
    )


def has_real_choice(state: State, seat: int) -> bool:
    """E3, E5 with ``final_choices = ask``: whether ``seat``'s choices can differ: a
    release among treasures of two types or more, or an ``R6`` or ``R11`` card while
    holding two types or more."""
    held = collected(state, seat)
    types = {treasure_type(card) for card in held}
    if len(types) < 2:
        return False
    extra = excess(state, seat)
    if 0 < extra < len(held):
        return True
    kinds = _kinds(state, seat)
    return "R6" in kinds or "R11" in kinds


def next_chooser(state: State, after: int) -> int | None:
    """The next seat after ``after`` (in seat order) that makes its own scoring choices
    (``final_choices = ask``), or ``None``."""
    if state.options.final_choices != "ask":
        return None
    for seat in range(after + 1, state.player_count):
        if has_real_choice(state, seat):
            return seat
    return None
