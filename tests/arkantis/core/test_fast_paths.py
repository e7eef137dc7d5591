"""The engine's fast paths give what the plain reading of the rules gives.

Each test compares a faster function with a reference written the slow,
obvious way on many random boards and positions: the modified sets of an
action (T4.1, T4.2) against every set of the board compared with its
ancestors; the random bot's table of commands against the list of
``legal_commands``; ``decide_trusted`` against ``decide``; ``evolve_all``
against ``evolve`` of each event; the card a stain lays, found by its placing,
against the figures compared one kind after another (D3); square names
against their definition (S1.1).
"""

from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from core.arkantis.board import neighbours, reds, sets_of
from core.arkantis.commands import Remove
from core.arkantis.data import default_data_set
from core.arkantis.decide import decide, decide_trusted
from core.arkantis.events import SetColour
from core.arkantis.evolve import evolve, evolve_all, fold
from core.arkantis.figures import matches
from core.arkantis.legal_commands import CommandTable, legal_commands, pair_at
from core.arkantis.options import Options
from core.arkantis.resolution import _kind_for, is_modified, modified_sets
from core.arkantis.setup import new_game
from core.arkantis.squares import (
    ALL,
    COLUMNS,
    SIZE,
    SQUARES,
    members,
    name,
    names,
    nth_square,
    parse,
)
from core.arkantis.state import State
from core.kernel.errors import IllegalMove

NAMES = ("Ana", "Ben", "Cleo", "Dan")


def reference_modified_sets(
    before: int, after: int, changed: int, test: str
) -> list[tuple[SetColour, int]]:
    """T4.1, T4.2 read plainly: every set of the board after the action that holds or
    touches a changed square, kept when it differs from its ancestors."""
    area = changed | neighbours(changed)
    found: list[tuple[SetColour, int]] = []
    for colour, now, then in (("blue", after, before), ("red", reds(after), reds(before))):
        for one in sets_of(now):
            if one & area and is_modified(one, then, test):
                found.append((colour, one))  # type: ignore[arg-type]
    return sorted(found, key=lambda item: item[1] & -item[1])


def random_board(rng: random.Random) -> int:
    density = rng.random()
    return sum(1 << sq for sq in range(SQUARES) if rng.random() < density)


@pytest.mark.parametrize("test", ["count", "squares"])
def test_T4_1_T4_2_modified_sets_of_removals_and_moves_match_the_plain_reading(
    test: str,
) -> None:
    rng = random.Random(test)
    checked = 0
    for _board in range(400):
        tokens = random_board(rng)
        full, empty = list(members(tokens)), list(members(reds(tokens)))
        actions = []
        if full:
            actions.append(1 << rng.choice(full))
        if len(full) > 1:
            first, second = rng.sample(full, 2)
            actions.append((1 << first) | (1 << second))
        for changed in actions:
            after = tokens & ~changed
            assert modified_sets(tokens, after, changed, test) == reference_modified_sets(
                tokens, after, changed, test
            )
            checked += 1
        if full and empty:
            changed = (1 << rng.choice(full)) | (1 << rng.choice(empty))
            after = tokens ^ changed
            assert modified_sets(tokens, after, changed, test) == reference_modified_sets(
                tokens, after, changed, test
            )
            checked += 1
    assert checked > 1000


def test_S1_1_square_names_and_parsing() -> None:
    for sq in range(SQUARES):
        text = f"{COLUMNS[sq % SIZE]}{sq // SIZE + 1}"
        assert name(sq) == text
        assert parse(text) == parse(f" {text.lower()} ") == sq
    for wrong in ("", "H1", "A0", "A8", "AA", "A11", "1A"):
        assert parse(wrong) is None
    rng = random.Random(3)
    for _mask in range(200):
        mask = rng.getrandbits(SQUARES) & ALL
        assert names(mask) == tuple(name(sq) for sq in members(mask))
        assert [nth_square(mask, i) for i in range(mask.bit_count())] == list(members(mask))


def states_along(seed: int, options: Options) -> list[State]:
    """Every state of a game played at random from ``seed``, the commands judged by
    ``decide`` (the random bot's generator is not used to make them)."""
    rng = random.Random(seed)
    count = 2 + seed % 3
    state = fold(new_game(NAMES[:count], options, f"{seed:02x}" * 16))
    found = [state]
    while not state.is_over:
        for event in decide(state, rng.choice(legal_commands(state))):
            state = evolve(state, event)
        found.append(state)
    return found


OPTIONS = (Options(), Options(move_limit=0), Options(buy_timing="any_time", move_limit=7))


def test_pairs_are_found_by_their_index_in_the_order_removals_list_them() -> None:
    for count in range(2, SQUARES + 1):
        listed = [(first, second) for first in range(count) for second in range(first + 1, count)]
        assert [pair_at(count, index) for index in range(len(listed))] == listed


@pytest.mark.parametrize("seed", range(3))
def test_the_command_table_is_the_list_of_legal_commands(seed: int) -> None:
    for state in states_along(seed, OPTIONS[seed]):
        listed = legal_commands(state)
        table = CommandTable(state)
        assert len(table) == len(listed)
        assert list(table) == listed
        assert table[-1] == listed[-1] if listed else not table
        assert table[1:7] == listed[1:7]
        with pytest.raises(IndexError):
            table[len(listed)]


@pytest.mark.parametrize("seed", range(3))
def test_decide_trusted_gives_what_decide_gives(seed: int) -> None:
    rng = random.Random(seed)
    for state in states_along(seed, OPTIONS[seed]):
        listed = legal_commands(state)
        for command in rng.sample(listed, min(len(listed), 12)):
            assert decide_trusted(state, command) == decide(state, command)


@pytest.mark.parametrize("seed", range(4))
def test_evolve_all_gives_what_evolve_of_each_event_gives(seed: int) -> None:
    rng = random.Random(seed)
    options = (*OPTIONS, Options(modified_test="squares"))[seed]
    laid = 0
    for state in states_along(seed, options):
        commands = legal_commands(state)
        for command in rng.sample(commands, min(len(commands), 8)):
            events = decide(state, command)
            one_by_one = state
            for event in events:
                one_by_one = evolve(one_by_one, event)
            assert evolve_all(state, events) == one_by_one
            laid += sum(len(getattr(event, "laid", ())) for event in events)
    assert laid  # cards were laid too


def test_D3_the_kind_a_stain_matches_is_found_by_its_placing() -> None:
    kinds = default_data_set().kinds
    # Two kinds of one figure (a data set check refuses it, a save may not): the first.
    doubled = (*kinds, replace(kinds[0], id="ZZ"))
    rng = random.Random(5)
    stains = 0
    for _board in range(3000):
        for one in sets_of(random_board(rng)):
            if one.bit_count() in (4, 5):
                stains += 1
                for table in (kinds, doubled, kinds[::-1]):
                    first = next((kind for kind in table if matches(one, kind)), None)
                    assert _kind_for(one, table) == first
    assert stains > 500


def test_decide_trusted_takes_other_spellings_of_a_removal_as_decide_does() -> None:
    """Names in another order or case, or a square named twice: what ``decide`` says."""
    state = states_along(1, Options())[0]
    seat = state.current
    first, second = names(state.tokens)[:2]
    for squares in ((second, first), (first.lower(),), (first, first), ("Z9",), ()):
        command = Remove(seat, squares)
        try:
            expected: object = decide(state, command)
        except IllegalMove as refusal:
            expected = (refusal.rule, str(refusal))
        try:
            given: object = decide_trusted(state, command)
        except IllegalMove as refusal:
            given = (refusal.rule, str(refusal))
        assert given == expected, squares
