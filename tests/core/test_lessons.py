"""The tutorial's lessons as data: positions, tasks, checkers, feedback and progress."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest

from atlantis_tui.tutorial_progress import Progress, load_progress, save_progress
from core.atlantis.board import Board
from core.atlantis.commands import AnyCommand, BuyCards, DeclareStuck, Move, Payment, PlaceBridge
from core.atlantis.decide import decide
from core.atlantis.events import CardsDrawn, GameEnded, PlayerStuck, TileTaken
from core.atlantis.evolve import fold
from core.atlantis.lessons import LESSONS, lesson_index
from core.atlantis.moves import (
    final_debt,
    has_legal_move,
    legal_moves,
    pawn_moves,
    purchase_options,
)
from core.atlantis.positions import parse_cards
from core.atlantis.state import MAINLAND, PAWN_LETTERS
from core.atlantis.tutor import (
    LEARNER,
    QUIZ_WORDS,
    Attempt,
    Lesson,
    check,
    command_for,
    pawns_phrase,
)
from tests.core.helpers import held

IDS = [lesson.id for lesson in LESSONS]
RULE_ID = re.compile(r"^(?:[STEVX]\d+(?:\.\d+)*|T)$")


def test_lessons_follow_the_order_of_the_rules() -> None:
    """Path and goal, moving, X1, T6, X2/T5, T2, T1, T9, T4.2/T8, then X3 and E1–E3."""
    assert IDS == [
        "path",
        "moving",
        "occupied",
        "tile",
        "water",
        "bridges",
        "buying",
        "stuck",
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
        "T9",
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
    assert lesson_index("1") == 0 and lesson_index("water") == 4 and lesson_index("10") == 9
    with pytest.raises(KeyError):
        lesson_index("11")


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
    progress.count_answer("water")
    progress.count_answer("water")
    save_progress(path, progress)
    assert json.loads(path.read_text())["answered"] == {"water": 2}
    assert load_progress(path).answers("water") == 2 and load_progress(path).answers("path") == 0
    path.write_text('{"completed": ["path", "no-such-lesson"], "answered": {"no-such-lesson": 1}}')
    assert load_progress(path).completed == ["path"] and load_progress(path).answered == {}
    path.write_text("not json")
    assert load_progress(path) == Progress()


def test_every_lesson_asks_questions_the_rules_answer() -> None:
    """Each lesson has at least three different questions about its position, so a wrong
    answer is always followed by another one; the rules work each answer out, it is one
    of the options, and the worked answer says it."""
    for lesson in LESSONS:
        state = lesson.start()
        assert len(lesson.quizzes) >= 3, lesson.id
        assert len({quiz.question for quiz in lesson.quizzes}) == len(lesson.quizzes)
        for quiz in lesson.quizzes:
            assert len(quiz.options) >= 3 and len(set(quiz.options)) == len(quiz.options)
            assert quiz.truth(state) in quiz.options, (lesson.id, quiz.question)
            assert quiz.hint and quiz.question.endswith("?")
            worked = quiz.worked(state)
            assert worked and "{" not in worked
            right = quiz.shown_options()[quiz.answer(state)]
            if quiz.truth(state) not in QUIZ_WORDS:
                assert right in worked, (lesson.id, right, worked)
        assert [lesson.question(n) for n in range(len(lesson.quizzes))] == list(lesson.quizzes)
        assert lesson.question(len(lesson.quizzes)) == lesson.quizzes[0]


def says(text: str, answer: str) -> bool:
    """Whether ``text`` states ``answer`` as a result: ``= 8``, ``is 3``, ``: 1;``, or names
    the tile or space that is the answer."""
    if not answer.isdigit():
        return answer in text
    return re.search(rf"(=|\bis|:) {answer}\b(?! \+)|\b{answer} in all", text) is not None


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_an_explained_answer_does_not_give_the_next_question_away(lesson: Lesson) -> None:
    """After a wrong answer, the right one is shown worked out while the next question is
    asked: that explanation must not state the next question's answer."""
    state = lesson.start()
    quizzes = lesson.quizzes
    for index, quiz in enumerate(quizzes):
        following = quizzes[(index + 1) % len(quizzes)]
        answer = following.shown_options()[following.answer(state)]
        if following.truth(state) in QUIZ_WORDS:
            continue  # "none", "the Mainland": words any explanation may use
        shown = quiz.worked(state) + " " + quiz.hint
        assert not says(shown, answer), (quiz.question, following.question, shown)


def test_t9_the_stuck_lesson_is_passed_by_declaring_it_and_by_nothing_else() -> None:
    """T9: no pawn of the learner has a move he may make; declaring it ends the turn with
    the hand shown, 2 cards drawn and no tile. Every other command the position allows is
    judged not done: each card of each pawn (T4.5), buying (T1), the bridge (placed)."""
    lesson = LESSONS[lesson_index("stuck")]
    state = lesson.start()
    assert not has_legal_move(state) and state.bridges[LEARNER] is not None
    verdict = check(lesson, state, DeclareStuck(LEARNER))
    assert verdict.done and verdict.rule == "T9"
    assert isinstance(verdict.events[0], PlayerStuck)
    drawn = [e for e in verdict.events if isinstance(e, CardsDrawn)]
    assert [(e.count, e.reason) for e in drawn] == [(2, "stuck")]
    assert not any(isinstance(e, TileTaken) for e in verdict.events)
    others: list[AnyCommand] = [BuyCards(LEARNER, t) for t in state.collected[LEARNER]]
    others.append(PlaceBridge(LEARNER, 4))
    hand = [card for card in range(7) for _copy in range(state.hands[LEARNER][card])]
    for pawn in range(3):
        for count in (1, 2):
            for cards in set(itertools.permutations(hand, count)):
                others.append(Move(LEARNER, pawn, cards, Payment()))
        others += [Move(LEARNER, p.pawn, p.cards, Payment()) for p in pawn_moves(state, pawn)]
    for command in others:
        judged = check(lesson, state, command)
        assert not judged.done and not judged.events, command
    refused = check(lesson, state, command_for(state, Attempt("A", 5)))
    assert refused.broken and "owes 6" in refused.text and "at most 2" in refused.text


