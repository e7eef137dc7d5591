"""S1.3 and E3–E7, with the rulebook's worked examples X1–X6 and the scoring choices."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from core.atlantica.commands import ChooseScoring, Pass
from core.atlantica.data import default_data
from core.atlantica.decide import decide
from core.atlantica.events import (
    AnyEvent,
    GameScored,
    ResearchChoicesMade,
    TreasuresReleased,
)
from core.atlantica.game_type import ATLANTICA
from core.atlantica.legal_commands import legal_commands
from core.atlantica.options import Options
from core.atlantica.scoring import (
    best_choices,
    final_scores,
    points,
    score_for,
    score_now,
    score_with_crates,
    winners,
)
from core.atlantica.state import State
from core.kernel.errors import IllegalMove
from tests.atlantica.core.helpers import play, position

LADDERS = default_data().ladders
MAJA = (("AMP-1", "AMP-2", "AMP-3", "GLD-1", "GLD-2", "GLD-3", "GLD-4", "EPI-1", "ARC-1"),)
ANDREA = ("ARM-1", "ARC-2", "ARC-3", "ARC-4", "ARC-5", "ARC-6", "TER-1", "TER-2", "TER-3", "TER-4")
CHRISTIAN = (
    "ARM-2",
    "ARM-3",
    "EPI-2",
    "EPI-3",
    "EPI-4",
    "GLD-5",
    "TER-5",
    "TER-6",
    "TER-7",
    "STA-1",
    "STA-2",
    "STA-3",
    "STA-4",
    "AMP-4",
    "AMP-5",
)
RULEBOOK_CHRISTIAN_TOTAL = 55
"""X3: the total the rulebook prints, a misprint: its items add up to 55 before R4."""


def example() -> State:
    """The rulebook's 3-player scoring example (X1 Maja, X2 Andréa, X3 Christian)."""
    return position(
        [(), (), ()],
        players=("Maja", "Andréa", "Christian"),
        treasure_display=(),
        research_display=(),
        treasures=(MAJA[0], ANDREA, CHRISTIAN),
        ships=(("A3-1", "B4-1"), ("A2-1", "B4-2", "C4-1"), ("B5-1", "C5-1", "C5-2")),
        research=(
            ("R1-1", "R2-1", "R3-1", "R9-1", "R6-1"),
            ("R2-2", "R3-2", "R7-1", "R4-1"),
            ("R4-2",),
        ),
    )


def test_S1_3_points_restart_after_a_complete_ladder() -> None:
    assert points((1, 3, 6), 0) == 0
    assert points((1, 3, 6), 7) == 6 + 6 + 1
    assert points(LADDERS["ARC"], 5) == 13


def test_X4_amphorae_ladder() -> None:
    assert [points(LADDERS["AMP"], n) for n in range(1, 6)] == [2, 5, 10, 16, 18]


def test_X5_inscriptions_ladder() -> None:
    assert points(LADDERS["EPI"], 1) == 0 and points(LADDERS["EPI"], 2) == 6


def test_X6_statues_ladder() -> None:
    assert points(LADDERS["STA"], 4) == 18 == 15 + 3


def test_X1_maja_40_with_the_only_best_release() -> None:
    state = example()
    choices = best_choices(state, 0)
    assert sorted(choices.releases) == ["ARC-1", "EPI-1"]
    assert choices.r6_types == ("GLD",)
    score = score_now(state, 0)
    assert score.total == 40 and score.research_points == 15
    assert {item.type: item.points for item in score.treasures} == {"AMP": 10, "GLD": 15}
    assert score.tiebreak == 7
    worse = score_for(state, 0, ("EPI-1", "AMP-3"), ("GLD",), ())
    assert worse.total == 36


def test_X2_andrea_50_nothing_released() -> None:
    score = score_now(example(), 1)
    assert score.released == ()
    assert {item.type: item.points for item in score.treasures} == {"ARC": 13, "TER": 16, "ARM": 4}
    assert score.research_points == 17 and score.total == 50


