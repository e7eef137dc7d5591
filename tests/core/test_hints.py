"""Hints (the expert's advice in two stages) and explanations (each event's rule and why,
and what a refused command could do instead)."""

from __future__ import annotations

import re
import time
from functools import reduce

import pytest

from core.atlantis.bots import make_bot
from core.atlantis.bots.play import play_game
from core.atlantis.commands import BuyCards, DeclareStuck, Move, Payment, PlaceBridge
from core.atlantis.decide import decide
from core.atlantis.events import (
    AnyEvent,
    CardsDrawn,
    EventsUndone,
    GameEnded,
    PawnMoved,
    TileTaken,
)
from core.atlantis.evolve import evolve, fold, initial_state
from core.atlantis.explain import explain, explain_refusal
from core.atlantis.game_type import ATLANTIS
from core.atlantis.hints import describe_advice, hint
from core.atlantis.lessons import LESSONS, lesson_index
from core.atlantis.positions import parse_cards, prepared_game
from core.atlantis.state import State
from core.atlantis.tutor import check, command_for
from core.kernel.errors import IllegalMove
from core.services.rules_text import is_rule_id

HINT_PATH = "Ol3 | Fl5 | Cr2 | He4 ~ Ri6 | St2 | Am5[Bob A] ~B~ Fl1 | He6"
# spaces: 1 Ol3, 2 Fl5, 3 Cr2, 4 He4, 5 water, 6 Ri6, 7 St2, 8 Am5 (Bob A), 9 water bridged
# by Ann (her bridge is used, so the advice is a move), 10 Fl1, 11 He6


def rule_exists(rule: str) -> bool:
    return is_rule_id(ATLANTIS, rule)


def solved(lesson_id: str) -> tuple[State, list[AnyEvent]]:
    """A lesson's position and the events its right move causes."""
    lesson = LESSONS[lesson_index(lesson_id)]
    state = lesson.start()
    return state, decide(state, command_for(state, lesson.solution))


def explained(state: State, events: list[AnyEvent]) -> list[tuple[str, str]]:
    out = []
    for event in events:
        out.append(explain(state, event))
        state = evolve(state, event)
    return out


def refused(state: State, command: object) -> IllegalMove:
    with pytest.raises(IllegalMove) as error:
        decide(state, command)  # type: ignore[arg-type]
    return error.value


# -- hints ------------------------------------------------------------------------------------
def hint_game(bob: str = "Fl Ol") -> State:
    """Ann to play; Bob holds ``bob`` (hidden from Ann)."""
    events = prepared_game(
        HINT_PATH,
        ["Ann", "Bob"],
        hands={"Ann": "He Ri St", "Bob": bob},
        collected={"Ann": "Am4"},
        current="Ann",
        bridge_owners=["Ann"],
    )
    return fold(events)


def test_hint_gives_the_pawn_then_the_whole_move() -> None:
    """Stage 1 names only the pawn; stage 2 the cards, destination, tile and reason, and
    the advised command is legal."""
    state = hint_game()
    advice = hint(state, 0, playouts=120)
    assert isinstance(advice.command, Move) and advice.preview is not None
    decide(state, advice.command)
    letter = "ABC"[advice.command.pawn]
    assert f"pawn {letter}" in advice.text(1) and "space" not in advice.text(1)
    stage2 = advice.text(2)
    assert f"Pawn {letter}: play" in stage2 and "You gain" in stage2
    assert advice.tile_value == (
        state.tiles[advice.preview.tile].value if advice.preview.tile is not None else 0
    )


def test_hint_is_reproducible_and_never_reads_hidden_cards() -> None:
    """For a seed the advice repeats; another hand for Bob (the same unseen cards overall)
    gives the same advice, since the search reads only Ann's view."""
    first = hint(hint_game(), 0, playouts=90, seed=3)
    again = hint(hint_game(), 0, playouts=90, seed=3)
    other = hint_game(bob="Cr Cr")
    assert first.command == again.command == hint(other, 0, playouts=90, seed=3).command


def test_hint_counts_the_water_left_for_the_others() -> None:
    """Helmet to He4 takes Cr2, whose space becomes water between Fl5 and He4 (price 4):
    Bob's two pawns on Atlantis will owe 4 more each, and the reason says so."""
    state = hint_game()
    command = Move(0, 0, parse_cards("He"))
    advice = describe_advice(state, command)
    assert advice.water_for_others == (0, 8)
    assert "Bob +8" in advice.reason
    assert advice.text(1) == "Move a pawn off Atlantis (pawn A)."
    assert "take crown 2 from space 3" in advice.text(2)


