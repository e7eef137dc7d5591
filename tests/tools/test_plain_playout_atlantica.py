"""The plain-Python Atlantica playout (``tools/plain_playouts/atlantica.py``): it deals
the benchmark's table, plays whole games fast, lists the payments of T2.5 and scores
the rulebook's examples (X1–X3) as the spec does."""

from __future__ import annotations

import random
import statistics
import time

from tools.plain_playouts import atlantica as plain

GAMES = 20
LEAST_TURNS = 19
"""Fewest turns a 5-seat game can take: its 41 treasures left in the main pile after the
display (S7) go at most 3 a turn (T2.4), then the hurricane gives 5 last turns (E1.1)."""


def _hand(colours: str) -> list[int]:
    return [colours.count(colour) for colour in plain.COLOURS]


def test_setups_deal_the_counts_of_s7_for_five_seats() -> None:
    """X7: 5 seats, no treasure boxed, 10 + hurricane, 41 in the main pile, 53 divers."""
    (setup,) = plain.setups(1, seed=4)
    assert isinstance(setup, plain.Setup)
    assert [sum(hand) for hand in setup.hands] == [5] * 5
    assert len(setup.divers) == 53
    assert len(setup.hurricane) == 11 and plain.HURRICANE in setup.hurricane
    assert len(setup.main) == 41 and plain.EMPTY not in setup.treasure_display
    assert [len(pile) for pile in setup.ships] == [8, 8, 8]
    assert len(setup.research_pile) == 26


def test_twenty_games_end_with_a_sane_number_of_turns_fast() -> None:
    setups = plain.setups(GAMES, seed=1)
    rng = random.Random(2)
    start = time.process_time()
    turns = [plain.play(setup, rng) for setup in setups]
    elapsed = time.process_time() - start
    assert all(LEAST_TURNS <= count <= 400 for count in turns), turns
    # The engine's random bots average 84.7 turns (sd 10) at this table: 4 standard
    # errors of a 20-game mean either side.
    assert 76 <= statistics.fmean(turns) <= 94, turns
    assert elapsed < 3.0, f"{GAMES} games took {elapsed:.2f} s of CPU"


def test_a_game_is_reproducible_from_its_setup_and_generator() -> None:
    (setup,) = plain.setups(1, seed=9)
    first = plain.play_game(setup, random.Random(5))
    assert plain.play_game(setup, random.Random(5)) == first
    assert first.reason == "hurricane" and len(first.totals) == plain.SEATS


def test_a_pair_pays_only_a_slot_single_cards_cannot_fill() -> None:
    """T2.5's example: for T4.2 (W|R + G|B) a hand W Y Y pays W + pair Y Y; a hand
    W G Y Y pays W G, and no pair."""
    paid = plain.payments(plain.PORT, 2, _hand("WYY"), pair_allowed=True)
    assert paid == [(tuple(_hand("WYY")), True)]
    paid = plain.payments(plain.PORT, 2, _hand("WGYY"), pair_allowed=True)
    assert paid == [(tuple(_hand("WG")), False)]
    assert plain.payments(plain.PORT, 2, _hand("WYY"), pair_allowed=False) == []


def test_the_round_takes_one_or_two_cards_from_different_locations() -> None:
    """T5.3, T5.4: two treasure spaces, one ship pile and one research space hold a card:
    4 single takes and 5 pairs from different locations (never both treasures)."""
    treasures = [0, 2] + [plain.EMPTY] * 4
    research = [plain.EMPTY, 3, plain.EMPTY, plain.EMPTY]
    picks = plain.card_choices(plain.BISTRO, 3, treasures, [[], [4], []], research)
    assert len(picks) == 9
    assert all(len({place for place, _space in pick}) == len(pick) for pick in picks)


def test_after_the_hurricane_every_seat_plays_one_more_turn() -> None:
    """E1.1, T9.4: the hurricane comes up at the end of the first turn (nothing else is
    left to refill the empty treasure display with), then 5 more turns end the game."""
    (setup,) = plain.setups(1, seed=3)
    assert isinstance(setup, plain.Setup)
    storm = setup._replace(
        main=(), hurricane=(1, 2, plain.HURRICANE), treasure_display=(plain.EMPTY,) * 6
    )
    for seed in range(5):
        outcome = plain.play_game(storm, random.Random(seed))
        assert (outcome.turns, outcome.reason) == (6, "hurricane")


def _score(treasures: dict[str, int], crates: int, ships: int, research: list[str]) -> int:
    held = [treasures.get(name, 0) for name in plain.TYPES]
    kinds = [research.count(name) for name in plain.KINDS]
    return plain.best_total(held, crates, ships, kinds, plain.load_data().ladders)


def test_the_rulebook_scoring_examples() -> None:
    """X1 Maja 40 (2 released), X2 Andréa 50, X3 Christian 60 (the items add up to 60)."""
    maja = _score({"AMP": 3, "GLD": 4, "EPI": 1, "ARC": 1}, 7, 2, ["R1", "R2", "R3", "R9", "R6"])
    andrea = _score({"ARM": 1, "ARC": 5, "TER": 4}, 10, 3, ["R2", "R3", "R7", "R4"])
    christian = _score({"ARM": 2, "EPI": 3, "GLD": 1, "TER": 3, "STA": 4, "AMP": 2}, 15, 3, ["R4"])
    assert (maja, andrea, christian) == (40, 50, 60)


def test_a_wild_treasure_joins_a_kept_type_or_scores_nothing() -> None:
    """E5.3: R11 counts as one more card of a kept type; with nothing kept it scores 0."""
    assert _score({"AMP": 3}, 3, 1, ["R11"]) == 16
    assert _score({"AMP": 3}, 0, 0, ["R11"]) == 0
