"""S2–S7 and X7: players, the deal, the box, the hurricane pile, the displays, the piles."""

from __future__ import annotations

import pytest

from core.atlantica.cards import HURRICANE, ship_pile
from core.atlantica.events import GameStarted, Prepared
from core.atlantica.evolve import fold
from core.atlantica.options import Options
from core.atlantica.setup import new_game, prepared_game
from core.kernel.chance import secret_from_seed
from core.kernel.errors import IllegalMove

NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve")
S7 = {2: (26, 31, 15, 68), 3: (18, 39, 23, 63), 4: (9, 48, 32, 58), 5: (0, 57, 41, 53)}
"""Players: (box, in play, main pile after the display, diver draw pile)."""


@pytest.mark.parametrize("count", [2, 3, 4, 5])
def test_X7_S7_counts_after_setup(count: int) -> None:
    box, in_play, main, draw = S7[count]
    opening = new_game(NAMES[:count], Options(), secret_from_seed(count))[0]
    assert isinstance(opening, GameStarted)
    state = fold([opening])
    assert len(state.box) == box
    assert len(state.hurricane_pile) == 11 and HURRICANE in state.hurricane_pile  # S4.1
    treasures_in_play = (
        len(state.main_pile) + 10 + sum(1 for card in state.treasure_display if card)
    )
    assert treasures_in_play == in_play
    assert len(state.main_pile) == main
    assert len(state.divers) == draw
    assert all(len(hand) == 5 for hand in state.hands)
    assert all(len(pile) == 8 for pile in state.ship_piles)
    assert len(state.research_pile) == 26


def test_S2_two_to_five_named_players() -> None:
    with pytest.raises(IllegalMove) as caught:
        new_game(("Ana",))
    assert caught.value.rule == "S2"
    with pytest.raises(IllegalMove):
        new_game((*NAMES, "Finn"))
    with pytest.raises(IllegalMove):
        new_game(("Ana", " "))


def test_S2_start_player_seat_1_by_default_or_random_recorded() -> None:
    assert fold(new_game(NAMES[:4], Options(), "ab" * 32)).current == 0
    starts = {
        fold(new_game(NAMES[:4], Options(start_player="random"), secret_from_seed(seed))).current
        for seed in range(20)
    }
    assert len(starts) > 1
    opening = new_game(NAMES[:4], Options(start_player="random"), secret_from_seed(3))[0]
    assert fold([opening]).current == opening.start_player  # type: ignore[union-attr]


def test_S3_five_cards_each_seat_1_first_from_the_top() -> None:
    opening = new_game(NAMES[:3], Options(), secret_from_seed(1))[0]
    assert isinstance(opening, GameStarted)
    state = fold([opening])
    assert state.hands[0] == opening.divers[:5]
    assert state.hands[1] == opening.divers[5:10]
    assert state.divers == opening.divers[15:]
    assert state.discard == ()


def test_S4_S4_2_box_hurricane_main_pile_and_display() -> None:
    opening = new_game(NAMES[:2], Options(), secret_from_seed(2))[0]
    assert isinstance(opening, GameStarted)
    state = fold([opening])
    every = [*opening.box, *opening.hurricane, *opening.treasures]
    assert len(every) == 58 and len(set(every)) == 58
    assert state.treasure_display == opening.treasures[:6]  # S4.2: one each to 1…6
    assert state.main_pile == opening.treasures[6:]


def test_S5_ship_piles_sorted_shuffled_face_up() -> None:
    opening = new_game(NAMES[:2], Options(), secret_from_seed(5))[0]
    assert isinstance(opening, GameStarted)
    for pile, cards in zip("ABC", opening.ships, strict=True):
        assert {ship_pile(card) for card in cards} == {pile}
    sorted_pile = tuple(sorted(opening.ships[0]))
    orders = {new_game(NAMES[:2], Options(), secret_from_seed(s))[0].ships[0] for s in range(6)}  # type: ignore[union-attr]
    assert len(orders) > 1 and sorted_pile in {tuple(sorted(o)) for o in orders}


def test_S6_research_display_of_four() -> None:
    opening = new_game(NAMES[:2], Options(), secret_from_seed(6))[0]
    assert isinstance(opening, GameStarted)
    state = fold([opening])
    assert state.research_display == opening.research[:4]
    assert len(state.research_pile) == 26


def test_setup_is_deterministic_for_a_secret() -> None:
    first = new_game(NAMES[:3], Options(), secret_from_seed(9))
    assert first == new_game(NAMES[:3], Options(), secret_from_seed(9))
    assert first != new_game(NAMES[:3], Options(), secret_from_seed(10))


def test_a_prepared_game_lays_the_position_and_piles_the_rest() -> None:
    prepared = Prepared(
        hands=(("W1", "Y1"), ("G1",)),
        treasures=(("AMP-1",), ()),
        treasure_display=("ARC-1", "", "TER-1"),
        research_display=("R1-1",),
    )
    opening = prepared_game(("Ana", "Ben"), Options(), prepared)[0]
    assert isinstance(opening, GameStarted) and opening.prepared is not None
    state = fold([opening])
    assert state.hands == (("W1", "Y1"), ("G1",))
    assert state.treasures == (("AMP-1",), ())
    assert state.treasure_display == ("ARC-1", "", "TER-1", "", "", "")
    assert state.research_display == ("R1-1", "", "", "")
    assert len(state.divers) == 75 and state.hurricane_pile[-1] == HURRICANE
    assert len(state.main_pile) + 10 + 3 == 57