def test_X3_christian_items_and_60_the_rulebooks_55_a_misprint() -> None:
    score = score_now(example(), 2)
    assert {item.type: item.points for item in score.treasures} == {
        "ARM": 9,
        "EPI": 12,
        "GLD": 1,
        "TER": 10,
        "STA": 18,
        "AMP": 5,
    }
    assert score.treasure_points == 55 == RULEBOOK_CHRISTIAN_TOTAL
    assert score.research_points == 5
    assert score.total == 60 != RULEBOOK_CHRISTIAN_TOTAL  # E6: research comes on top


def test_X1_X3_christian_wins() -> None:
    state = example()
    scores = tuple(score_now(state, seat) for seat in range(3))
    assert [score.total for score in scores] == [40, 50, 60]
    assert winners(scores) == ((2,), "")


def test_E3_release_exactly_the_excess_research_needs_no_crate() -> None:
    state = position(
        [(), ()],
        treasure_display=(),
        research_display=(),
        treasures=(("ARC-1", "ARC-2", "TER-1"), ()),
        ships=(("A1-1",), ()),
        research=(("R1-1", "R2-1"), ()),
    )
    choices = best_choices(state, 0)
    assert len(choices.releases) == 2
    assert score_now(state, 0).research_points == 5
    assert score_now(state, 1).total == 0


def test_E4_each_type_on_its_own_ladder() -> None:
    state = position(
        [(), ()],
        treasure_display=(),
        research_display=(),
        treasures=(("AMP-1", "AMP-2", "STA-1"), ()),
        ships=(("C5-1",), ()),
    )
    score = score_now(state, 0)
    assert score.treasure_points == 5 + 3


def test_E5_E5_1_copies_score_twice() -> None:
    state = position(
        [(), ()],
        treasure_display=(),
        research_display=(),
        treasures=(("ARC-1", "TER-1", "GLD-1"), ()),
        ships=(("C5-1",), ()),
        research=(("R4-1", "R4-2", "R5-1"), ()),
    )
    score = score_now(state, 0)
    assert [item.points for item in score.research] == [5, 5, 0]


def test_E5_2_research_kinds() -> None:
    state = position(
        [(), ()],
        treasure_display=(),
        research_display=(),
        treasures=(("ARC-1", "ARC-2", "TER-1"), ()),
        ships=(("C5-1", "B5-1", "A3-1"), ()),
        research=(("R6-1", "R6-2", "R7-1", "R8-1", "R9-1", "R10-1", "R11-1"), ()),
    )
    score = score_for(state, 0, (), ("ARC", "TER"), ("ARC",))
    values = {item.card: item.points for item in score.research}
    assert values["R6-1"] == 3 and values["R6-2"] == 1  # each copy its own type, wild counted
    assert values["R7-1"] == 3  # the wild joins blue
    assert values["R8-1"] == 7  # every research card, R11 included
    assert values["R9-1"] == 3 and values["R10-1"] == 6  # 13 crates
    assert values["R11-1"] == 0  # it scores through its type (E4)
    assert {item.type: item.cards for item in score.treasures} == {"ARC": 3, "TER": 1}


def test_E5_3_the_wild_treasure_needs_a_real_card_and_adds_no_colour() -> None:
    state = position(
        [(), ()],
        treasure_display=(),
        research_display=(),
        treasures=(("ARC-1", "TER-1"), ()),
        ships=(("C5-1",), ()),
        research=(("R11-1", "R4-1"), ()),
    )
    on_missing = score_for(state, 0, (), (), ("GLD",))
    assert on_missing.treasure_points == 1 + 2  # worth nothing on a type not kept
    best = score_now(state, 0)
    assert best.treasure_points in (3 + 2, 1 + 5)
    assert [item.points for item in best.research if item.card == "R4-1"] == [0]  # 2 colours
    assert best.tiebreak == 2  # not a treasure card (E7)
    alone = position([(), ()], treasure_display=(), research_display=(), research=(("R11-1",), ()))
    assert score_now(alone, 0).total == 0


def test_E5_4_E6_divers_hired_cards_and_the_hurricane_are_worth_nothing() -> None:
    state = position([("W1", "W2", "Y1"), ()], treasure_display=(), research_display=())
    assert score_now(state, 0).total == 0


