"""The tutor: how a lesson is judged, whatever the game and whatever the lesson.

A lesson (``Lesson``) opens on a prepared position, explains one idea, asks a
question about the position (``Quiz``) and then asks the learner for one
command. Each question's answer, and how it follows from the rules, is worked
out from the position (``Fact``), never written by hand; a lesson has several
questions, asked in turn (``Lesson.question``), so a wrong answer is followed
by a different question rather than the same one again.

``Tutor.check`` runs the command through the game's rules: a refusal is
answered with its rule id and what would be allowed (the game's own advice,
or the lesson's words); a legal command that misses the task is matched
against the lesson's likely mistakes, each naming the rule it misreads; the
right command (the lesson's ``goal``) earns the lesson's explanation, with
whatever the game plays after it by itself (``Tutor.settle``).

A game brings the rest: a ``Lesson`` subclass with the fields its positions
are made of, an ``Outcome`` subclass with the facts its goals and mistakes
ask about, a ``Tutor`` holding its rules, and its lessons in order (the
descriptor's ``lessons``). Which lesson a learner meets next and finding a
lesson by number or id (``next_lesson``, ``lesson_index``) are the same for
every game. Atlantis's tutor is ``core.atlantis.tutor``, its lessons
``core.atlantis.lessons``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import reduce
from typing import Any, Generic, TypeVar

from core.kernel.errors import IllegalMove
from core.kernel.i18n import _

S = TypeVar("S")
E = TypeVar("E")
C = TypeVar("C")
A = TypeVar("A")
O = TypeVar("O", bound="Outcome[Any, Any, Any]")  # noqa: E741 (O for outcome)

LEARNER = 0
"""The learner always sits in seat 0 and is the player to act."""


@dataclass(frozen=True)
class Outcome(Generic[S, C, E]):
    """A legal command and the events it caused, in the position it was given in.

    A game's subclass adds the facts its lessons' goals and mistakes ask about
    (where a pawn stopped, what was taken), and the values their sentences name.
    """

    before: S
    command: C
    events: tuple[E, ...]

    def fields(self) -> dict[str, object]:
        """Values a lesson's sentences may name (``{where}``, ``{took}`` …); none here."""
        return {}


@dataclass(frozen=True)
class Mistake(Generic[O]):
    """A legal command that misses the task, recognised by ``when``; ``why`` names the rule."""

    when: Callable[[O], bool]
    rule: str
    why: str


@dataclass(frozen=True)
class Verdict(Generic[E]):
    """The answer to one command: done or not, the rule to read, and what to say.

    ``broken`` is true when the rules refused the command (its rule was
    broken); a legal command that misses the task only points to the rule to
    read. ``events`` are what the right command caused (with what the game
    played after it by itself); empty otherwise.
    """

    done: bool
    rule: str
    text: str
    events: tuple[E, ...] = ()
    broken: bool = False


@dataclass(frozen=True)
class Fact(Generic[S]):
    """What a question asks about a position, worked out by the rules.

    ``answer`` is the right option as the lessons write options (in English);
    ``worked`` says how it follows from the rules, in the reader's language,
    shown once the question is answered.
    """

    answer: Callable[[S], str]
    worked: Callable[[S], str]


@dataclass(frozen=True)
class Quiz(Generic[S]):
    """A question about the lesson's position, answered before the task can be tried.

    It is asked when the lesson opens, while nothing on screen gives its answer.
    ``fact`` works the answer out from the position with the rules, so the
    lesson can never disagree with them; it must be one of ``options``. Once
    answered, right or wrong, the answer is shown worked out with ``hint`` (how
    to find it); a wrong one is followed by another question.
    """

    question: str
    options: tuple[str, ...]
    fact: Fact[S]
    hint: str

    def truth(self, state: S) -> str:
        """The right option, as the lesson writes it."""
        return self.fact.answer(state)

    def answer(self, state: S) -> int:
        """The index of the right option in ``state``."""
        return self.options.index(self.truth(state))

    def worked(self, state: S) -> str:
        """How the rules give the answer, in the reader's language."""
        return self.fact.worked(state)

    def shown_options(self) -> tuple[str, ...]:
        """The options in the reader's language."""
        return tuple(self.option_text(option) for option in self.options)

    def option_text(self, option: str) -> str:
        """One option as the reader reads it: options are written in English, the words
        marked for translation (a game whose options hold notation says how to show it)."""
        return _(option) if option else option


