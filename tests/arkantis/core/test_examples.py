"""The worked examples X1–X7 of RULES.md, replayed exactly."""

from __future__ import annotations

from core.arkantis.board import from_picture, reds, sets_of, to_picture
from core.arkantis.commands import EndTurn, Move, Pass, Remove
from core.arkantis.events import ActionResolved, ModifiedSet
from core.arkantis.options import Options
from core.arkantis.scoring import final_scores, winners
from core.arkantis.setup import board_after_rolls
from core.arkantis.state import State
from tests.arkantis.core.helpers import play, prepared, start

X1_PER_ROW = """
###### .
####.##
#.#####
##.####
#####.#
.######
#####.#
"""
X1_SNAKE = """
######.
#.##.##
##.####
#####.#
#.#####
######.
#######
"""
B0 = "##.##.# ##.##.# ..##..# ##.##.. ####### ...#### ####.#."
B1 = "##.##.# #..##.# ..##..# ##.##.. ####### ...#### ####.#."
B2 = "##.##.# #..##.# ..##..# ##.##.. ####### ...#### .##..#."
B3 = "##.##.# #..##.# ..##.## ##.##.. ####### ...#.## .##..#."
B4 = ".#.##.# ##.##.# ..##.## ##.##.. ####### ...#.## .##..#."
C0 = ".###### ....... ####### ####### ####### ####### #......"
C1 = ".##.### ....... ####### ####### ####### ####### #..#..."
ROLLS = (6, 3, 2, 4, 5, 6, 5)


def sets(resolved: ActionResolved) -> dict[tuple[str, ...], tuple[str, int, str]]:
    return {one.squares: (one.colour, one.pions, one.card) for one in resolved.sets}


def test_X1_setup_per_row_and_snake() -> None:
    per_row = board_after_rolls(ROLLS, "D", "per_row")
    assert per_row == from_picture(X1_PER_ROW)
    assert board_after_rolls(ROLLS, "D", "snake") == from_picture(X1_SNAKE)
    assert [s.bit_count() for s in sets_of(per_row)] == [42]
    red = sets_of(reds(per_row))
    assert len(red) == 7 and all(s.bit_count() == 1 for s in red)  # B3, C4 only touch at a corner


def x_game() -> State:
    return start(
        prepared(
            B0,
            ("Ana", "Ben", "Cleo"),
            pions=(4, 5, 6),
            hands=(("W5-1",), ("I4-1",), ("L4-1",)),
        )
    )


def test_X2_remove_one_lays_the_stands() -> None:
    state, events = play(x_game(), Remove(0, ("B2",)))
    resolved = events[1]
    assert isinstance(resolved, ActionResolved)
    assert sets(resolved) == {
        ("A1", "B1", "A2"): ("blue", 3, ""),
        ("C1", "B2", "C2", "A3", "B3"): ("red", 0, "W5-1"),
    }
    assert state.pions[0] == 7 and state.laid[0] == ("W5-1",)
    assert to_picture(state.tokens) == to_picture(from_picture(B1))


def x3() -> tuple[State, ActionResolved]:
    state, _ = play(x_game(), Remove(0, ("B2",)))
    state, _ = play(state, EndTurn(0))
    state, events = play(state, Remove(1, ("A7", "D7")))
    assert isinstance(events[1], ActionResolved)
    return state, events[1]


def test_X3_remove_two_is_judged_once() -> None:
    state, resolved = x3()
    told = sets(resolved)
    main = [squares for squares in told if len(squares) == 22]
    assert len(main) == 1 and told.pop(main[0]) == ("blue", 0, "")
    assert told == {
        ("B7", "C7"): ("blue", 2, ""),
        ("A6", "B6", "C6", "A7"): ("red", 0, ""),  # an L4 figure, and Ben holds none
        ("D7", "E7"): ("red", 2, ""),
    }
    assert state.pions[1] == 7
    assert state.tokens == from_picture(B2)


def x4() -> tuple[State, ActionResolved]:
    state, _ = x3()
    state, _ = play(state, EndTurn(1))
    state, events = play(state, Move(2, "E6", "F3"))
    assert isinstance(events[1], ActionResolved)
    return state, events[1]


def test_X4_move_lays_the_mirrored_hook() -> None:
    state, resolved = x4()
    told = sets(resolved)
    assert told[("G1", "G2", "F3", "G3")] == ("blue", 0, "L4-1")
    assert told[("F1", "F2")] == ("red", 2, "")
    assert told[("E3",)] == ("red", 0, "")
    assert told[("F4", "G4")] == ("red", 2, "")
    assert told[("E6", "D7", "E7")] == ("red", 3, "")
    assert len(told) == 6  # and the main blue set [21], which gives nothing
    assert state.pions[2] == 10 and state.tokens == from_picture(B3)


def x5(test: str) -> tuple[State, ActionResolved]:
    state, _ = x4()
    state, _ = play(state, EndTurn(2))
    if test == "squares":
        state = State(
            **{
                **{f: getattr(state, f) for f in state.__struct_fields__},
                "options": Options(modified_test="squares"),
            }
        )
    state, events = play(state, Move(0, "A1", "B2"))
    assert isinstance(events[1], ActionResolved)
    return state, events[1]


def test_X5_slide_under_count_and_squares() -> None:
    state, resolved = x5("count")
    assert sets(resolved) == {
        ("A1",): ("red", 0, ""),
        ("C1", "C2"): ("red", 2, ""),
        ("A3", "B3"): ("red", 2, ""),
    }
    assert state.pions[0] == 8 and state.laid[0] == ("W5-1",)
    assert state.tokens == from_picture(B4)
    state, resolved = x5("squares")
    assert sets(resolved)[("B1", "A2", "B2")] == ("blue", 3, "")
    assert state.pions[0] == 11


def test_X6_scoring_and_both_tiebreaks() -> None:
    opening = prepared(
        "#" * 49,
        pions=(9, 13),
        hands=(("I4-1", "O4-1"), ("T4-2",)),
        laid=(("W5-1", "T4-1"), ("I5-1",)),
    )
    state = start(opening)
    scores = final_scores(state)
    assert [s.total for s in scores] == [21, 21]
    assert winners(scores, "laid_cards") == ((0,), "E3")
    assert winners(scores, "shared") == ((0, 1), "")


def test_X7_two_moves_restore_the_board_and_net_4() -> None:
    state = start(prepared(C0, pions=(3, 3)))
    state, events = play(state, Move(0, "D1", "D7"))
    assert state.tokens == from_picture(C1)
    resolved = events[1]
    assert isinstance(resolved, ActionResolved) and resolved.pions == 10
    paying = {one.squares: one.pions for one in resolved.sets if one.pions}
    assert paying == {
        ("B1", "C1"): 2,
        ("E1", "F1", "G1"): 3,
        ("B7", "C7"): 2,
        ("E7", "F7", "G7"): 3,
    }
    state, _ = play(state, EndTurn(0))
    state, _ = play(state, Pass(1))
    state, events = play(state, Move(0, "D7", "D1"))
    assert state.tokens == from_picture(C0)
    assert isinstance(events[1], ActionResolved) and events[1].pions == 0
    assert state.pions[0] == 3 + 4


def test_modified_set_order_is_reading_order() -> None:
    _state, resolved = x4()
    firsts = [one.squares[0] for one in resolved.sets]
    assert isinstance(resolved.sets[0], ModifiedSet) and firsts
