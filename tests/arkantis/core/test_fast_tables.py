"""The engine's tables and memories give what the plain reading of the rules gives.

The piles a player can pay for (T6.1) are read from a table by pions; one or
two squares' names are read back in one look-up (S1.1); a purchase that ends
the turn (T2.4) names the next seat without building the state it leaves; a
modified set without a card (T4.3) is made once per squares and colour, in a
memory of bounded size.
"""

from __future__ import annotations

import itertools
import random

import pytest

from core.arkantis import decide as decide_module
from core.arkantis import resolution
from core.arkantis.commands import Buy, EndTurn
from core.arkantis.decide import (
    PRICE_OF_PILE,
    affords,
    affords_after_purchase,
    decide,
    decide_trusted,
    piles_within,
)
from core.arkantis.events import ActionResolved, CardBought, TurnEnded
from core.arkantis.evolve import evolve
from core.arkantis.legal_commands import legal_commands
from core.arkantis.options import Options
from core.arkantis.squares import NAMED, NAMES, SQUARES, bits, names
from core.arkantis.state import State
from tests.arkantis.core.test_fast_paths import states_along

PILE_SHAPES = [
    tuple(("X-1", "X-2")[:size] for size in sizes)
    for sizes in itertools.product((0, 1, 2), repeat=len(PRICE_OF_PILE))
]
"""Every way the four piles can hold no card, one, or more."""


def test_T6_1_the_piles_within_reach_are_those_the_pions_pay_for() -> None:
    for pions in range(-2, 8):
        assert piles_within(pions) == tuple(
            index for index, price in enumerate(PRICE_OF_PILE) if price <= pions
        )


def test_T6_T2_4_affording_a_card_before_and_after_a_purchase() -> None:
    for piles, pions in itertools.product(PILE_SHAPES, range(-2, 6)):
        plain = any(
            pile and price <= pions for pile, price in zip(piles, PRICE_OF_PILE, strict=True)
        )
        assert affords(piles, pions) == plain
        for bought in (index for index, pile in enumerate(piles) if pile):
            left = tuple(pile[1:] if index == bought else pile for index, pile in enumerate(piles))
            assert affords_after_purchase(piles, bought, pions) == affords(left, pions)


def test_S1_1_one_or_two_squares_are_read_back_from_their_names() -> None:
    for first, second in itertools.product(range(SQUARES), repeat=2):
        if first == second:
            assert (NAMES[first], NAMES[second]) not in NAMED  # the full decide refuses it
            continue
        mask = bits((first, second))
        assert NAMED[(NAMES[first], NAMES[second])] == (mask, names(mask))
    for sq in range(SQUARES):
        assert NAMED[(NAMES[sq],)] == (1 << sq, (NAMES[sq],))
    for other in ((NAMES[0].lower(),), (" A1",), (), ("A1", "B1", "C1")):
        assert other not in NAMED  # other spellings go through the full decide


def turn_ending_purchases(seeds: range) -> list[tuple[State, Buy]]:
    """Purchases after the action that leave the buyer unable to buy more (T2.4)."""
    found = []
    for seed in seeds:
        for state in states_along(seed, Options()):
            for command in legal_commands(state):
                if isinstance(command, Buy) and state.phase == "after":
                    events = decide(state, command)
                    if isinstance(events[-1], TurnEnded) and len(events) == 2:
                        found.append((state, command))
    return found


def test_T2_4_a_purchase_that_ends_the_turn_names_the_next_seat_without_a_new_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    purchases = turn_ending_purchases(range(3))
    assert len(purchases) > 20
    folded: list[object] = []

    def counting_evolve(state: State, event: object) -> State:
        folded.append(event)
        return evolve(state, event)  # type: ignore[arg-type]

    monkeypatch.setattr(decide_module, "evolve", counting_evolve)
    for state, command in purchases:
        bought, ended = decide_trusted(state, command)
        assert isinstance(bought, CardBought) and isinstance(ended, TurnEnded)
        after = evolve(state, bought)
        assert ended == decide(after, EndTurn(command.seat))[0]
    assert folded == []  # no state was built for the purchase


def resolutions(seed: int, cold: bool) -> list[ActionResolved]:
    """Every action's resolution along a game played at random from ``seed``; ``cold``:
    each resolved with the memory of modified sets emptied first."""
    rng = random.Random(seed)
    found: list[ActionResolved] = []
    for state in states_along(seed, Options(move_limit=7)):
        commands = legal_commands(state)
        for command in rng.sample(commands, min(len(commands), 6)):
            if cold:
                resolution._KNOWN.clear()
            found += [
                event for event in decide(state, command) if isinstance(event, ActionResolved)
            ]
    return found


@pytest.mark.parametrize("seed", range(2))
def test_T4_3_modified_sets_are_the_same_from_an_empty_or_a_full_memory(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(resolution, "_KNOWN", {})
    cold = resolutions(seed, cold=True)
    warm = resolutions(seed, cold=False)  # the memory answers for the sets seen before
    assert warm == cold
    assert len(cold) > 100
    assert any(resolved.laid for resolved in cold)  # stains laid cards too


def test_the_memory_of_modified_sets_keeps_within_its_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(resolution, "_KNOWN", {})
    monkeypatch.setattr(resolution, "_KNOWN_KEPT", 16)
    sizes = []
    for seed in range(2):
        for state in states_along(seed, Options()):
            for command in legal_commands(state)[:40]:
                decide(state, command)
                sizes.append(len(resolution._KNOWN))
    assert max(sizes) == 16  # it filled up, and started afresh instead of growing
