"""The engine's faster paths give what the plain ones give.

The move generator's lazy table (``command_table``) is ``legal_commands`` item
by item; payments come from patterns cached by the hand's colour counts, in a
bounded cache, and equal the payments worked out card by card.
"""

from __future__ import annotations

import itertools
import random

import pytest
from msgspec.structs import replace

from core.atlantica.bots.random_bot import RandomBot
from core.atlantica.cards import DIVER_COLOURS, TREASURE_TYPES, Pick, research_kind, treasure_type
from core.atlantica.commands import Pass, PerformAction
from core.atlantica.decide import action_refusal, card_at, marked, round_sources
from core.atlantica.events import TurnEnded
from core.atlantica.evolve import evolve_all, fold
from core.atlantica.game_type import ATLANTICA
from core.atlantica.legal_commands import (
    LegalCommands,
    command_table,
    legal_commands,
    pick_options,
)
from core.atlantica.locations import LEVELS, LOCATIONS, slots
from core.atlantica.options import Options
from core.atlantica.patterns import PATTERN_CACHE_SIZE, hand_by_colour, payable
from core.atlantica.payment import by_colour, payments
from core.atlantica.preview import ActionPreview, preview
from core.atlantica.scoring import (
    PLAN_CACHE_SIZE,
    _best_plan,
    collected,
    crate_total,
    score_for,
    score_now,
)
from core.atlantica.state import State
from core.atlantica.view import NO_SEAT, sees_hand, sees_hired, view_for
from core.kernel.chance import secret_from_seed
from tests.atlantica.core.helpers import position, with_options


def states_of_a_game(seed: int, players: int, options: Options) -> list[State]:
    """Every state a random game passes through."""
    rng = random.Random(seed)
    state = fold(
        ATLANTICA.setup(("A", "B", "C", "D", "E")[:players], options, secret_from_seed(seed))
    )
    states = [state]
    while not state.is_over:
        command = rng.choice(legal_commands(state))
        state = evolve_all(state, ATLANTICA.decide(state, command))
        states.append(state)
    return states


def slow_payments(hand: tuple[str, ...], location: str, level: int, state: State) -> list[object]:
    """T2.3, T2.5 card by card: every distinct payment by colour, the lowest copies."""
    groups = by_colour(hand)
    level_slots = slots(location, level)  # type: ignore[arg-type]

    def cards(colours: tuple[str, ...], pair_slot: int | None) -> tuple[str, ...] | None:
        taken: dict[str, int] = dict.fromkeys(DIVER_COLOURS, 0)
        chosen: list[str] = []
        for index, colour in enumerate(colours):
            for _copy in range(2 if index == pair_slot else 1):
                if taken[colour] >= len(groups[colour]):  # type: ignore[index]
                    return None
                chosen.append(groups[colour][taken[colour]])  # type: ignore[index]
                taken[colour] += 1
        return tuple(chosen)

    found: list[object] = []
    for colours in itertools.product(*level_slots):
        paid = cards(colours, None)
        if paid is not None:
            found.append((paid, None))
    if state.pair_used or (state.options.joker_only_when_needed and found):
        return found
    for pair_slot in range(len(level_slots)):
        choices = [DIVER_COLOURS if i == pair_slot else s for i, s in enumerate(level_slots)]
        for colours in itertools.product(*choices):
            paid = cards(colours, pair_slot)
            if paid is not None:
                found.append((paid, pair_slot))
    return found


@pytest.mark.parametrize(
    ("seed", "options"),
    [(1, Options()), (2, Options(joker_only_when_needed=False, final_choices="ask"))],
)
def test_the_lazy_table_is_the_list_of_legal_commands(seed: int, options: Options) -> None:
    for state in states_of_a_game(seed, 2 + seed, options)[::3]:
        listed = legal_commands(state)
        table = command_table(state)
        assert len(table) == len(listed)
        assert [table[index] for index in range(len(table))] == listed
        assert list(table) == listed
        if listed:
            assert table[-1] == listed[-1] and table[1:3] == listed[1:3]
        if isinstance(table, LegalCommands):
            with pytest.raises(IndexError):
                table[len(table)]


def test_the_random_bot_chooses_as_from_the_whole_list() -> None:
    """The lazy table hands ``rng.choice`` a length and an index: the same choice, the
    same draws from the generator, as a choice from the list."""
    for state in states_of_a_game(3, 4, Options())[::5]:
        if state.phase != "turn":
            continue
        seat = state.current
        ours, theirs = random.Random(7), random.Random(7)
        assert RandomBot().decide(view_for(state, seat), ours) == theirs.choice(
            legal_commands(view_for(state, seat).state)
        )
        assert ours.random() == theirs.random()


