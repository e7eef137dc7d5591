"""The lessons in every language name the tiles as that language's board shows them.

A lesson's text points at tiles by letter and value ("the helmet H5"); in French
the helmet is C5, in Dutch H5. Each such mention must be a tile of the lesson's
position as the board draws it in that language, and every quiz keeps one right
answer among its options.
"""

from __future__ import annotations

import re

import pytest

from core.atlantis.items import Item
from core.atlantis.lessons import LESSONS
from core.atlantis.state import State
from core.atlantis.tutor import QUIZ_WORDS, Lesson, check, command_for
from core.kernel.i18n import LANGUAGES, _, set_language

TILE_MENTION = re.compile(r"\b([A-Z])(\d)\b")
RULE_SECTIONS = {"S", "T", "E", "X"}  # S2, T5 … are rule ids, not tiles


def tiles_drawn(state: State) -> set[str]:
    """Every tile of the position as the board and the panels show it: ``C5``."""
    tiles = [tile for stack in state.spaces for tile in stack]
    tiles += [tile for held in state.collected for tile in held]
    return {f"{Item(state.tiles[t].item).letter}{state.tiles[t].value}" for t in tiles}


def sentences(lesson: Lesson) -> list[str]:
    texts = [lesson.title, lesson.text, lesson.task, lesson.explanation, lesson.otherwise]
    texts += [mistake.why for mistake in lesson.mistakes]
    texts += [said for said in lesson.refusals.values() if isinstance(said, str)]
    state = lesson.start()
    for quiz in lesson.quizzes:
        texts += [quiz.question, quiz.hint]
    texts = [_(text) for text in texts if text]
    # The answers worked out, and the feedback on each mistake, name tiles too.
    texts += [quiz.worked(state) for quiz in lesson.quizzes]
    texts += [check(lesson, state, command_for(state, attempt)).text for attempt in lesson.wrong]
    return texts


@pytest.mark.parametrize("code", sorted(LANGUAGES))
@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_tiles_named_in_a_lesson_are_on_its_board(code: str, lesson: Lesson) -> None:
    set_language(code)
    drawn = tiles_drawn(lesson.start())
    named = {
        letter + value
        for text in sentences(lesson)
        for letter, value in TILE_MENTION.findall(text)
        if letter not in RULE_SECTIONS
    }
    assert named <= drawn, f"{code}: {sorted(named - drawn)} not among {sorted(drawn)}"


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_every_quiz_shows_its_right_answer(code: str) -> None:
    set_language(code)
    for lesson in LESSONS:
        for quiz in lesson.quizzes:
            shown = quiz.shown_options()
            assert len(set(shown)) == len(shown), shown
            state = lesson.start()
            right = shown[quiz.answer(state)]
            assert right.strip()
            # The worked answer names it in the same letters (words aside: "none", …).
            assert right in quiz.worked(state) or quiz.truth(state) in QUIZ_WORDS
            if code != "en":
                assert shown != quiz.options or all(o.isdigit() for o in shown)