def _tied() -> State:
    return position(
        [(), ()],
        treasure_display=(),
        research_display=(),
        treasures=(("EPI-1", "ARC-1", "ARC-2"), ("ARC-3", "ARC-4")),
        ships=(("A1-1",), ("A2-1",)),
        research=(("R2-1",), ()),
    )


def test_E7_ties_go_to_the_most_kept_treasure_cards_then_are_shared() -> None:
    state = _tied()
    scores = tuple(score_now(state, seat) for seat in range(2))
    assert [score.total for score in scores] == [4, 3]
    equal = position(
        [(), ()],
        treasure_display=(),
        research_display=(),
        treasures=(("AMP-1",), ("AMP-2",)),
        ships=(("A1-1",), ("A1-2",)),
    )
    scores = tuple(score_now(equal, seat) for seat in range(2))
    assert winners(scores) == ((0, 1), "")  # still tied: shared


def test_tiebreak_count_kept_or_collected() -> None:
    common = {"treasure_display": (), "research_display": ()}
    kept = position(
        [(), ()],
        **common,  # type: ignore[arg-type]
        treasures=(("AMP-1", "AMP-2", "EPI-1"), ("AMP-3", "AMP-4")),
        ships=(("A2-1",), ("A2-2",)),
    )
    scores = tuple(score_now(kept, seat) for seat in range(2))
    assert [s.total for s in scores] == [5, 5]
    assert winners(scores) == ((0, 1), "")
    collected = position(
        [(), ()],
        **common,  # type: ignore[arg-type]
        treasures=(("AMP-1", "AMP-2", "EPI-1"), ("AMP-3", "AMP-4")),
        ships=(("A2-1",), ("A2-2",)),
        options=Options(tiebreak_count="collected"),
    )
    scores = tuple(score_now(collected, seat) for seat in range(2))
    assert winners(scores) == ((0,), "E7")


def ended(options: Options) -> State:
    """Two quiet passes end the game (E2) with choices to make."""
    state = position(
        [(), ()],
        treasure_display=(),
        research_display=(),
        treasures=(("ARC-1", "TER-1", "AMP-1"), ("GLD-1", "GLD-2")),
        ships=(("A1-1",), ("A2-1",)),
        research=(("R6-1",), ("R11-1",)),
        divers=(),
        main=(),
        hurricane=(),
        research_pile=(),
        options=options,
    )
    state, _e = play(state, Pass(0))
    state, _e = play(state, Pass(1))
    return state


def test_final_choices_best_the_engine_chooses() -> None:
    state = ended(Options(diver_reshuffle=False))
    assert state.is_over
    assert state.released[0] and len(state.released[0]) == 2
    assert state.scores == final_scores(state)


def test_final_choices_ask_each_player_with_a_choice_in_seat_order() -> None:
    state = ended(Options(diver_reshuffle=False, final_choices="ask"))
    assert state.phase == "scoring" and state.to_act == 0
    commands = legal_commands(state)
    assert commands and all(isinstance(c, ChooseScoring) for c in commands)
    with pytest.raises(IllegalMove) as caught:
        decide(state, ChooseScoring(0, ("ARC-1",), ("ARC",)))
    assert caught.value.rule == "E3"
    with pytest.raises(IllegalMove) as caught:
        decide(state, ChooseScoring(0, ("ARC-1", "TER-1"), ()))
    assert caught.value.rule == "E5.2"
    with pytest.raises(IllegalMove):
        decide(state, ChooseScoring(1))
    state, events = play(state, ChooseScoring(0, ("ARC-1", "TER-1"), ("AMP",)))
    assert events[0] == TreasuresReleased(0, ("ARC-1", "TER-1"))
    assert events[1] == ResearchChoicesMade(0, ("AMP",), ())
    assert events[2] == ResearchChoicesMade(1, (), ("GLD",))  # Ben has no real choice
    assert isinstance(events[-1], GameScored) and state.is_over
    assert state.scores[0].total == 2 + 1 and state.scores[1].total == 9