def test_hint_for_a_bridge_a_purchase_being_stuck_and_the_final_crossing() -> None:
    """Every kind of advice reads as two stages; the final crossing pays least-overpay."""
    state = hint_game()
    bridge = describe_advice(state, PlaceBridge(0, 5))
    assert bridge.text(1) == "Place your bridge first (T2)."
    assert "costs 4" in bridge.text(2) and "3 of your pawns" in bridge.text(2)
    bought = describe_advice(state, BuyCards(0, state.collected[0][0]))
    assert "2 cards" in bought.text(2)
    # Ann's pawns can move: buying is advised for what more cards are worth, not as a
    # way out of being stuck (hints now weigh purchases whenever the review does).
    assert "worth more to you now than the tile's points" in bought.text(2)
    assert "No pawn can move" not in bought.text(2)
    assert "draw 2" in describe_advice(state, DeclareStuck(0)).text(2)
    end_state, events = solved("end")
    waiting = reduce(evolve, events, end_state)
    assert waiting.phase == "final_crossing" and waiting.to_act == 1
    final = hint(waiting, 1, playouts=40)
    assert final.text(1) == "Pay your final crossing (E2)."
    assert "helmet 7 for the 7" in final.text(2)


def test_hint_within_its_budget() -> None:
    """The default budget (the playouts the review runs in about 0.4 s) is a hint a
    player does not wait for, and a legal move."""
    started = time.process_time()
    advice = hint(hint_game(), 0)
    assert time.process_time() - started < 2
    decide(hint_game(), advice.command)


def test_hint_is_only_for_the_player_to_act() -> None:
    with pytest.raises(ValueError, match="not Bob's decision"):
        hint(hint_game(), 1, playouts=20)


# -- explanations of events -------------------------------------------------------------------
def test_every_event_of_whole_games_has_a_rule_and_a_reason() -> None:
    """Every event of three bot games is explained by a rule id of RULES.md."""
    for seed in (1, 2, 3):
        played, _ = play_game([make_bot("greedy"), make_bot("random")], seed=seed)
        events = played.events
        state = initial_state(events[0])  # type: ignore[arg-type]
        for event in events:
            rule, why = explain(state, event)
            assert rule_exists(rule), (rule, event)
            assert why.endswith(".") and len(why) < 220, why
            if event is not events[0]:
                state = evolve(state, event)


def test_moves_are_explained_by_t41_t42_or_t43() -> None:
    """A chain is T4.3, a card with no such item ahead T4.2, a plain move T4.1; the tile
    taken from the Mainland is T6.2 and its water moves the Mainland back (T7.2)."""
    state, events = solved("occupied")
    moved = next(i for i, e in enumerate(events) if isinstance(e, PawnMoved))
    assert explained(state, events)[moved][0] == "T4.3"
    state, events = solved("mainland")
    reasons = dict(explained(state, events))
    assert "T4.2" in reasons and "statue" in reasons["T4.2"]
    assert "T6.2" in reasons and "T7.2" in reasons["T6.2"]
    assert "3 pawns home" not in reasons["T8"] and "2 pawns home" in reasons["T8"]
    state, events = solved("moving")
    assert explained(state, events)[0] == (
        "T4.1",
        "A card moves a pawn to the nearest space ahead showing its item: the nearest "
        "crown was crown 5 (space 6).",
    )


def test_purchases_bridges_payments_and_the_end_are_explained() -> None:
    """T1, T2, T5.4, then E1, E2 and E3 at the end of the game."""
    assert [r for r, _ in explained(*solved("buying"))] == ["T1", "T1"]
    assert [r for r, _ in explained(*solved("bridges"))] == ["T2"]
    rules = [r for r, _ in explained(*solved("water"))]
    assert rules[:3] == ["T4.1", "T5.4", "T6.1"]
    lesson = LESSONS[lesson_index("end")]
    end_state = lesson.start()
    verdict = check(lesson, end_state, command_for(end_state, lesson.solution))
    rules = [r for r, _ in explained(end_state, list(verdict.events))]
    assert rules[-4:] == ["E1", "E2", "E2", "E3"]
    assert isinstance(verdict.events[-1], GameEnded)


