"""The kernel's tutor judges any game's lessons: shown here on a toy game.

The toy game counts up to 10: a command adds 1 to 3 (C1), and the total may
not pass 10 (C2); reaching 10 makes the game finish by itself. Its lesson asks
how far 10 is, then for the command that reaches it. Nothing here is
Atlantis's, so what the tests check is the kernel's: a refusal answered with
its rule (or the lesson's own words), the goal, the likely mistakes, the
words for any other command, what the game plays after the right command, the
questions asked in turn, and the lessons found by number or id. Atlantis's
lessons (``tests/core/test_lessons.py``) are judged by the same code.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

import pytest

from core.atlantis.game_type import ATLANTIS
from core.atlantis.lessons import LESSONS
from core.kernel import tutor
from core.kernel.errors import IllegalMove
from core.kernel.game_type import Presentation


@dataclass(frozen=True)
class Add:
    n: int


@dataclass(frozen=True)
class Added:
    n: int


@dataclass(frozen=True)
class Finished:
    total: int


Event = Added | Finished


def decide(total: int, command: Add) -> list[Event]:
    if not 1 <= command.n <= 3:
        raise IllegalMove("C1", "you may add 1 to 3")
    if total + command.n > 10:
        raise IllegalMove("C2", "the total may not pass 10")
    return [Added(command.n)]


def evolve(total: int, event: Event) -> int:
    return total + event.n if isinstance(event, Added) else total


def advice(total: int, command: Add, refusal: IllegalMove) -> tuple[str, str]:
    return refusal.rule, f"You could add up to {min(3, 10 - total)}."


@dataclass(frozen=True)
class Counted(tutor.Outcome[int, Add, Event]):
    @property
    def total(self) -> int:
        return self.before + sum(e.n for e in self.events if isinstance(e, Added))

    def fields(self) -> dict[str, object]:
        return {"total": self.total}


def settle(total: int) -> list[Event]:
    return [Finished(total)] if total == 10 else []


TOY = tutor.Tutor[int, Event, Add, Counted](
    decide=decide,
    evolve=evolve,
    explain_refusal=advice,
    outcome=Counted,
    settle=settle,
)


@dataclass(frozen=True, kw_only=True)
class CountingLesson(tutor.Lesson[int, Event, Add, Counted, int]):
    begin: int

    def events(self) -> list[Event]:
        return [Added(self.begin)]

    def start(self) -> int:
        total = 0
        for event in self.events():
            total = evolve(total, event)
        return total


TO_TEN = tutor.Fact[int](lambda total: str(10 - total), lambda total: f"10 - {total}")
LESSON = CountingLesson(
    id="ten",
    title="Reaching ten",
    rules=("C2", "C1"),
    text="Add 1 to 3 each turn.",
    task="Reach 10.",
    begin=8,
    goal=lambda o: o.total == 10,
    explanation="Ten!",
    solution=2,
    mistakes=(tutor.Mistake(lambda o: o.total == 9, "C1", "Only {total}: one more."),),
    otherwise="{total} is short of 10.",
    refusals={"C2": "Past 10: count again."},
    wrong=(1, 3),
    quizzes=(
        tutor.Quiz("How far is 10?", ("1", "2", "3"), TO_TEN, "Count up from the total."),
        tutor.Quiz("And now?", ("2", "3"), TO_TEN, "Count again."),
    ),
)


def test_the_right_command_is_done_with_what_the_game_plays_after_it() -> None:
    verdict = TOY.check(LESSON, LESSON.start(), Add(LESSON.solution))
    assert verdict == tutor.Verdict(True, "C2", "Ten!", (Added(2), Finished(10)))


def test_a_refusal_names_its_rule_with_the_games_advice_or_the_lessons_words() -> None:
    state = LESSON.start()
    assert TOY.check(LESSON, state, Add(5)) == tutor.Verdict(
        False, "C1", "You may add 1 to 3. You could add up to 2.", broken=True
    )
    assert TOY.check(LESSON, state, Add(3)) == tutor.Verdict(
        False, "C2", "Past 10: count again.", broken=True
    )
    worked_out: tutor.Verdict[Event] = tutor.Verdict(False, "C2", "8 + 3 is 11.", broken=True)
    said = {"C2": lambda total, command: f"{total} + {command.n} is {total + command.n}."}
    lesson = replace(LESSON, refusals=said)
    assert TOY.check(lesson, state, Add(3)) == worked_out


def test_a_legal_command_that_misses_the_task_names_the_rule_it_misreads() -> None:
    assert TOY.check(LESSON, LESSON.start(), Add(1)) == tutor.Verdict(
        False, "C1", "Only 9: one more."
    )
    quiet = replace(LESSON, begin=4, mistakes=())
    assert TOY.check(quiet, quiet.start(), Add(1)) == tutor.Verdict(
        False, "C2", "5 is short of 10."
    )
    named = replace(quiet, otherwise_rule="C1")
    assert TOY.check(named, named.start(), Add(1)).rule == "C1"


def test_the_questions_are_asked_in_turn_and_answered_by_the_rules() -> None:
    asked = [LESSON.question(n) for n in range(4)]
    assert asked == [LESSON.quizzes[0], LESSON.quizzes[1], LESSON.quizzes[0], LESSON.quizzes[1]]
    quiz = asked[0]
    assert quiz is not None
    assert quiz.truth(8) == "2" and quiz.answer(8) == 1 and quiz.worked(8) == "10 - 8"
    assert quiz.shown_options() == ("1", "2", "3")
    assert replace(LESSON, quizzes=()).question(0) is None


def test_lessons_are_found_by_number_or_id_and_the_next_is_the_first_not_done() -> None:
    lessons = [LESSON, replace(LESSON, id="again")]
    assert tutor.lesson_index(lessons, "again") == 1 and tutor.lesson_index(lessons, "1") == 0
    for unknown in ("3", "0", "nine"):
        with pytest.raises(KeyError):
            tutor.lesson_index(lessons, unknown)
    assert tutor.next_lesson(lessons, lambda lesson_id: False) == 0
    assert tutor.next_lesson(lessons, lambda lesson_id: lesson_id == "ten") == 1
    assert tutor.next_lesson(lessons, lambda lesson_id: True) == 1


def test_the_descriptor_gives_a_games_lessons() -> None:
    assert ATLANTIS.presentation.lessons() is LESSONS
    assert all(isinstance(lesson, tutor.Lesson) for lesson in LESSONS)
    (no_lessons,) = [each.default for each in fields(Presentation) if each.name == "lessons"]
    assert callable(no_lessons) and no_lessons() == ()