@dataclass(frozen=True, kw_only=True)
class Lesson(Generic[S, E, C, O, A]):
    """One idea of the rules: a position, text, one task and how to judge it.

    ``A`` is how the game describes a command the way its keys make it
    (``solution``, and the deliberate ``wrong`` attempts tests replay). A
    game's subclass adds what its positions are made of and builds them
    (``events``, ``start``).
    """

    id: str
    title: str
    rules: tuple[str, ...]
    text: str
    task: str
    goal: Callable[[O], bool]
    explanation: str
    solution: A
    mistakes: tuple[Mistake[O], ...] = ()
    otherwise: str = ""
    """Said to a legal command that no mistake describes, naming ``otherwise_rule``."""
    otherwise_rule: str = ""
    """The rule ``otherwise`` is about; the lesson's first rule when empty."""
    refusals: Mapping[str, str | Callable[[S, C], str]] = field(default_factory=dict)
    """The lesson's own words for a refusal, by rule id, instead of the general advice:
    a sentence, or a function working one out from the position and the command."""
    wrong: tuple[A, ...] = ()
    quizzes: tuple[Quiz[S], ...] = ()
    """Asked in turn before the task: the first when the lesson first opens, then the
    next one after every answer, so a question is never asked twice in a row and a
    wrong guess cannot be followed by another option of the same question."""

    @property
    def rule(self) -> str:
        return self.rules[0]

    def events(self) -> list[E]:
        """The events that open the lesson's position (a game like any other)."""
        raise NotImplementedError

    def start(self) -> S:
        """The lesson's position."""
        raise NotImplementedError

    def question(self, asked: int) -> Quiz[S] | None:
        """The question to ask after ``asked`` answers to this lesson's questions."""
        return self.quizzes[asked % len(self.quizzes)] if self.quizzes else None


AnyLesson = Lesson[Any, Any, Any, Any, Any]
"""A lesson of any game (the descriptor's ``lessons`` returns these)."""


def _nothing_follows(state: object) -> list[Any]:
    return []


@dataclass(frozen=True)
class Tutor(Generic[S, E, C, O]):
    """A game's rules as the tutor uses them to judge a learner's command."""

    decide: Callable[[S, C], list[E]]
    """The game's ``decide``: the events of a command, or ``IllegalMove`` naming a rule."""
    evolve: Callable[[S, E], S]
    explain_refusal: Callable[[S, C, IllegalMove], tuple[str, str]]
    """The rule a refusal names and what would have been allowed, in one sentence."""
    outcome: Callable[[S, C, tuple[E, ...]], O]
    """The game's ``Outcome`` of a legal command, which goals and mistakes look at."""
    settle: Callable[[S], list[E]] = _nothing_follows
    """What the game plays by itself after the right command (others' last payments),
    so the lesson can show where it led."""

    def check(self, lesson: Lesson[S, E, C, O, Any], state: S, command: C) -> Verdict[E]:
        """Judge the learner's command in the lesson's position."""
        try:
            events = self.decide(state, command)
        except IllegalMove as refusal:
            rule, advice = self.explain_refusal(state, command, refusal)
            said = lesson.refusals.get(rule)
            if said:
                text = said(state, command) if callable(said) else _(said)
                return Verdict(False, rule, text, broken=True)
            text = _("{reason}. {advice}").format(reason=_capital(refusal.reason), advice=advice)
            return Verdict(False, rule, text, broken=True)
        outcome = self.outcome(state, command, tuple(events))
        if lesson.goal(outcome):
            after = reduce(self.evolve, events, state)
            followed = (*events, *self.settle(after))
            return Verdict(True, lesson.rule, _(lesson.explanation), followed)
        for mistake in lesson.mistakes:
            if mistake.when(outcome):
                return Verdict(False, mistake.rule, _(mistake.why).format_map(outcome.fields()))
        rule = lesson.otherwise_rule or lesson.rule
        return Verdict(False, rule, _(lesson.otherwise).format_map(outcome.fields()))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- progress through the lessons ---------------------------------------------------------------
def lesson_index(lessons: Sequence[AnyLesson], lesson_id: str) -> int:
    """Position of a lesson by id or by number (``"3"``); raises ``KeyError``."""
    if lesson_id.isdigit() and 1 <= int(lesson_id) <= len(lessons):
        return int(lesson_id) - 1
    for index, lesson in enumerate(lessons):
        if lesson.id == lesson_id:
            return index
    raise KeyError(lesson_id)


def next_lesson(lessons: Sequence[AnyLesson], done: Callable[[str], bool]) -> int:
    """The first lesson not ``done`` yet (the last one when all are done)."""
    for index, lesson in enumerate(lessons):
        if not done(lesson.id):
            return index
    return len(lessons) - 1