def test_final_choices_ask_refuses_a_wild_type_not_kept() -> None:
    state = position(
        [(), ()],
        treasure_display=(),
        research_display=(),
        treasures=((), ("GLD-1", "TER-1")),
        ships=((), ("C5-1",)),
        research=((), ("R11-1",)),
        divers=(),
        main=(),
        hurricane=(),
        research_pile=(),
        options=Options(diver_reshuffle=False, final_choices="ask"),
    )
    state, _e = play(state, Pass(0))
    state, _e = play(state, Pass(1))
    assert state.to_act == 1
    with pytest.raises(IllegalMove) as caught:
        decide(state, ChooseScoring(1, (), (), ("ARC",)))
    assert caught.value.rule == "E5.3"


def _keeps_nothing(options: Options, treasures: tuple[str, ...]) -> tuple[State, list[AnyEvent]]:
    """Ben holds ``treasures`` and a wild treasure but no ship: he keeps no treasure.
    Two quiet passes end the game (E2): the state after, and the second pass's events."""
    state = position(
        [(), ()],
        treasure_display=(),
        research_display=(),
        treasures=(("ARC-1",), treasures),
        ships=(("C5-1",), ()),
        research=((), ("R11-1",)),
        divers=(),
        main=(),
        hurricane=(),
        research_pile=(),
        options=replace(options, diver_reshuffle=False),
    )
    state, _e = play(state, Pass(0))
    return play(state, Pass(1))


@pytest.mark.parametrize("treasures", [("GLD-1", "GLD-2"), ()], ids=["released", "none"])
def test_E5_3_a_wild_treasure_with_nothing_kept_is_recorded_without_a_type(
    treasures: tuple[str, ...],
) -> None:
    before = position(
        [(), ()],
        treasure_display=(),
        research_display=(),
        treasures=((), treasures),
        research=((), ("R11-1",)),
    )
    assert best_choices(before, 1).r11_types == ()
    state, events = _keeps_nothing(Options(), treasures)
    assert state.is_over
    assert state.r11_types[1] == ()
    assert ResearchChoicesMade(1, (), ()) in events
    assert [item.points for item in state.scores[1].research] == [0]
    assert state.scores[1].total == 0


def test_E5_3_with_ask_a_player_keeping_nothing_names_no_wild_type() -> None:
    state, _e = _keeps_nothing(Options(final_choices="ask"), ("GLD-1", "TER-2"))
    assert state.phase == "scoring" and state.to_act == 1
    commands = legal_commands(state)
    assert commands and all(isinstance(c, ChooseScoring) for c in commands)
    assert all(c.r11_types == () for c in commands if isinstance(c, ChooseScoring))
    with pytest.raises(IllegalMove) as caught:
        decide(state, ChooseScoring(1, ("GLD-1", "TER-2"), (), ("GLD",)))
    assert caught.value.rule == "E5.3"
    state, events = play(state, ChooseScoring(1, ("GLD-1", "TER-2"), (), ()))
    assert ResearchChoicesMade(1, (), ()) in events
    assert state.is_over and state.scores[1].total == 0


def test_result_of_a_game_in_progress_and_finished() -> None:
    result = ATLANTICA.result(example())
    assert result.scores == (40, 50, 60) and result.winners == (2,) and result.ranks == (3, 2, 1)
    finished = ended(Options(diver_reshuffle=False))
    assert ATLANTICA.result(finished).winners == finished.winners


def test_E3_the_score_with_crates_keeps_every_treasure() -> None:
    """Three amphorae and a gold piece on one crate: now the best one is kept (E3, 2
    points); with a crate for each, all four score (10 + 1)."""
    state = position(
        [(), ()],
        treasures=[("AMP-1", "AMP-2", "AMP-3", "GLD-1"), ()],
        ships=[("A1-1",), ()],
    )
    assert score_now(state, 0).total == LADDERS["AMP"][0]
    crated = score_with_crates(state, 0)
    assert crated.released == ()
    assert crated.total == LADDERS["AMP"][2] + LADDERS["GLD"][0]
    assert score_with_crates(state, 1).total == score_now(state, 1).total == 0


def test_E3_the_score_with_crates_equals_the_score_when_the_crates_suffice() -> None:
    state = example()
    for seat in range(3):
        if not score_now(state, seat).released:
            assert score_with_crates(state, seat).total == score_now(state, seat).total
        else:
            assert score_with_crates(state, seat).total > score_now(state, seat).total
