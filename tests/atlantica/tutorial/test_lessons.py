"""The Atlantica lessons judged by the rules: each right command is accepted and leads
where the lesson says; each deliberate mistake is recognised with the rule it misreads;
a refused command cites its rule; every question's answer is worked out from the
position; and no lesson can be passed by trying the legal commands one by one, since
only one of them is right."""

from __future__ import annotations

import re
from functools import reduce

import pytest
from msgspec.structs import replace

from atlantis_tui.games import GAME_UIS
from atlantis_tui.games.atlantica.tutorial_screen import TutorialScreen
from core.atlantica.commands import EndTurn, PerformAction
from core.atlantica.events import GameScored, HiredDiversJoinedHand, TurnEnded
from core.atlantica.evolve import evolve, fold
from core.atlantica.i18n import _
from core.atlantica.legal_commands import legal_commands
from core.atlantica.lessons import (
    CRATES,
    DIVE,
    HIRE,
    HURRICANE,
    LESSONS,
    LEVEL1,
    PAIR,
    RESEARCH,
)
from core.atlantica.scoring import excess, score_now
from core.atlantica.state import State
from core.atlantica.tutor import (
    ADVICE,
    LEARNER,
    Attempt,
    Lesson,
    Outcome,
    check,
    command_for,
    judged,
    treasure,
)
from core.games import GAMES
from core.kernel.tutor import lesson_index, next_lesson
from core.services.rules_text import rule_ids

IDS = [lesson.id for lesson in LESSONS]
FIELD = re.compile(r"\{\w+\}")


def after(state: State, attempt: Attempt) -> tuple[State, Outcome]:
    """The position after a legal command (without the end of the turn), and its outcome."""
    command = command_for(state, attempt)
    events = tuple(judged(state, command))
    return reduce(evolve, events, state), Outcome(state, command, events)


def settled(lesson: Lesson) -> State:
    """The position once the lesson's right command is played and the turn ended for it."""
    state = lesson.start()
    verdict = check(lesson, state, command_for(state, lesson.solution))
    assert verdict.done
    return reduce(evolve, verdict.events, state)


def test_seven_lessons_in_order_with_distinct_ids() -> None:
    assert IDS == ["level1", "dive", "pair", "hire", "crates", "research", "hurricane"]
    assert lesson_index(LESSONS, "crates") == LESSONS.index(CRATES)
    assert lesson_index(LESSONS, "3") == 2
    assert next_lesson(LESSONS, lambda lesson_id: lesson_id in ("level1", "dive")) == 2


