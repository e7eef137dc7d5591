"""T1–T10 and L3: actions, payments, pairs, the four locations, passing, the end of a turn.

Each refusal is checked by its rule id, and the typical ones by the wording L3 gives.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from msgspec.structs import replace

from core.atlantica.cards import Pick
from core.atlantica.commands import ChooseScoring, EndTurn, Pass, PerformAction
from core.atlantica.decide import action_refusal, decide, round_sources
from core.atlantica.events import (
    DisplayRefilled,
    DiverCardsPlayed,
    DiverDeckReshuffled,
    DiversHired,
    HiredDiversJoinedHand,
    HurricaneDrawn,
    ShipChartered,
    TreasureTaken,
    TurnEnded,
    TurnPassed,
)
from core.atlantica.legal_commands import legal_commands
from core.atlantica.options import Options
from core.atlantica.payment import pair_refusal, payments, single_payment
from core.atlantica.scoring import crate_total
from core.atlantica.state import State
from core.atlantica.view import view_for
from core.kernel.errors import IllegalMove, NotYourTurn
from tests.atlantica.core.helpers import play, position, with_options

HAND = ("W1", "W2", "Y1", "Y2", "R1", "G1", "B1", "V1", "V2")


def refusal(state: State, command: object) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        decide(state, command)  # type: ignore[arg-type]
    return caught.value


def act(
    location: str,
    level: int,
    cards: tuple[str, ...],
    pair: int | None = None,
    picks: Sequence[Pick] = (),
) -> PerformAction:
    return PerformAction(0, location, level, cards, pair, tuple(picks))  # type: ignore[arg-type]


def test_T1_turns_go_clockwise_from_the_start_player() -> None:
    state = position([HAND, HAND, HAND], players=("Ana", "Ben", "Cleo"), start=1)
    assert state.current == 1
    state, events = play(state, Pass(1))
    assert events[-1] == TurnEnded(1, 2)
    state, _events = play(state, Pass(2))
    assert state.current == 0


def test_T_a_command_from_another_seat_is_refused() -> None:
    state = position([HAND, HAND])
    with pytest.raises(NotYourTurn):
        decide(state, Pass(1))
    with pytest.raises(NotYourTurn):
        decide(state, Pass(7))


def test_T2_T2_1_up_to_three_actions_at_different_locations() -> None:
    state = position([HAND, HAND])
    state, _e = play(state, act("submarine", 1, ("G1",)))
    state, _e = play(state, act("port", 1, ("W1",)))
    state, _e = play(state, act("research", 1, ("B1",)))
    assert state.acted == ("submarine", "port", "research")
    assert refusal(state, act("bistro", 1, ("Y1",))).rule == "T2.1"
    assert legal_commands(state) == [EndTurn(0)]


def test_T2_2_one_action_per_location_even_with_a_pair() -> None:
    state = position([("W1", "W2", "R1", "Y1", "Y2"), HAND])
    state, _e = play(state, act("port", 1, ("W1",)))
    error = refusal(state, act("port", 1, ("R1",)))
    assert str(error) == "T2.2: you already acted at the port this turn"
    error = refusal(state, act("port", 1, ("Y1", "Y2"), pair=0))
    assert error.rule == "T2.2"


def test_T2_2_cards_of_the_round_are_no_action_at_their_locations() -> None:
    state = position([("Y1", "W1", "R1", "G1"), HAND])
    picks = (Pick("treasure", 1), Pick("research", 2))
    state, events = play(state, act("bistro", 3, ("Y1", "W1", "R1"), picks=picks))
    assert state.acted == ("bistro",)
    assert {type(e) for e in events} == {DiverCardsPlayed, TreasureTaken, type(events[-1])}
    refused = action_refusal(state, "submarine", 1)
    assert refused is not None and refused.rule == "T2.4"  # the slots, not the location


def test_T2_3_one_card_per_slot_of_a_colour_it_accepts() -> None:
    state = position([HAND, HAND])
    assert str(refusal(state, act("port", 2, ("W1", "Y1")))).startswith("T2.3: slot 2 takes G|B")
    assert refusal(state, act("port", 1, ("W1", "W2"))).rule == "T2.3"  # no extra cards
    assert refusal(state, act("port", 1, ("W9",))).rule == "T2.3"  # not in hand
    assert refusal(state, act("port", 1, ())).rule == "T2.3"
    assert refusal(state, act("port", 4, ("W1",))).rule == "T2.3"


def test_T2_4_three_slots_per_turn() -> None:
    state = position([HAND, HAND])
    state, _e = play(state, act("port", 2, ("W1", "G1")))
    error = refusal(state, act("research", 2, ("B1", "Y1")))
    assert str(error).startswith("T2.4: a turn fills at most 3 slots")


def test_T2_5_the_pair_example_of_the_rules() -> None:
    state = position([("W1", "Y1", "Y2"), HAND])
    state, events = play(state, act("port", 2, ("W1", "Y1", "Y2"), pair=1))
    assert events[0] == DiverCardsPlayed(0, "port", 2, ("W1", "Y1", "Y2"), 1)
    assert state.pair_used and state.slots_used == 2
    other = position([("W1", "G1", "Y1", "Y2"), HAND])
    error = refusal(other, act("port", 2, ("W1", "Y1", "Y2"), pair=1))
    assert str(error) == "T2.5: you can pay this level without a pair"


def test_T2_5_one_pair_per_turn_and_four_cards_at_most() -> None:
    state = position([("Y1", "W1", "W2", "R1", "B1", "B2"), HAND])
    pay = act("submarine", 2, ("Y1", "W1", "W2"), pair=1, picks=[Pick("treasure", 1)])
    state, _e = play(state, pay)
    pair = pair_refusal(state, "research", 1)
    assert pair is not None and str(pair) == "T2.5: only one pair per turn"
    assert refusal(state, act("research", 1, ("B1", "B2"), pair=0)).rule == "T2.5"
    state, _e = play(state, act("port", 1, ("R1",)))
    assert len(state.discard) == 4  # a pair counts as one slot: 3 slots, 4 cards


def test_T2_5_a_pair_is_one_colour_and_any_colour() -> None:
    state = position([("W1", "Y1", "G1"), HAND])
    assert refusal(state, act("port", 2, ("W1", "Y1", "G1"), pair=1)).rule == "T2.5"
    assert refusal(state, act("port", 2, ("W1", "Y1", "Y1"), pair=5)).rule in {"T2.3", "T2.5"}


def test_joker_only_when_needed_off_allows_a_pair_any_time() -> None:
    state = position(
        [("W1", "G1", "Y1", "Y2"), HAND], options=Options(joker_only_when_needed=False)
    )
    state, _e = play(state, act("port", 2, ("W1", "Y1", "Y2"), pair=1))
    assert state.pair_used


def test_T2_6_played_cards_go_to_the_discard_pile_before_the_effect() -> None:
    state = position([("Y1", "W1"), HAND], divers=(), discard=())
    state, events = play(state, act("bistro", 1, ("Y1",)))
    assert isinstance(events[0], DiverCardsPlayed)
    assert isinstance(events[1], DiverDeckReshuffled) and events[1].order == ("Y1",)
    assert events[2] == DiversHired(0, ("Y1",), 1)  # T5.6: the card just played comes back


def test_T2_7_a_turn_is_actions_or_a_pass() -> None:
    state = position([HAND, HAND])
    assert str(refusal(state, EndTurn(0))).startswith("T2.7")
    state, _e = play(state, act("port", 1, ("W1",)))
    assert str(refusal(state, Pass(0))) == "T2.7: you have already acted, you cannot pass"
    assert EndTurn(0) in legal_commands(state) and Pass(0) not in legal_commands(state)


def test_T2_8_an_action_must_take_a_card() -> None:
    state = position([HAND, HAND], treasure_display=("", "GLD-1"))
    assert str(refusal(state, act("submarine", 1, ("G1",)))) == "T2.8: treasure space 1 is empty"
    error = refusal(state, act("submarine", 2, ("G1", "V1"), picks=[]))
    assert error.rule == "T2.8"
    empty = position([HAND, HAND], treasure_display=())
    refused = action_refusal(empty, "submarine", 3)
    assert refused is not None and refused.rule == "T2.8"


def test_T3_T3_1_T3_4_the_submarine_takes_space_1_without_crates() -> None:
    state = position([HAND, HAND])
    state, events = play(state, act("submarine", 1, ("Y1",)))
    assert events[1] == TreasureTaken(0, (1,), ("ARC-1",))
    assert state.treasures[0] == ("ARC-1",) and crate_total(state, 0) == 0


def test_T3_2_up_to_two_of_spaces_1_to_3() -> None:
    state = position([HAND, HAND])
    two = act("submarine", 2, ("G1", "V1"), picks=[Pick("treasure", 1), Pick("treasure", 3)])
    state2, _e = play(state, two)
    assert state2.treasures[0] == ("ARC-1", "GLD-1")
    one = act("submarine", 2, ("G1", "V1"), picks=[Pick("treasure", 2)])
    assert play(state, one)[0].treasures[0] == ("TER-1",)  # "up to" (T2.8)
    far = act("submarine", 2, ("G1", "V1"), picks=[Pick("treasure", 4)])
    assert refusal(state, far).rule == "T3.2"


def test_T3_3_up_to_three_of_spaces_1_to_6() -> None:
    state = position([HAND, HAND])
    picks = [Pick("treasure", 6), Pick("treasure", 4), Pick("treasure", 5)]
    state2, _e = play(state, act("submarine", 3, ("Y1", "V1", "W1"), picks=picks))
    assert state2.treasures[0] == ("STA-1", "AMP-1", "EPI-1")
    four = [*picks, Pick("treasure", 1)]
    assert refusal(state, act("submarine", 3, ("Y1", "V1", "W1"), picks=four)).rule == "T3.3"


def test_T3_5_an_emptied_space_stays_empty_until_the_end_of_the_turn() -> None:
    state = position([HAND, HAND])
    state, _e = play(state, act("submarine", 1, ("Y1",)))
    assert state.treasure_display[0] == ""
    state = position([("Y1", "W1", "R1", "V1"), HAND])
    picks = (Pick("treasure", 1), Pick("ship", 1))
    state, _e = play(state, act("bistro", 3, ("Y1", "W1", "R1"), picks=picks))
    assert state.treasure_display[0] == ""
    state, events = play(state, EndTurn(0))
    refill = next(e for e in events if isinstance(e, DisplayRefilled))
    assert refill.display == "treasure" and refill.shifts[0].target == 1


def test_T4_T4_1_T4_2_T4_3_each_level_its_own_pile() -> None:
    for level, cards in ((1, ("W1",)), (2, ("W1", "G1")), (3, ("W1", "G1", "V1"))):
        state = position([HAND, HAND])
        top = state.ship_piles[level - 1][0]
        after, events = play(state, act("port", level, cards))
        assert isinstance(events[1], ShipChartered) and events[1].card == top
        assert events[1].pile == "ABC"[level - 1]
        assert after.ships[0] == (top,)


def test_T4_4_an_empty_pile_makes_its_level_illegal_the_next_card_shows() -> None:
    state = position([HAND, HAND], ship_piles=(("A1-1", "A2-1"), (), ()))
    assert str(refusal(state, act("port", 3, ("W1", "G1", "V1")))) == "T4.4: pile C is empty"
    state, events = play(state, act("port", 1, ("W1",)))
    assert events[1] == ShipChartered(0, "A", "A1-1", "A2-1")
    assert view_for(state, 1).ship_tops == ("A2-1", "", "")


def test_T4_5_every_crate_in_one_pool() -> None:
    state = position([HAND, HAND], ships=(("A3-1", "B4-1"), ()))
    assert crate_total(state, 0) == 7


def test_T5_T5_1_T5_2_hire_three_or_six_face_down() -> None:
    draw = ("G2", "G3", "G4", "G5", "G6", "G7", "G8")
    state = position([HAND, HAND], divers=draw)
    one, events = play(state, act("bistro", 1, ("Y1",)))
    assert events[1] == DiversHired(0, draw[:3], 3)
    assert one.hired[0] == draw[:3] and "G2" not in one.hands[0]
    _two, events = play(state, act("bistro", 2, ("Y1", "W1")))
    assert events[1] == DiversHired(0, draw[:6], 6)


def test_T5_3_T5_4_the_round_takes_two_from_two_locations() -> None:
    state = position([("Y1", "W1", "R1"), HAND])
    same = (Pick("treasure", 1), Pick("treasure", 2))
    error = refusal(state, act("bistro", 3, ("Y1", "W1", "R1"), picks=same))
    assert str(error) == "T5.4: both cards come from the submarine"
    top = state.ship_piles[2][0]
    picks = (Pick("ship", 3), Pick("research", 4))
    after, events = play(state, act("bistro", 3, ("Y1", "W1", "R1"), picks=picks))
    assert after.ships[0] == (top,) and after.research[0] == ("R4-1",)
    assert all(getattr(e, "via", "round") == "round" for e in events[1:3])
    # T5.4: the round never draws divers (no source of that place is offered).
    assert {pick.place for pick in round_sources(state)} <= {"treasure", "ship", "research"}


def test_S1_6_round_spaces_marked_restricts_the_round() -> None:
    # A data set that marks a space (the shipped one marks none, which V1 refuses).
    state = position([("Y1", "W1", "R1"), HAND])
    state = replace(state, data=replace(state.data, round_spaces=(Pick("treasure", 2),)))
    state = with_options(state, round_spaces="marked")
    assert round_sources(state) == [Pick("treasure", 2)]
    error = refusal(state, act("bistro", 3, ("Y1", "W1", "R1"), picks=[Pick("treasure", 1)]))
    assert error.rule == "S1.6"
    every = with_options(state, round_spaces="every")
    assert len(round_sources(every)) == 6 + 3 + 4


def test_T5_5_hired_cards_wait_face_down_until_the_end_of_the_turn() -> None:
    draw = ("W5", "W6", "W7")
    state = position([("Y1", "G1"), HAND], divers=draw)
    state, _e = play(state, act("bistro", 1, ("Y1",)))
    assert refusal(state, act("port", 1, ("W5",))).rule == "T2.3"  # not in the hand
    assert view_for(state, 0).state.hired[0] == ("", "", "")  # nobody looks, owner included
    assert view_for(state, 0).hired_counts == (3, 0)
    seen = position(
        [("Y1", "G1"), HAND], divers=draw, options=Options(hired_cards_seen_by_owner=True)
    )
    seen, _e = play(seen, act("bistro", 1, ("Y1",)))
    assert view_for(seen, 0).state.hired[0] == draw
    assert view_for(seen, 1).state.hired[0] == ("", "", "")
    state, events = play(state, EndTurn(0))
    assert events[0] == HiredDiversJoinedHand(0, draw, 3)  # T9.1
    assert set(draw) <= set(state.hands[0])


def test_T5_6_T7_diver_reshuffle_off_draws_what_is_left() -> None:
    options = Options(diver_reshuffle=False)
    state = position([("Y1", "Y2", "G1"), HAND], divers=("W5",), options=options)
    state, events = play(state, act("bistro", 1, ("Y1",)))
    assert events[1] == DiversHired(0, ("W5",), 1)
    empty = position([("Y1", "G1"), HAND], divers=(), options=options, discard=("R5",))
    assert str(refusal(empty, act("bistro", 1, ("Y1",)))) == "T5.6: the diver draw pile is empty"


def test_T7_the_discard_pile_becomes_the_new_draw_pile() -> None:
    state = position([("Y1", "G1"), HAND], divers=("W5",), discard=("R5", "R6"))
    state, events = play(state, act("bistro", 1, ("Y1",)))
    shuffled = events[1]
    assert isinstance(shuffled, DiverDeckReshuffled)
    assert sorted(shuffled.order) == ["R5", "R6", "Y1"]
    assert events[2].cards[0] == "W5"  # type: ignore[union-attr]  # what was left comes first
    assert state.discard == () and len(state.hired[0]) == 3


def test_T6_T6_1_T6_2_T6_3_T6_4_the_research_centre() -> None:
    state = position([HAND, HAND], research=(("R1-2",), ()))
    one, _e = play(state, act("research", 1, ("B1",)))
    assert one.research[0] == ("R1-2", "R1-1")  # T6.4: copies of a kind are fine
    two, _e = play(state, act("research", 2, ("R1", "Y1"), picks=[Pick("research", 3)]))
    assert two.research[0][-1] == "R3-1"
    error = refusal(
        state, act("research", 2, ("R1", "Y1"), picks=[Pick("research", 3), Pick("research", 4)])
    )
    assert error.rule == "T6.2"
    three, _e = play(
        state,
        act("research", 3, ("R1", "Y1", "G1"), picks=[Pick("research", 2), Pick("research", 4)]),
    )
    assert three.research[0][-2:] == ("R2-1", "R4-1")
    empty = position([HAND, HAND], research_display=("", "R2-1"))
    assert str(refusal(empty, act("research", 1, ("B1",)))) == "T2.8: research space 1 is empty"


def test_T8_a_pass_draws_five_into_the_hand_and_ends_the_turn() -> None:
    draw = ("W5", "W6", "W7", "W8", "W9", "W10")
    state = position([HAND, HAND], divers=draw)
    state, events = play(state, Pass(0))
    assert events[0] == TurnPassed(0, draw[:5], 5)
    assert state.hands[0][-5:] == draw[:5] and state.current == 1


def test_T10_hands_have_no_limit() -> None:
    state = position([HAND * 1, HAND])
    for _round in range(6):
        state, _e = play(state, Pass(state.current))
    assert len(state.hands[0]) == len(HAND) + 15


def test_T9_T9_2_T9_3_shift_left_then_refill_from_the_main_pile() -> None:
    state = position(
        [HAND, HAND],
        main=("TER-2", "TER-3"),
        research_pile=("R5-1",),
    )
    picks = [Pick("treasure", 2), Pick("treasure", 4)]
    state, _e = play(state, act("submarine", 2, ("G1", "V1"), picks=picks[:1]))
    state, _e = play(state, act("research", 1, ("B1",)))
    state, events = play(state, EndTurn(0))
    treasure = next(e for e in events if isinstance(e, DisplayRefilled) and e.display == "treasure")
    assert [(s.source, s.target) for s in treasure.shifts] == [(3, 2), (4, 3), (5, 4), (6, 5)]
    assert [(d.card, d.pile, d.space) for d in treasure.draws] == [("TER-2", "treasures", 6)]
    assert state.treasure_display == ("ARC-1", "GLD-1", "AMP-1", "EPI-1", "STA-1", "TER-2")
    assert state.research_display == ("R2-1", "R3-1", "R4-1", "R5-1")


def test_T9_2_T9_4_E1_1_the_hurricane_pile_partway_and_past_the_hurricane() -> None:
    state = position(
        [HAND, HAND, HAND],
        players=("Ana", "Ben", "Cleo"),
        main=("TER-2",),
        hurricane=("TER-3", "H", "TER-4"),
    )
    picks = [Pick("treasure", 1), Pick("treasure", 2), Pick("treasure", 3)]
    state, _e = play(state, act("submarine", 3, ("Y1", "V1", "W1"), picks=picks))
    state, events = play(state, EndTurn(0))
    treasure = next(e for e in events if isinstance(e, DisplayRefilled))
    assert [(d.card, d.pile, d.space) for d in treasure.draws] == [
        ("TER-2", "treasures", 4),
        ("TER-3", "hurricane", 5),
        ("H", "hurricane", 0),
        ("TER-4", "hurricane", 6),
    ]
    assert HurricaneDrawn(0, (1, 2, 0)) in events
    assert state.hurricane_holder == 0 and state.final_turns == (1, 2, 0)
    assert events[-1] == TurnEnded(0, 1)  # T9.5


def test_E1_1_E1_2_two_players_the_opponent_then_the_drawer_then_scoring() -> None:
    state = position([HAND, HAND], main=(), hurricane=("H",))
    state, events = play(state, act("submarine", 1, ("Y1",)))
    state, events = play(state, EndTurn(0))
    assert state.final_turns == (1, 0)
    state, events = play(state, Pass(1))
    assert not state.is_over and state.current == 0
    state, events = play(state, Pass(0))
    assert TurnEnded(0, None) in events
    assert state.is_over and state.end_reason == "hurricane"


def test_E2_a_round_of_passes_drawing_nothing_ends_the_game() -> None:
    state = position([HAND, HAND], divers=(), options=Options(diver_reshuffle=False))
    state, _e = play(state, Pass(0))
    assert not state.is_over and state.quiet_passes == 1
    state, _events = play(state, Pass(1))
    assert state.is_over and state.end_reason == "endless-passing"
    drawing = position([HAND, HAND], divers=("W5",) * 0 + ("W5", "W6"))
    drawing, _e = play(drawing, Pass(0))
    assert drawing.quiet_passes == 0


def test_L3_commands_after_the_end_and_scoring_choices_out_of_turn() -> None:
    state = position([HAND, HAND], divers=(), options=Options(diver_reshuffle=False))
    state, _e = play(state, Pass(0))
    state, _e = play(state, Pass(1))
    assert refusal(state, Pass(0)).rule == "E1"
    playing = position([HAND, HAND])
    assert refusal(playing, ChooseScoring(0)).rule == "E3"


def test_payments_are_listed_by_colour_lowest_copy_first() -> None:
    state = position([("W10", "W2", "R3", "G1", "B4", "B1"), HAND])
    found = payments(state, "port", 2)
    assert found == [
        (("W2", "G1"), None),
        (("W2", "B1"), None),
        (("R3", "G1"), None),
        (("R3", "B1"), None),
    ]
    assert single_payment(("Y1", "Y2"), (("W", "R"),)) is None
    needy = position([("W1", "Y1", "Y2"), HAND])
    assert payments(needy, "port", 2) == [(("W1", "Y1", "Y2"), 1)]
