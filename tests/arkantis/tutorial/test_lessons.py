"""The ArkantiS lessons judged by the rules: each goal command is right and leads where
the lesson says; each deliberate mistake is recognised with the rule it misreads; a
refused command cites its rule; every question's answer is worked out from the position;
and no lesson can be passed by trying the legal commands one by one, since only one of
them is right."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from functools import reduce

import pytest

from core.arkantis.commands import Pass, Remove
from core.arkantis.decide import decide
from core.arkantis.evolve import evolve
from core.arkantis.i18n import _
from core.arkantis.lessons import BUY, CARD, END, LESSONS, MOVE, PAIR, SPLIT, TWO
from core.arkantis.squares import members, name
from core.arkantis.state import PILES, State
from core.arkantis.tutor import (
    ADVICE,
    LEARNER,
    Attempt,
    Lesson,
    Outcome,
    check,
    command_for,
)
from core.kernel.tutor import lesson_index, next_lesson

IDS = [lesson.id for lesson in LESSONS]


def after(state: State, attempt: Attempt) -> tuple[State, Outcome]:
    """The position after a legal command, and its outcome."""
    command = command_for(attempt)
    events = tuple(decide(state, command))
    return reduce(evolve, events, state), Outcome(state, command, events)


def every_attempt(state: State) -> Iterator[Attempt]:
    """Every command of the learner's kind the keys can make in ``state``."""
    tokens = [name(sq) for sq in members(state.tokens)]
    empty = [name(sq) for sq in range(49) if not state.tokens >> sq & 1]
    yield from (Attempt(remove=(token,)) for token in tokens)
    yield from (Attempt(remove=pair) for pair in itertools.combinations(tokens, 2))
    yield from (Attempt(move=(origin, target)) for origin in tokens for target in empty)
    yield from (Attempt(buy=pile) for pile in PILES)
    yield Attempt(pass_turn=True)
    yield Attempt(end_turn=True)


def test_at_least_six_lessons_with_distinct_ids() -> None:
    assert len(LESSONS) >= 6
    assert len(set(IDS)) == len(IDS)
    assert lesson_index(LESSONS, "card") == LESSONS.index(CARD)
    assert next_lesson(LESSONS, lambda lesson_id: lesson_id in ("pair", "split")) == 2


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_the_position_is_the_learners_turn(lesson: Lesson) -> None:
    state = lesson.start()
    assert state.to_act == LEARNER and state.phase == "action"
    assert state.players[LEARNER] == _("You")


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_the_goal_is_judged_right(lesson: Lesson) -> None:
    state = lesson.start()
    verdict = check(lesson, state, command_for(lesson.solution))
    assert verdict.done and not verdict.broken, verdict
    assert verdict.rule == lesson.rule
    assert verdict.events


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_only_one_legal_command_fulfils_the_task(lesson: Lesson) -> None:
    """Among every command the rules allow (hundreds for most lessons), one is right:
    trying them blindly is no way through."""
    state = lesson.start()
    right, legal = [], 0
    for attempt in every_attempt(state):
        verdict = check(lesson, state, command_for(attempt))
        legal += not verdict.broken
        if verdict.done:
            right.append(attempt)
    assert right == [lesson.solution]
    assert legal >= 8