def test_the_descriptor_and_the_shell_offer_them() -> None:
    assert tuple(GAMES.get("atlantica").presentation.lessons()) == LESSONS
    load = GAME_UIS["atlantica"].load_tutorial
    assert load is not None and load() is TutorialScreen


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_the_position_is_a_prepared_game_on_the_learners_turn(lesson: Lesson) -> None:
    state = lesson.start()
    assert state == fold(lesson.events())
    assert state.to_act == LEARNER and state.phase == "turn"
    assert state.players[LEARNER] == _("You")
    assert lesson.events()[0].prepared is not None  # type: ignore[union-attr]


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_every_rule_a_lesson_names_exists(lesson: Lesson) -> None:
    known = rule_ids(GAMES.get("atlantica"))
    named = {*lesson.rules, *(m.rule for m in lesson.mistakes), lesson.otherwise_rule}
    named |= {attempt.rule for attempt in lesson.wrong}
    assert named - {""} <= known, named - known


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_the_right_command_is_judged_right_and_ends_the_turn(lesson: Lesson) -> None:
    state = lesson.start()
    verdict = check(lesson, state, command_for(state, lesson.solution))
    assert verdict.done and not verdict.broken, verdict
    assert verdict.rule == lesson.rule
    assert verdict.text == _(lesson.explanation)
    # T9: the turn is ended for the learner, so the lesson shows where it led.
    assert any(isinstance(e, TurnEnded) and e.player == LEARNER for e in verdict.events)


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_only_one_legal_command_fulfils_the_task(lesson: Lesson) -> None:
    """Among every command the rules allow (dozens to hundreds), one is right: trying
    them blindly is no way through, and the right one is what the keys make."""
    state = lesson.start()
    legal = legal_commands(state)
    right = [command for command in legal if check(lesson, state, command).done]
    assert right == [command_for(state, lesson.solution)]
    assert len(legal) >= 10


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_each_wrong_attempt_is_explained_with_its_rule(lesson: Lesson) -> None:
    state = lesson.start()
    assert len(lesson.wrong) >= 4
    for attempt in lesson.wrong:
        verdict = check(lesson, state, command_for(state, attempt))
        assert not verdict.done, attempt
        assert verdict.rule == attempt.rule, (attempt, verdict)
        assert verdict.text and "{" not in verdict.text, verdict.text
        assert verdict.text[0].isupper(), verdict.text
        assert not verdict.events  # nothing is played


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_every_mistake_is_met_by_a_wrong_attempt(lesson: Lesson) -> None:
    state = lesson.start()
    said = [check(lesson, state, command_for(state, attempt)) for attempt in lesson.wrong]
    for mistake in lesson.mistakes:
        pattern = re.compile(".+".join(re.escape(part) for part in FIELD.split(_(mistake.why))))
        met = [
            v for v in said if v.rule == mistake.rule and not v.broken and pattern.fullmatch(v.text)
        ]
        assert met, (lesson.id, mistake.why)
    # Both kinds of wrong: some legal commands that miss the task, some refused ones.
    assert any(not v.broken for v in said)


def test_refusals_cite_their_rule_and_say_what_is_allowed() -> None:
    cases = [
        (LEVEL1, Attempt("submarine", 1, cards=("W1",)), "T2.3"),
        (DIVE, Attempt("submarine", 2, picks=treasure(2, 4)), "T3.2"),
        (PAIR, Attempt("port", 1, cards=("W1", "W2"), pair_slot=0), "T2.5"),
        (PAIR, Attempt("submarine", 3, picks=treasure(2, 3)), "T2.5"),
        (HIRE, Attempt("bistro", 3), "T2.4"),
        (HIRE, Attempt("submarine", 1), "T2.2"),
        (HIRE, Attempt(pass_turn=True), "T2.7"),
        (HURRICANE, Attempt(end_turn=True), "T2.7"),
    ]
    for lesson, attempt, rule in cases:
        verdict = check(lesson, lesson.start(), command_for(lesson.start(), attempt))
        assert verdict.broken and not verdict.done and verdict.rule == rule, verdict
        assert _(ADVICE[rule]) in verdict.text


def test_another_seat_cannot_play_the_learners_turn() -> None:
    state = LEVEL1.start()
    verdict = check(LEVEL1, state, PerformAction(1, "submarine", 1, ("G2",)))
    assert verdict.broken and not verdict.done


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_every_question_is_worked_out_from_the_position(lesson: Lesson) -> None:
    state = lesson.start()
    assert len(lesson.quizzes) >= 3
    for asked in range(len(lesson.quizzes) * 2):
        quiz = lesson.question(asked)
        assert quiz is not None and quiz.question and quiz.hint
        truth = quiz.truth(state)
        assert truth in quiz.options, (lesson.id, quiz.question, truth)
        assert len(set(quiz.options)) == len(quiz.options)
        assert quiz.worked(state) and "{" not in quiz.worked(state)
        assert lesson.question(asked + 1) != quiz  # never the same twice in a row


def test_the_answers_are_the_rules() -> None:
    """Each question's answer, as the rules give it for the lesson's position."""
    answers = {
        "level1": ["yellow", "5", "5"],
        "dive": ["7", "level 3", "6"],
        "pair": ["3", "no", "yes"],
        "hire": ["8", "no", "2"],
        "crates": ["3", "8", "18"],
        "research": ["3", "2", "3"],
        "hurricane": ["nobody", "16", "0"],
    }
    for lesson in LESSONS:
        state = lesson.start()
        assert [quiz.truth(state) for quiz in lesson.quizzes] == answers[lesson.id], lesson.id