def test_draws_and_undo_have_their_reasons() -> None:
    state = hint_game()
    assert explain(state, CardsDrawn(0, (1,), 1, "stuck"))[0] == "T9"
    assert explain(state, CardsDrawn(0, (1,), 1, "deal"))[0] == "S4"
    assert explain(state, EventsUndone(2)) == (
        "",
        "Moves were taken back; the game continues from before them.",
    )
    assert explain(state, TileTaken(0, 1, state.spaces[1][-1]))[0] == "T6.1"


# -- what a refused command could do instead ------------------------------------------------------
def test_t54_refusal_names_the_payable_total_and_the_least_overpay() -> None:
    """Paying with the card just played: the advice gives the debt, the most that may pay
    and the least-overpaying payment."""
    lesson = LESSONS[lesson_index("water")]
    state = lesson.start()
    ol5 = state.collected[0][0]
    command = Move(0, 1, parse_cards("Ri"), Payment((ol5,), parse_cards("Ri Fl")))
    error = refused(state, command)
    rule, advice = explain_refusal(state, command, error)
    assert rule == "T5.4"
    assert advice.startswith("You owe 7: pay with the tiles you held")
    assert "up to 7" in advice and "Least overpay: olives 5 + 2 cards." in advice


def test_t45_refusals_say_which_cards_or_moves_would_work() -> None:
    """An occupied landing lists the cards that carry on; an unaffordable move names its
    price, the most payable, and the moves the pawn can afford."""
    occupied = LESSONS[lesson_index("occupied")].start()
    alone = Move(0, 0, parse_cards("He"))
    rule, advice = explain_refusal(occupied, alone, refused(occupied, alone))
    assert rule == "T4.5"
    assert advice.startswith("helmet 2 (space 8) is occupied: play one more card")
    assert "helmet to helmet 5 (space 11)" in advice
    water = LESSONS[lesson_index("water")].start()
    far = Move(0, 0, parse_cards("Ri"))
    rule, advice = explain_refusal(water, far, refused(water, far))
    assert rule == "T4.5"
    assert "costs 8" in advice and "at most 7" in advice
    assert "Pawn A can afford: flag to flag 1 (space 3)." in advice


def test_t44_refusal_says_the_first_card_already_stops() -> None:
    state = LESSONS[lesson_index("occupied")].start()
    command = Move(0, 0, parse_cards("Ol He"))
    rule, advice = explain_refusal(state, command, refused(state, command))
    assert rule == "T4.4"
    assert advice.startswith("olives already stops pawn A on olives 3 (space 9)")


@pytest.mark.parametrize(
    ("lesson_id", "command", "rule", "words"),
    [
        ("path", BuyCards(0, 99), "T1", "no collected tile"),
        ("buying", BuyCards(0, 99), "T1", "Return one of your tiles: amphora 7"),
        ("path", PlaceBridge(0, 3), "T2", "no unbridged water"),
        ("water", PlaceBridge(0, 3), "T2", "Bridge one of these gaps: water at 2 (costs 1)"),
        ("mainland", Move(0, 1, (0,)), "T3", "not on the Mainland: A, C"),
        ("path", DeclareStuck(0), "T4.6", "A pawn can still move, for example"),
        ("path", Move(1, 0, (0,)), "T", "Wait for You"),
        ("buying", Move(0, 0, (0,)), "T4.1", "Buy cards with a tile (T1), or draw 2"),
    ],
)
def test_other_refusals_say_what_is_allowed(
    lesson_id: str, command: object, rule: str, words: str
) -> None:
    state = LESSONS[lesson_index(lesson_id)].start()
    error = refused(state, command)
    got_rule, advice = explain_refusal(state, command, error)  # type: ignore[arg-type]
    assert got_rule == rule
    assert words in advice, advice
    assert re.search(r"[.!]$", advice)


def test_t41_refusal_with_no_cards_says_it_once_then_what_to_do() -> None:
    """Shown as "reason. advice", the advice does not repeat that the hand is empty."""
    state = LESSONS[lesson_index("buying")].start()
    command = Move(0, 0, (0,))
    error = refused(state, command)
    rule, advice = explain_refusal(state, command, error)
    shown = f"{error.reason}. {advice}"
    assert rule == "T4.1"
    assert shown.lower().count("no cards") == 1, shown
    assert "T1" in advice and "T9" in advice