@pytest.mark.parametrize("lesson", [lesson for lesson in LESSONS if lesson.id != "stuck"])
def test_t9_declaring_passes_no_other_lesson(lesson: Lesson) -> None:
    """T4.6: a player who can move must, so the rules refuse x wherever a pawn can move;
    in lesson 7, where no pawn can move, T9 is allowed but the task is to buy first (T1)."""
    state = lesson.start()
    verdict = check(lesson, state, DeclareStuck(LEARNER))
    assert not verdict.done and not verdict.events
    if has_legal_move(state):
        assert verdict.broken and verdict.rule == "T4.6"
    else:
        assert lesson.id == "buying" and not verdict.broken and "T9" in verdict.text


def test_the_bridge_lessons_feedback_names_the_pawns_the_rules_let_cross() -> None:
    """T5.3: a bridge elsewhere than on the water at 8 is answered with the pawns it
    would let cross for free, worked out from the position: the pawns behind that water,
    as many per player as the bridge takes off that player's final crossing (E2)."""
    lesson = LESSONS[lesson_index("bridges")]
    state = lesson.start()
    for gap in [gap for gap in Board.of(state).gaps if not gap.bridged]:
        verdict = check(lesson, state, PlaceBridge(LEARNER, gap.first))
        if verdict.done:
            assert gap.first == 8
            continue
        assert f"water at {gap.first}–{gap.last}" in verdict.text
        after = fold([*lesson.events(), *decide(state, PlaceBridge(LEARNER, gap.first))])
        for seat in range(state.player_count):
            saved = final_debt(state, seat) - final_debt(after, seat)
            crossing = saved // gap.price
            letters = [PAWN_LETTERS[p] for p, at in enumerate(state.pawns[seat]) if at < gap.first]
            assert len(letters) == crossing
            if seat == LEARNER:
                assert ("none of yours" in verdict.text) == (crossing == 0), verdict.text
            elif crossing:
                phrase = pawns_phrase(state, seat, letters)
                assert phrase in verdict.text, verdict.text
    # The position shown: all three of Ann's pawns are behind the water at 3–4.
    wrong = check(lesson, state, PlaceBridge(LEARNER, 3))
    assert "Ann's pawns A, B and C" in wrong.text and "none of yours" in wrong.text


def test_a_refusal_names_a_broken_rule_and_a_missed_task_does_not() -> None:
    lesson = LESSONS[lesson_index("tile")]
    state = lesson.start()
    off_task = check(lesson, state, command_for(state, Attempt("A", 5)))
    assert not off_task.done and not off_task.broken and off_task.rule == "T6.1"
    refused = check(lesson, state, Move(LEARNER, 0, (0,), Payment()))  # no flag in hand
    assert not refused.done and refused.broken


# -- the learner is spoken to in agreeing forms, in every game's lessons ------------------------
YOU_DISAGREES = re.compile(r"\bYou's\b|\bYou (?!pass\b|cross\b|miss\b)[a-z]+s\b")
""""You's turn", "You removes", "You has": the learner's seat named in a third-person
sentence ("You pass" and "You cross" agree)."""


def _lesson_texts(game: str) -> list[tuple[str, str]]:
    """Every text a game's lessons show the learner, in English, with the learner's seat
    named "You": the lesson's words, every question worked out, the answer to each wrong
    attempt and to the right one, and what the right one caused."""
    import core.arkantis.lessons as ark_lessons
    import core.arkantis.tutor as ark
    import core.atlantica.lessons as atc_lessons
    import core.atlantica.tutor as atc
    import core.atlantis.tutor as atl

    shown: list[tuple[str, str]] = []
    games: dict[str, tuple[Any, Any, Any, Any]] = {
        "atlantis": (LESSONS, atl.check, atl.happened, atl.command_for),
        "arkantis": (
            ark_lessons.LESSONS,
            ark.check,
            ark.happened,
            lambda state, attempt: ark.command_for(attempt),
        ),
        "atlantica": (atc_lessons.LESSONS, atc.check, atc.happened, atc.command_for),
    }
    lessons, judge, happened, command = games[game]
    for lesson in lessons:
        state = lesson.start()
        where = f"{game}:{lesson.id}"
        for text in (lesson.title, lesson.text, lesson.task, lesson.explanation):
            shown.append((where, text))
        for quiz in lesson.quizzes:
            shown += [(where, quiz.question), (where, quiz.hint), (where, quiz.worked(state))]
            shown += [(where, option) for option in quiz.shown_options()]
        for attempt in (*lesson.wrong, lesson.solution):
            verdict = judge(lesson, state, command(state, attempt))
            shown.append((where, verdict.text))
            if verdict.done:
                shown += [(where, told) for _, told in happened(state, verdict.events)]
    return shown


@pytest.mark.parametrize("game", ["atlantis", "arkantis", "atlantica"])
def test_lessons_speak_to_the_learner_in_agreeing_forms(game: str) -> None:
    """The learner's seat is called "You": no lesson text, answer, feedback or account of
    what happened puts it in a third-person sentence ("You removes", "You's turn")."""
    texts = _lesson_texts(game)
    assert any(text.startswith("You ") for _, text in texts)  # the learner is spoken to
    wrong = [(where, text) for where, text in texts if YOU_DISAGREES.search(text)]
    assert not wrong, wrong