def test_outcomes_the_lessons_state() -> None:
    """Each right command leads where the explanation says."""
    _state, pair = after(PAIR.start(), PAIR.solution)
    assert pair.earned == 2 and [len(one.squares) for one in pair.sets if one.pions] == [2]
    _state, split = after(SPLIT.start(), SPLIT.solution)
    assert split.earned == 6
    assert sorted(s.squares for s in split.sets if s.pions) == [
        ("A4", "B4", "C4"),
        ("E4", "F4", "G4"),
    ]
    state, two = after(TWO.start(), TWO.solution)
    assert (two.price, two.earned) == (2, 10) and state.pions[LEARNER] == 10
    state, move = after(MOVE.start(), MOVE.solution)
    assert (move.price, move.earned) == (3, 8) and state.pions[LEARNER] == 8
    assert state.moves_used[LEARNER] == 1
    state, card = after(CARD.start(), CARD.solution)
    assert card.laid == ("T4",) and state.laid[LEARNER] == ("T4-1",)
    assert "T4-1" not in state.hands[LEARNER]
    state, buy = after(BUY.start(), BUY.solution)
    assert buy.bought is not None and buy.bought.card == "O4-1"
    assert state.pions[LEARNER] == 0 and "O4-1" in state.hands[LEARNER]
    _laid_now, laid = after(state, Attempt(remove=("B2",)))
    assert laid.laid == ("O4",)  # the card bought lays the square's stain
    state, end = after(END.start(), END.solution)
    assert end.passed and end.ended and state.is_over
    assert end.score == 17 and state.scores[LEARNER].total == 17
    assert state.winners == (LEARNER,)


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_each_wrong_attempt_names_its_rule(lesson: Lesson) -> None:
    state = lesson.start()
    assert lesson.wrong
    for attempt in lesson.wrong:
        verdict = check(lesson, state, command_for(attempt))
        assert not verdict.done, attempt
        assert verdict.rule == attempt.rule, (attempt, verdict)
        assert verdict.text and "{" not in verdict.text, verdict.text


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_every_mistake_is_recognised(lesson: Lesson) -> None:
    """Each likely mistake a lesson foresees is met by one of its wrong attempts, and
    answers with the rule it misreads."""
    state = lesson.start()
    for mistake in lesson.mistakes:
        met = [
            attempt
            for attempt in lesson.wrong
            if (verdict := check(lesson, state, command_for(attempt))).rule == mistake.rule
            and not verdict.broken
            and verdict.text.startswith(_(mistake.why).split("{")[0][:20])
        ]
        assert met, (lesson.id, mistake.why)


def test_refusals_cite_their_rule() -> None:
    """Commands the rules refuse are answered with the rule id and its advice."""
    cases = [
        (PAIR, Attempt(remove=("A1",)), "T3.1"),
        (PAIR, Attempt(remove=("F7", "D4")), "T3.2"),
        (TWO, Attempt(move=("D2", "D4")), "T3.5"),
        (MOVE, Attempt(move=("D1", "D3")), "T3.3"),
        (BUY, Attempt(buy=("orange", "up")), "T6.1"),
        (BUY, Attempt(end_turn=True), "T2.4"),
        (PAIR, Attempt(remove=("H9",)), "S1.1"),
    ]
    for lesson, attempt, rule in cases:
        verdict = check(lesson, lesson.start(), command_for(attempt))
        assert verdict.broken and not verdict.done and verdict.rule == rule, verdict
        assert _(ADVICE[rule]) in verdict.text


def test_a_passed_player_is_refused_with_t5() -> None:
    state = END.start()
    assert state.passed[1]
    verdict = check(END, state, Remove(1, ("C3",)))
    assert verdict.broken and verdict.rule == "T"  # not Ann's turn
    end_state, _outcome = after(state, END.solution)
    assert end_state.is_over
    assert check(END, end_state, Pass(LEARNER)).rule == "E1"


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_every_question_is_worked_out_from_the_position(lesson: Lesson) -> None:
    """Each answer is one of the options, told with the reasons the rules give, and
    follows the position: the same question on another position may answer otherwise."""
    state = lesson.start()
    assert len(lesson.quizzes) >= 3
    for asked in range(len(lesson.quizzes) * 2):
        quiz = lesson.question(asked)
        assert quiz is not None
        assert quiz.question and quiz.hint
        truth = quiz.truth(state)
        assert truth in quiz.options, (lesson.id, quiz.question, truth)
        assert quiz.worked(state)
        assert lesson.question(asked + 1) != quiz  # never the same twice in a row


def test_facts_follow_the_position_not_the_text() -> None:
    """The answers are computed: change the position and they change."""
    from msgspec.structs import replace

    state = PAIR.start()
    pair_quiz = PAIR.quizzes[1]  # the size of G7's red set
    assert pair_quiz.truth(state) == "1"
    assert pair_quiz.truth(replace(state, tokens=state.tokens & ~(1 << 47))) == "2"  # F7 lifted
    buy_quiz = BUY.quizzes[2]  # emerald cards affordable
    assert buy_quiz.truth(state := BUY.start()) == "1"
    assert buy_quiz.truth(replace(state, pions=(3, 3))) == "3"
    end_quiz = END.quizzes[0]
    assert end_quiz.truth(state := END.start()) == "17"
    assert end_quiz.truth(replace(state, pions=(4, 5))) == "19"