def test_facts_follow_the_position_not_the_text() -> None:
    """The answers are computed: change the position and they change."""
    state = LEVEL1.start()
    paying, gain, score = LEVEL1.quizzes
    green = replace(state, hands=(("W1", "G4", "B1", "R1", "V1"), state.hands[1]))
    assert paying.truth(green) == "green"
    three = replace(state, treasures=(("AMP-1", "AMP-2", "AMP-4"), state.treasures[1]))
    assert gain.truth(three) == "6" and score.truth(three) == "10"
    state = CRATES.start()
    released, cost, _score = CRATES.quizzes
    more = replace(state, ships=((*state.ships[0], "C5-1"), state.ships[1]))
    assert released.truth(more) == "0" and cost.truth(more) == "0"
    state = HURRICANE.start()
    who = HURRICANE.quizzes[0]
    assert who.truth(replace(state, final_turns=(0, 1))) == "Ann"
    state = HIRE.start()
    slots = HIRE.quizzes[2]
    assert slots.truth(replace(state, slots_used=0)) == "3"


def test_outcomes_the_explanations_state() -> None:
    """Each right command leads where its explanation says."""
    state, level1 = after(LEVEL1.start(), LEVEL1.solution)
    assert level1.rule == "T3.1" and level1.treasures == ("AMP-3",) and level1.gain == 5
    assert state.discard[-1] == "Y1"  # T2.6
    _state, dive = after(DIVE.start(), DIVE.solution)
    assert dive.gain == 19 and sorted(dive.treasures) == ["AMP-4", "EPI-2", "STA-3"]
    state, pair = after(PAIR.start(), PAIR.solution)
    assert pair.pair and state.pair_used and len(pair.played.cards) == 3  # type: ignore[union-attr]
    assert sum(card.startswith("STA") for card in state.treasures[LEARNER]) == 3
    hired = settled(HIRE)
    assert len(hired.hands[LEARNER]) == 8 and not hired.hired[LEARNER]
    verdict = check(HIRE, HIRE.start(), command_for(HIRE.start(), HIRE.solution))
    assert any(isinstance(event, HiredDiversJoinedHand) for event in verdict.events)
    start = CRATES.start()
    state, crates = after(start, CRATES.solution)
    assert crates.ships == ("A3-1",) and crates.gain == 8
    assert excess(start, LEARNER) == 3 and excess(state, LEARNER) == 0
    _state, research = after(RESEARCH.start(), RESEARCH.solution)
    assert research.research == ("R4-1",) and research.gain == 5
    start = HURRICANE.start()
    assert start.hurricane_holder == LEARNER and start.final_turns == (LEARNER,)
    _state, last = after(start, HURRICANE.solution)
    assert last.gain == 13
    over = settled(HURRICANE)
    assert over.is_over and over.scores[LEARNER].total == score_now(start, LEARNER).total + 13
    verdict = check(HURRICANE, start, command_for(start, HURRICANE.solution))
    assert isinstance(verdict.events[-1], GameScored)


def test_the_turn_is_not_ended_twice() -> None:
    """A right command that ends the turn itself is not followed by another end."""
    state = HIRE.start()
    hired, _outcome = after(state, HIRE.solution)
    ended = judged(hired, EndTurn(LEARNER))
    assert sum(isinstance(event, TurnEnded) for event in ended) == 1


def test_the_advice_names_the_keys_the_game_screen_binds() -> None:
    """T2.7's advice names the key that ends a turn, as the game screen binds it."""
    from textual.binding import Binding

    from atlantis_tui.games.atlantica.game_screen import GameScreen

    bindings = [binding for binding in GameScreen.BINDINGS if isinstance(binding, Binding)]
    keys = {binding.action: binding.key for binding in bindings}
    assert f"({keys['end_turn']})" in ADVICE["T2.7"]
