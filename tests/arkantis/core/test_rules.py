"""ArkantiS rules, one test (or more) per rule id of RULES.md; refusals name their rule."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from msgspec.structs import replace

from core.arkantis.board import from_picture, neighbours, reds, sets_of
from core.arkantis.cards import kind_of
from core.arkantis.commands import Buy, EndTurn, Move, Pass, Remove
from core.arkantis.data import default_data_set
from core.arkantis.decide import decide
from core.arkantis.events import (
    ActionResolved,
    CardBought,
    GameEnded,
    GameScored,
    GameStarted,
    TokensRemoved,
    TurnEnded,
    TurnPassed,
)
from core.arkantis.evolve import fold
from core.arkantis.figures import matches, mirror_cells
from core.arkantis.game_type import ARKANTIS
from core.arkantis.limits import bot_refusal, longest_game
from core.arkantis.options import Options
from core.arkantis.resolution import resolve
from core.arkantis.setup import board_after_rolls, new_game
from core.arkantis.squares import bits, parse
from core.arkantis.state import MAX_PLAYERS, PILES
from core.arkantis.view import event_for, view_for
from core.kernel.chance import secret_from_seed
from core.kernel.errors import IllegalMove, NotYourTurn
from tests.arkantis.core.helpers import play, prepared, start

SPEC = Path(__file__).resolve().parents[3] / "core" / "arkantis" / "data" / "RULES.md"
FULL = "#" * 49
SECRET = secret_from_seed(5)


def opening(count: int = 3, **options: object) -> GameStarted:
    event = new_game(["Ana", "Ben", "Cleo", "Dan"][:count], Options(**options), SECRET)[0]  # type: ignore[arg-type]
    assert isinstance(event, GameStarted)
    return event


def refused(state: object, command: object, rule: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        decide(state, command)  # type: ignore[arg-type]
    assert caught.value.rule == rule, caught.value
    return caught.value


def sq(*names: str) -> int:
    return bits(parse(n) for n in names)  # type: ignore[misc]


# S — components and setup


def test_S1_S1_1_S1_2_S5_1_S5_3_board_after_setup() -> None:
    state = fold([opening()])
    assert state.tokens.bit_count() == 42  # S1, S5.3
    column_d = sq(*(f"D{row}" for row in range(1, 8)))
    assert state.tokens & column_d == column_d  # S1.2: the free column is filled
    for row in range(7):  # S5.3: one empty square per row, outside column D
        row_mask = 0b1111111 << (row * 7)
        assert (reds(state.tokens) & row_mask).bit_count() == 1
    assert parse("C4") == 3 * 7 + 2  # S1.1: column C, row 4


def test_S5_2_rank_counts_from_the_left_then_the_right() -> None:
    board = board_after_rolls((1, 1, 6, 6, 1, 1, 1), "D", "per_row")
    empty = reds(board)
    assert empty & sq("A1", "G2", "G3", "A4", "A5", "G6", "A7") == empty


def test_S5_4_snake_can_empty_two_squares_of_a_row() -> None:
    board = board_after_rolls((1, 1, 1, 1, 1, 1, 1), "D", "snake")
    assert reds(board) == sq("A1", "B1", "C1", "E1", "F1", "G1", "G2")


def test_S1_3_blue_is_a_token_red_an_empty_square() -> None:
    assert reds(from_picture(FULL)) == 0 and reds(0).bit_count() == 49


def test_S1_4_pions_have_no_limit() -> None:
    state = start(prepared(FULL, pions=(500, 3)))
    assert state.pions[0] == 500


def test_S1_5_the_seventeen_kinds() -> None:
    kinds = default_data_set().kinds
    assert len(kinds) == 17 and sum(k.copies for k in kinds) == 55
    assert sum(k.copies for k in kinds if k.colour == "emerald") == 20
    chiral = {k.id for k in kinds if mirror_cells(k) is not None}
    assert chiral == {"L4", "S4", "F5", "L5", "N5", "P5", "Y5", "Z5"}
    assert {k.id: k.value for k in kinds}["X5"] == 10


def test_S2_start_player_from_the_secret_and_S3_deal() -> None:
    first, again = opening(), opening()
    assert first == again and 0 <= first.start_player < 3
    state = fold([first])
    for hand in state.hands:  # S3
        assert sorted(kind_of(c)[-1] for c in hand) == ["4", "5", "5"]
    assert state.pions == (3, 3, 3)


@pytest.mark.parametrize(
    ("count", "sizes"), [(2, (16, 15, 9, 9)), (3, (15, 14, 9, 8)), (4, (14, 13, 8, 8))]
)
def test_S4_S6_piles_after_setup(count: int, sizes: tuple[int, ...]) -> None:
    state = fold([opening(count)])
    assert tuple(map(len, state.piles)) == sizes


def test_S2_refuses_a_table_of_one() -> None:
    with pytest.raises(IllegalMove) as caught:
        new_game(["Ana"], Options(), SECRET)
    assert caught.value.rule == "S2"


# D — definitions


def test_D1_corners_do_not_touch_and_D2_sets_partition() -> None:
    assert neighbours(sq("B3")) & sq("C4") == 0
    board = from_picture(".#.#.#." * 7)
    blue, red = sets_of(board), sets_of(reds(board))
    assert sum(s.bit_count() for s in (*blue, *red)) == 49
    assert all(s.bit_count() == 7 for s in (*blue, *red))


def test_D3_a_figure_matches_in_any_orientation_and_mirror() -> None:
    hook = default_data_set().kind("L4")
    assert matches(sq("A1", "A2", "A3", "B3"), hook)
    assert matches(sq("B1", "B2", "B3", "A3"), hook)  # the mirror figure
    assert matches(sq("A1", "B1", "C1", "A2"), hook)  # turned
    assert not matches(sq("A1", "B1", "C1", "D1"), hook)


def test_D4_stains_are_2_to_5_and_T4_3_rewards() -> None:
    hand = ("O4-1",)
    for removed, pions in ((("A1",), 0), (("A1", "A2"), 2), (("A1", "A2", "A3"), 3)):
        _sets, earned, laid = resolve(
            from_picture(FULL), from_picture(FULL) & ~sq(*removed), sq(*removed), Options(), hand
        )
        assert earned == pions and not laid
    changed = sq("A1", "A2", "B1", "B2")
    _sets, earned, laid = resolve(
        from_picture(FULL), from_picture(FULL) & ~changed, changed, Options(), hand
    )
    assert laid == ("O4-1",) and earned == 0
    six = sq("A1", "A2", "A3", "A4", "A5", "A6")
    _sets, earned, laid = resolve(
        from_picture(FULL), from_picture(FULL) & ~six, six, Options(), hand
    )
    assert earned == 0 and not laid


# T — a turn


def test_T1_turns_go_clockwise_skipping_passed_players() -> None:
    state = start(prepared(FULL, ("Ana", "Ben", "Cleo"), pions=(0, 0, 0)))
    state, events = play(state, Remove(0, ("A1",)))
    assert events[-1] == TurnEnded(0, 1)  # T2.4: nothing to buy, the turn ends by itself
    state, events = play(state, Pass(1))
    assert events == [TurnPassed(1), TurnEnded(1, 2)]
    state, events = play(state, Remove(2, ("G7",)))
    assert events[-1] == TurnEnded(2, 0)


def test_T2_T2_1_T2_2_T2_3_T2_4_turn_structure() -> None:
    state = start(prepared(FULL, pions=(5, 5)))
    state, events = play(state, Buy(0, "emerald", "down"))  # T2.1
    assert isinstance(events[0], CardBought) and state.phase == "action"
    state, events = play(state, Remove(0, ("A1",)))  # T2.2, T2.3: resolved at once
    assert isinstance(events[1], ActionResolved) and state.phase == "after"
    refused(state, Remove(0, ("B1",)), "T2.2")
    refused(state, Pass(0), "T2.2")
    state, events = play(state, Buy(0, "orange", "up"))  # T2.4: buying again
    state, events = play(state, EndTurn(0))
    assert events == [TurnEnded(0, 1)]
    refused(state, EndTurn(1), "T2.4")


def test_T2_not_your_turn() -> None:
    state = start(prepared(FULL, pions=(5, 5)))
    with pytest.raises(NotYourTurn):
        decide(state, Remove(1, ("A1",)))


def test_T3_T3_1_remove_one_is_free_and_needs_a_token() -> None:
    state = start(prepared(FULL.replace("#", ".", 1), pions=(0, 0)))
    refused(state, Remove(0, ("A1",)), "T3.1")
    refused(state, Remove(0, ("H9",)), "S1.1")
    _state, events = play(state, Remove(0, ("B1",)))
    assert events[0] == TokensRemoved(0, ("B1",), 0)


def test_T3_2_remove_two_costs_2_and_distinct_squares() -> None:
    state = start(prepared(FULL, pions=(1, 1)))
    error = refused(state, Remove(0, ("A1", "G7")), "T3.2")
    assert "2 pions, you have 1" in str(error)
    refused(state, Remove(0, ("A1", "A1")), "T3.2")
    refused(state, Remove(0, ("A1", "A2", "A3")), "T3.2")
    state = start(prepared(FULL, pions=(2, 2)))
    state, events = play(state, Remove(0, ("G7", "A1")))
    assert events[0] == TokensRemoved(0, ("A1", "G7"), 2)


def test_T3_3_move_to_an_empty_square_and_T3_5_payment_before() -> None:
    state = start(prepared(".#####" + "#" * 43, pions=(3, 3)))
    refused(state, Move(0, "B1", "C1"), "T3.3")
    refused(state, Move(0, "A1", "C1"), "T3.3")
    poor = start(prepared(".#####" + "#" * 43, pions=(2, 3)))
    refused(poor, Move(0, "B1", "A1"), "T3.5")
    state, _events = play(state, Move(0, "G7", "A1"))
    assert state.moves_used[0] == 1


def test_T3_4_move_limit() -> None:
    state = start(prepared(".#####" + "#" * 43, pions=(9, 9), options=Options(move_limit=0)))
    error = refused(state, Move(0, "B1", "A1"), "T3.4")
    assert "0 moves" in str(error)


def test_T4_T4_1_T4_2_only_touched_sets_are_candidates() -> None:
    before = from_picture(FULL)
    sets, _pions, _laid = resolve(before, before & ~sq("D4"), sq("D4"), Options(), ())
    assert [(s.colour, len(s.squares)) for s in sets] == [("blue", 48), ("red", 1)]


def test_T4_4_cards_laid_in_reading_order_one_per_stain() -> None:
    before = from_picture(FULL) & ~sq("A1", "B1", "A2", "F6", "G6", "F7")
    changed = sq("B2", "G7")
    after = before & ~changed
    sets, _p, laid = resolve(before, after, changed, Options(), ("O4-1",))
    assert laid == ("O4-1",)
    assert [s.card for s in sets if s.colour == "red"] == ["O4-1", ""]
    sets, _p, laid = resolve(before, after, changed, Options(), ("O4-2", "O4-1"))
    assert laid == ("O4-1", "O4-2")


def test_T4_5_the_card_must_be_in_hand_and_T4_6_only_the_active_player_earns() -> None:
    state = start(prepared("#" * 47 + "..", pions=(0, 0), hands=((), ("I4-1",))))
    state, _events = play(state, Remove(0, ("E7",)))  # red E7 F7 G7: 3 pions, to Ana only
    assert state.pions == (3, 0) and state.laid == ((), ()) and state.hands[1] == ("I4-1",)


def test_T5_pass_ends_the_turn_and_bars_buying() -> None:
    state = start(
        prepared(
            FULL, ("Ana", "Ben", "Cleo"), pions=(5, 5, 5), options=Options(buy_timing="any_time")
        )
    )
    state, _events = play(state, Pass(0))
    error = refused(state, Buy(0, "emerald", "down"), "T5")
    assert "passed" in str(error)


def test_T6_T6_1_prices_and_T6_4_face_up_top() -> None:
    state = start(prepared(FULL, pions=(3, 3)))
    top, second = state.piles[1][0], state.piles[1][1]
    state, events = play(state, Buy(0, "orange", "up"))
    assert events[0] == CardBought(0, "orange", "up", top, 2)
    assert state.piles[1][0] == second and state.pions[0] == 1
    refused(state, Buy(0, "orange", "down"), "T6.1")


def test_T6_2_own_turn_and_any_time() -> None:
    state = start(prepared(FULL, pions=(3, 3)))
    refused(state, Buy(1, "emerald", "down"), "T6.2")
    state = start(prepared(FULL, pions=(3, 3), options=Options(buy_timing="any_time")))
    state, events = play(state, Buy(1, "emerald", "down"))
    assert isinstance(events[0], CardBought) and state.current == 0


def test_T6_3_empty_piles() -> None:
    state = start(prepared(FULL, pions=(9, 9), orange=("I5-1",), emerald=()))
    refused(state, Buy(0, "orange", "up"), "T6.3")
    error = refused(state, Buy(0, "emerald", "down"), "T6.3")
    assert "both" in str(error)
    state, _events = play(state, Buy(0, "orange", "down"))
    refused(state, Buy(0, "orange", "down"), "T6.3")


# E — end and scoring


def test_E1_E1_1_the_game_ends_when_everyone_has_passed() -> None:
    state = start(prepared(FULL, pions=(0, 0)))
    state, _ = play(state, Pass(0))
    state, events = play(state, Pass(1))
    assert events[1] == TurnEnded(1, None) and events[2] == GameEnded("all-passed")
    assert isinstance(events[3], GameScored) and state.is_over
    with pytest.raises(IllegalMove) as caught:
        decide(state, Pass(0))
    assert caught.value.rule == "E1"


def test_E1_2_an_empty_board_ends_the_game() -> None:
    state = start(prepared("#" + "." * 48, pions=(9, 9)))
    state, events = play(state, Remove(0, ("A1",)))
    assert GameEnded("board-empty") in events and state.is_over


def test_E1_3_E1_4_bounds_and_the_refusal_for_bots() -> None:
    assert longest_game(3, 4) == 2 * (42 + 12 + 4) + 55
    assert ARKANTIS.play.longest_game >= longest_game(3, MAX_PLAYERS)
    assert bot_refusal(Options(move_limit=None)) is not None
    assert bot_refusal(Options()) is None


def test_E2_E3_scores_with_hand_penalty() -> None:
    state = start(prepared(FULL, pions=(4, 2), hands=(("I4-1",), ()), laid=(("X5-1",), ())))
    result = ARKANTIS.result(state)
    assert result.scores == (10 + 4 - 1, 2) and result.winners == (0,)


# V — options


def test_V1_option_defaults_and_values() -> None:
    options = Options()
    assert (options.setup_count, options.modified_test, options.buy_timing) == (
        "per_row",
        "count",
        "own_turn",
    )
    assert (options.move_limit, options.tiebreak, options.data_set, options.open_hands) == (
        3,
        "laid_cards",
        "default",
        False,
    )
    for name in (
        "setup_count",
        "modified_test",
        "buy_timing",
        "move_limit",
        "tiebreak",
        "data_set",
        "open_hands",
    ):
        assert name in Options.__struct_fields__


# L — events and information


def test_L1_refusals_name_a_rule_and_L2_events_are_tagged() -> None:
    state = start(prepared(FULL, pions=(0, 0)))
    error = refused(state, Remove(0, ("A1", "B1")), "T3.2")
    assert str(error).startswith("T3.2: ")
    tags = {
        cls.__struct_config__.tag
        for cls in (
            GameStarted,
            CardBought,
            TokensRemoved,
            ActionResolved,
            TurnPassed,
            TurnEnded,
            GameEnded,
            GameScored,
        )
    }
    assert tags == {
        "game-started",
        "card-bought",
        "tokens-removed",
        "action-resolved",
        "turn-passed",
        "turn-ended",
        "game-ended",
        "game-scored",
    }


def test_L3_hands_and_face_down_purchases_are_hidden() -> None:
    event = opening(2)
    state = fold([event])
    view = view_for(state, 0)
    assert view.state.hands[0] == state.hands[0] and set(view.state.hands[1]) == {""}
    assert view.hand_colours[1] == (2, 1) and view.pile_sizes == tuple(map(len, state.piles))
    assert view.top_up == (state.piles[1][0], state.piles[3][0]) and view.state.secret == ""
    seen = event_for(event, 1, False)
    assert isinstance(seen, GameStarted) and seen.secret == ""
    assert fold([seen]).hands[1] == state.hands[1] and set(fold([seen]).hands[0]) == {""}
    bought = CardBought(0, "orange", "down", "I5-1", 2)
    hidden, shown, own = (
        event_for(bought, 1, False),
        event_for(bought, 1, True),
        event_for(bought, 0, False),
    )
    assert isinstance(hidden, CardBought) and isinstance(shown, CardBought)
    assert isinstance(own, CardBought)
    assert hidden.card == "" and shown.card == "I5-1" and own.card == "I5-1"
    open_view = view_for(replace(state, options=Options(open_hands=True)), 0)
    assert open_view.state.hands == state.hands


def test_L4_tokens_cards_and_pions_are_kept_in_check() -> None:
    state = fold([opening(4)])
    cards = sum(map(len, state.piles)) + sum(map(len, state.hands))
    assert cards == 55 and state.tokens.bit_count() == 42 and len(PILES) == 4


# A — the ambiguities point at rules of the spec


def test_A1_to_A15_each_ambiguity_names_rules_of_the_spec() -> None:
    text = SPEC.read_text(encoding="utf-8")
    rows = re.findall(r"^\| (A\d+) \|.*\| ([^|]+) \|$", text, re.MULTILINE)
    assert [row[0] for row in rows] == [f"A{n}" for n in range(1, 16)]
    for _row, rules in rows:
        for rule in re.findall(r"[STDE]\d+(?:\.\d+)?", rules):
            assert f"**{rule}" in text or f"- **{rule} " in text or rule in text
    # A4: sides, not corners (D1); A6: any two tokens; A7: automatic laying (T4.4);
    # A8: no purchase between action and resolution (T4.5); A9: buying times (T6.2);
    # A10: piles (T6.3); A11: no hand limit (T6.4); A12: the end (E1.1, E1.2);
    # A13: the move limit (T3.4); A14: ties (E3) — each tested above by its rule.
