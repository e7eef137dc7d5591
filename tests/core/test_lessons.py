"""The tutorial's lessons as data: positions, tasks, checkers, feedback and progress."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from atlantis_tui.tutorial_progress import Progress, load_progress, save_progress
from core.commands import Move, Payment
from core.events import GameEnded
from core.evolve import fold
from core.lessons import LESSONS, lesson_index
from core.moves import legal_moves, purchase_options
from core.positions import parse_cards
from core.state import MAINLAND
from core.tutor import LEARNER, Attempt, Lesson, check, command_for
from tests.core.helpers import held

IDS = [lesson.id for lesson in LESSONS]
RULE_ID = re.compile(r"^(?:[STEVX]\d+(?:\.\d+)*|T)$")


def test_lessons_follow_the_order_of_the_rules() -> None:
    """Path and goal, moving, X1, T6, X2/T5, T2, T1, T4.2/T8, then X3 and E1–E3."""
    assert IDS == [
        "path",
        "moving",
        "occupied",
        "tile",
        "water",
        "bridges",
        "buying",
        "mainland",
        "end",
    ]
    assert [lesson.rule for lesson in LESSONS] == [
        "S2",
        "T4.1",
        "T4.3",
        "T6.1",
        "T5.1",
        "T2",
        "T1",
        "T4.2",
        "E1",
    ]


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_lesson_opens_with_the_learner_to_act(lesson: Lesson) -> None:
    """A lesson is a prepared game like any other: it folds, the learner acts, its
    sentences are short and every rule id it names exists."""
    state = lesson.start()
    assert state.phase == "playing" and state.to_act == LEARNER
    assert state == fold(lesson.events())
    assert legal_moves(state) or purchase_options(state)
    assert 2 <= lesson.text.count(". ") + 1 <= 4, "two or three sentences, four at most"
    assert all(RULE_ID.match(rule) for rule in lesson.rules)
    assert all(RULE_ID.match(attempt.rule) for attempt in lesson.wrong)
    assert lesson.wrong, "every lesson has deliberate wrong attempts to test"


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_the_solution_fulfils_the_task(lesson: Lesson) -> None:
    """The right command is accepted, names the lesson's rule and explains itself."""
    state = lesson.start()
    verdict = check(lesson, state, command_for(state, lesson.solution))
    assert verdict.done, verdict
    assert verdict.rule == lesson.rule
    assert verdict.text == lesson.explanation
    assert verdict.events


@pytest.mark.parametrize(
    ("lesson", "attempt"),
    [(lesson, attempt) for lesson in LESSONS for attempt in lesson.wrong],
    ids=[
        f"{lesson.id}-{a.pawn or a.buy or a.bridge}{a.to or ''}"
        for lesson in LESSONS
        for a in lesson.wrong
    ],
)
def test_each_likely_mistake_names_its_rule(lesson: Lesson, attempt: Attempt) -> None:
    """A wrong attempt is not done, names the expected rule and says why, with every
    placeholder of the sentence filled in."""
    state = lesson.start()
    verdict = check(lesson, state, command_for(state, attempt))
    assert not verdict.done
    assert verdict.rule == attempt.rule
    assert verdict.text and "{" not in verdict.text
    assert not verdict.events


def test_a_refusal_is_answered_with_the_lessons_own_words() -> None:
    """X1: one helmet alone lands on Ann's pawn; decide refuses it (T4.5) and the lesson
    says why in terms of T4.3."""
    lesson = LESSONS[lesson_index("occupied")]
    state = lesson.start()
    verdict = check(lesson, state, Move(LEARNER, 0, parse_cards("He")))
    assert (verdict.done, verdict.rule) == (False, "T4.5")
    assert "H2" in verdict.text and "T4.3" in verdict.text


def test_a_refusal_without_lesson_words_gets_the_rules_advice() -> None:
    """X2: paying with the ring just played is refused by T5.4, and the advice names the
    payable total and the least-overpaying payment."""
    lesson = LESSONS[lesson_index("water")]
    state = lesson.start()
    ol5 = held(state, LEARNER, "Ol5")
    command = Move(LEARNER, 1, parse_cards("Ri"), Payment((ol5,), parse_cards("Ri Fl")))
    verdict = check(lesson, state, command)
    assert (verdict.done, verdict.rule) == (False, "T5.4")
    assert "owe 7" in verdict.text and "up to 7" in verdict.text
    assert "Least overpay: olives 5 + 2 cards" in verdict.text


def test_the_last_lesson_plays_the_others_final_crossings() -> None:
    """X3: after the third pawn comes home the others pay (E2) and the game ends (E3)."""
    lesson = LESSONS[-1]
    state = lesson.start()
    verdict = check(lesson, state, command_for(state, lesson.solution))
    assert isinstance(verdict.events[-1], GameEnded)
    after = fold([*lesson.events(), *verdict.events])
    assert after.is_over and all(p == MAINLAND for row in after.pawns for p in row)


def test_checking_never_changes_the_position() -> None:
    lesson = LESSONS[0]
    state = lesson.start()
    check(lesson, state, command_for(state, lesson.solution))
    assert state == lesson.start()


def test_lessons_are_found_by_number_or_id() -> None:
    assert lesson_index("1") == 0 and lesson_index("water") == 4 and lesson_index("9") == 8
    with pytest.raises(KeyError):
        lesson_index("10")


def test_progress_round_trips_and_survives_damage(tmp_path: Path) -> None:
    """Progress is plain JSON; a missing or damaged file, or unknown ids, mean nothing."""
    path = tmp_path / "deep" / "tutorial.json"
    assert load_progress(path) == Progress()
    progress = Progress()
    progress.mark("water")
    progress.mark("path")
    progress.mark("water")
    save_progress(path, progress)
    assert json.loads(path.read_text()) == {"completed": ["water", "path"]}
    assert load_progress(path).completed == ["water", "path"]
    assert load_progress(path).next_lesson() == 1
    path.write_text('{"completed": ["path", "no-such-lesson"]}')
    assert load_progress(path).completed == ["path"]
    path.write_text("not json")
    assert load_progress(path) == Progress()


def test_every_lesson_asks_a_question_the_rules_answer() -> None:
    """Trying every destination finds the right move but not the answer: each lesson asks
    about its position, and the rules work the answer out, so it is one of the options."""
    for lesson in LESSONS:
        quiz = lesson.quiz
        assert quiz is not None, lesson.id
        assert len(quiz.options) >= 3 and len(set(quiz.options)) == len(quiz.options)
        assert quiz.truth(lesson.start()) in quiz.options, lesson.id
        assert quiz.hint and quiz.question.endswith("?")


def test_a_refusal_names_a_broken_rule_and_a_missed_task_does_not() -> None:
    lesson = LESSONS[lesson_index("tile")]
    state = lesson.start()
    off_task = check(lesson, state, command_for(state, Attempt("A", 5)))
    assert not off_task.done and not off_task.broken and off_task.rule == "T6.1"
    refused = check(lesson, state, Move(LEARNER, 0, (0,), Payment()))  # no flag in hand
    assert not refused.done and refused.broken