def test_payments_from_cached_patterns_are_the_payments_card_by_card() -> None:
    rng = random.Random(5)
    deck = [f"{colour}{copy}" for colour in DIVER_COLOURS for copy in range(1, 14)]
    for _trial in range(150):
        hand = tuple(rng.sample(deck, rng.randint(0, 9)))
        state = position([hand, ()])
        state = with_options(state, joker_only_when_needed=rng.random() < 0.5)
        if rng.random() < 0.3:
            state = replace(state, pair_used=True)
        for location in LOCATIONS:
            for level in LEVELS:
                assert payments(state, location, level) == slow_payments(
                    hand, location, level, state
                )


def test_a_hand_by_colour_sorts_each_colour_by_copy_keeping_odd_cards_readable() -> None:
    hand = ("W10", "", "W2", "B1", "W0x", "Y3", "W2")
    assert hand_by_colour(hand) == (("W0x", "W2", "W2", "W10"), ("Y3",), (), (), ("B1",), ())
    assert by_colour(hand)["W"] == ["W0x", "W2", "W2", "W10"]


def test_the_pattern_cache_is_bounded() -> None:
    assert payable.cache_info().maxsize == PATTERN_CACHE_SIZE


def slow_sources(state: State) -> list[Pick]:
    """T5.3, S1.6 space by space: the bistro-marked spaces that hold a card."""
    spaces = [
        *(Pick("treasure", space) for space in range(1, 7)),
        *(Pick("ship", space) for space in range(1, 4)),
        *(Pick("research", space) for space in range(1, 5)),
    ]
    return [pick for pick in spaces if card_at(state, pick) and marked(state, pick)]


def slow_picks(state: State, location: str, level: int) -> list[tuple[Pick, ...]]:
    """T2.8, T3, T5.3, T5.4, T6 space by space."""
    if (location, level) == ("bistro", 3):
        sources = slow_sources(state)
        pairs = itertools.combinations(sources, 2)
        return [(pick,) for pick in sources] + [p for p in pairs if p[0].place != p[1].place]
    limits = {("submarine", 2): (2, 3), ("submarine", 3): (3, 6)}
    limits |= {("research", 2): (1, 4), ("research", 3): (2, 4)}
    if (location, level) not in limits:
        return [()]
    most, highest = limits[location, level]
    place = "treasure" if location == "submarine" else "research"
    spaces = [Pick(place, s) for s in range(1, highest + 1) if card_at(state, Pick(place, s))]  # type: ignore[arg-type]
    return [c for size in range(1, most + 1) for c in itertools.combinations(spaces, size)]


def test_round_sources_and_choices_of_cards_are_those_read_space_by_space() -> None:
    marks = (Pick("treasure", 2), Pick("ship", 1), Pick("research", 4), Pick("research", 1))
    for index, state in enumerate(states_of_a_game(4, 3, Options())):
        if index % 2:  # S1.6: a data set that marks some spaces, the option that reads them
            state = replace(state, data=replace(state.data, round_spaces=marks))
            state = with_options(state, round_spaces="marked")
        assert round_sources(state) == slow_sources(state)
        for location in LOCATIONS:
            for level in LEVELS:
                assert pick_options(state, location, level) == slow_picks(state, location, level)


def brute_best(state: State, seat: int) -> int:
    """E3, E5 by trying everything: each release by type, each ``R6`` type, each
    ``R11`` type among those kept."""
    held = collected(state, seat)
    by_type = {
        kind: [card for card in held if treasure_type(card) == kind] for kind in TREASURE_TYPES
    }
    keep = min(len(held), crate_total(state, seat))
    kinds = [research_kind(card) for card in state.research[seat]]
    best = 0
    for counts in itertools.product(*(range(len(cards) + 1) for cards in by_type.values())):
        if sum(counts) != keep:
            continue
        releases = [
            c for kind, n in zip(TREASURE_TYPES, counts, strict=True) for c in by_type[kind][n:]
        ]
        kept = [kind for kind, n in zip(TREASURE_TYPES, counts, strict=True) if n]
        r6s = itertools.product(TREASURE_TYPES, repeat=kinds.count("R6"))
        for r6 in r6s:
            wilds = itertools.product(kept, repeat=kinds.count("R11")) if kept else [()]
            for r11 in wilds:
                total = score_for(state, seat, releases, r6, r11).total
                best = max(best, total)
    return best


def test_the_best_scoring_choices_are_the_best_whatever_the_ladders_and_research() -> None:
    """The best choices are kept by counts, research kinds and ladders: holdings that
    differ in any of these must not share an answer."""
    rng = random.Random(11)
    treasures = [f"{kind}-{copy}" for kind in TREASURE_TYPES[:4] for copy in range(1, 4)]
    kinds = ("R4", "R5", "R6", "R7", "R11", "R1")
    ships = ("A1-1", "A2-1", "B3-1")
    for _trial in range(40):
        held = tuple(rng.sample(treasures, rng.randint(0, 6)))
        research = tuple(f"{rng.choice(kinds)}-{n}" for n in range(1, rng.randint(1, 4)))
        state = position(
            [(), ()],
            treasures=(held, ()),
            ships=(tuple(rng.sample(ships, rng.randint(0, 3))), ()),
            research=(research, ()),
        )
        # The same holdings under another data set's ladders, one type worth far more.
        rich = rng.choice(TREASURE_TYPES[:4])
        ladders = {
            kind: tuple(value * (10 if kind == rich else 1) for value in ladder)
            for kind, ladder in state.data.ladders.items()
        }
        other = replace(state, data=replace(state.data, ladders=ladders))
        for one in (state, other):
            assert score_now(one, 0).total == brute_best(one, 0), (held, research)


def test_the_plan_cache_is_bounded() -> None:
    assert _best_plan.cache_info().maxsize == PLAN_CACHE_SIZE


def test_a_preview_kept_on_a_state_is_not_carried_to_the_next() -> None:
    """The figures a preview keeps belong to its state: a state made from it (``replace``
    keeps no derived value) is previewed afresh."""
    command = PerformAction(0, "submarine", 1, ("G1",))
    state = position([("G1",), ()], treasure_display=("AMP-1",), ships=(("C5-1",), ()))
    first = preview(state, command)
    richer = replace(state, treasures=(("AMP-2", "AMP-3"), ()))
    second = preview(richer, command)
    assert isinstance(first, ActionPreview) and isinstance(second, ActionPreview)
    assert (first.score_before, second.score_before) == (0, score_now(richer, 0).total)
    assert second.score_after > first.score_after


@pytest.mark.parametrize(
    "options",
    [Options(), Options(hired_cards_seen_by_owner=True), Options(open_hands=True)],
)
def test_a_view_shows_the_hands_and_hired_cards_sees_hand_and_sees_hired_allow(
    options: Options,
) -> None:
    """L4, T5.5: ``view_for`` blanks exactly what ``sees_hand`` and ``sees_hired`` deny,
    for every seat and for a viewer holding no hand."""
    for state in states_of_a_game(6, 3, options)[::4]:
        for seat in (NO_SEAT, 0, 1, 2):
            view = view_for(state, seat).state
            for player in range(3):
                hand, hired = state.hands[player], state.hired[player]
                shown = sees_hand(state, seat, player)
                assert view.hands[player] == (hand if shown else ("",) * len(hand))
                shown = sees_hired(state, seat, player)
                assert view.hired[player] == (hired if shown else ("",) * len(hired))


def test_evolve_all_takes_the_state_decide_reached_only_for_its_own_events() -> None:
    """``decide`` remembers the state its events lead to; ``evolve_all`` takes it for the
    very events from the very state, and folds anything else."""
    for state in states_of_a_game(8, 3, Options())[::7]:
        for command in legal_commands(state)[:3] + legal_commands(state)[-1:]:
            events = ATLANTICA.decide(state, command)
            stepped = state
            for event in events:
                stepped = ATLANTICA.evolve(stepped, event)
            assert evolve_all(state, events) == stepped
            assert evolve_all(state, list(events)) == stepped
            other = replace(state, undos=state.undos + 5)  # not the state decided from
            assert evolve_all(other, events).undos == stepped.undos + 5
    state = states_of_a_game(8, 3, Options())[0]
    events = ATLANTICA.decide(state, Pass(state.current))
    ended = events[-1]
    assert isinstance(ended, TurnEnded) and ended.next_player is not None
    others = [*events[:-1], TurnEnded(ended.player, (ended.next_player + 1) % 3)]
    assert evolve_all(state, others).current == (ended.next_player + 1) % 3


def test_the_move_generator_pays_each_level_as_payments_card_by_card() -> None:
    """The generator's look-up of every level at once (by the hand's bits) gives each
    level the payments worked out card by card, in order."""
    rng = random.Random(9)
    deck = [f"{colour}{copy}" for colour in DIVER_COLOURS for copy in range(1, 14)]
    for _trial in range(150):
        hand = tuple(rng.sample(deck, rng.randint(0, 12)))
        state = with_options(position([hand, ()]), joker_only_when_needed=rng.random() < 0.5)
        if rng.random() < 0.3:
            state = replace(state, pair_used=True)
        listed: dict[tuple[str, int], list[object]] = {}
        for command in legal_commands(state):
            if isinstance(command, PerformAction):
                paid = listed.setdefault((command.location, command.level), [])
                if (command.cards, command.pair_slot) not in paid:
                    paid.append((command.cards, command.pair_slot))
        for location in LOCATIONS:
            for level in LEVELS:
                expected = slow_payments(hand, location, level, state)
                if action_refusal(state, location, level) is not None:
                    expected = []
                assert listed.get((location, level), []) == expected, (hand, location, level)
