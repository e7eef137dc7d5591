"""The Atlantica tutorial played with the keys: each lesson's question answered wrong
then right, its wrong commands answered with their rule, nothing played and another
question asked, its right command made with the game's keys, and progress remembered;
nothing on screen gives a question's answer or the task's away, and the builder leaves
the pair to the learner."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from atlantis_tui.games.atlantica.builder import pick_spaces
from atlantis_tui.games.atlantica.tutorial_screen import TutorialScreen
from atlantis_tui.saves import progress_file
from atlantis_tui.tutorial_app import TutorialApp
from atlantis_tui.tutorial_progress import game_progress_file, load_progress
from core.atlantica.commands import PerformAction
from core.atlantica.lessons import CRATES, LESSONS, PAIR
from core.atlantica.state import State
from core.atlantica.tutor import Attempt, Lesson, command_for

LOCATION_KEYS = {"submarine": "s", "port": "o", "bistro": "b", "research": "c"}


def feedback(screen: TutorialScreen) -> str:
    return str(screen.query_one("#tut-feedback", Static).render())


def screen_text(screen: TutorialScreen) -> str:
    """Everything the screen shows in its panels and options."""
    parts = [str(widget.render()) for widget in screen.query(Static) if widget.display]
    for options in screen.query(OptionList):
        if options.display:
            parts += [str(option.prompt) for option in options.options]
    return "\n".join(parts)


def keys_for(state: State, attempt: Attempt) -> list[str] | None:
    """The keys that make ``attempt``: a location, a level, Tab to the payment, the cards
    to take with the arrows and Space, Enter; or p, or n. ``None`` for an attempt the keys
    cannot make (a payment or a space the builder does not offer)."""
    if attempt.pass_turn:
        return ["p"]
    if attempt.location is None or attempt.end_turn:
        return ["n"]
    spaces = pick_spaces(state, attempt.location, attempt.level)
    if attempt.cards is not None or not set(attempt.picks) <= set(spaces):
        return None
    keys = [LOCATION_KEYS[attempt.location], str(attempt.level)]
    command = command_for(state, attempt)
    if isinstance(command, PerformAction) and command.pair_slot is not None:
        keys.append("j")  # the builder offers a pair only when asked
    else:
        keys += ["tab"] * attempt.payment
    cursor = 0
    for index in sorted(spaces.index(pick) for pick in attempt.picks):
        keys += ["right"] * (index - cursor) + ["space"]
        cursor = index
    return [*keys, "enter"]


async def answer(pilot: Pilot[None], screen: TutorialScreen, right: bool) -> None:
    quiz = screen.quiz
    assert quiz is not None
    truth = quiz.answer(screen.state)
    choice = truth if right else (truth + 1) % len(quiz.options)
    await pilot.press(*["down"] * (choice + 1), "enter")
    await pilot.pause()


def verdict_of(screen: TutorialScreen) -> object:
    """The last verdict (read afresh, after keys changed it)."""
    return screen.verdict


def waiting(screen: TutorialScreen) -> object:
    """The question waiting for an answer (read afresh)."""
    return screen.quiz


def lesson_of(screen: TutorialScreen) -> object:
    """The lesson shown (read afresh)."""
    return screen.lesson


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
async def test_each_lesson_is_played_by_keys(save_dir: Path, lesson: Lesson) -> None:
    app = TutorialApp(save_dir, lesson.id, bot_delay=0, game="atlantica")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen) and screen.lesson is lesson
        start = screen.state
        first = screen.quiz
        assert first is not None and first.question in screen_text(screen)
        # The game's keys wait until the question is answered.
        solution = keys_for(start, lesson.solution)
        assert solution is not None
        await pilot.press(*solution)
        assert verdict_of(screen) is None and screen.state == start and screen.quiz is first
        await answer(pilot, screen, right=False)
        assert screen.quiz is not None and screen.quiz is not first
        assert "Not quite" in str(screen.query_one("#tut-feedback").border_title)
        await answer(pilot, screen, right=True)
        assert waiting(screen) is None
        # Each wrong command the keys can make: its rule, nothing played, and another
        # question before the next try.
        made = 0
        for attempt in lesson.wrong:
            keys = keys_for(start, attempt)
            if keys is None:
                continue
            made += 1
            await pilot.press(*keys)
            verdict = screen.verdict
            assert verdict is not None and not verdict.done, attempt
            assert verdict.rule == attempt.rule, (attempt, verdict)
            assert verdict.rule in feedback(screen)
            assert screen.state == start
            assert waiting(screen) is not None
            await answer(pilot, screen, right=True)
        assert made >= 3
        await pilot.press(*solution)
        verdict = screen.verdict
        assert verdict is not None and verdict.done, verdict
        assert "What happened" in feedback(screen) and screen.state != start
        assert screen.state.current != 0 or screen.state.is_over  # the turn was ended
    progress = load_progress(game_progress_file(progress_file(save_dir), "atlantica"), "atlantica")
    assert progress.done(lesson.id) and progress.answers(lesson.id) == 2 + made


async def test_nothing_on_screen_gives_the_answers_away(save_dir: Path) -> None:
    """While the question waits, its worked answer is nowhere; once the task starts, an
    action chosen whole shows its cards and payment, never the score it would make."""
    app = TutorialApp(save_dir, "crates", bot_delay=0, game="atlantica")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen)
        for quiz in CRATES.quizzes:
            assert quiz.worked(screen.state) not in screen_text(screen)
        shown = screen_text(screen)
        assert "now 18" not in shown and "released now" not in shown
        await answer(pilot, screen, right=True)
        for keys in (["o", "1"], ["escape", "o", "2"]):
            await pilot.press(*keys)
            shown = screen_text(screen)
            assert "Port T4." in shown  # the action is whole …
            assert "Score now" not in shown and "→ 2" not in shown  # … with no preview


async def test_a_pair_the_rules_refuse_and_the_keys_between_lessons(save_dir: Path) -> None:
    app = TutorialApp(save_dir, "pair", bot_delay=0, game="atlantica")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen) and screen.lesson is PAIR
        await answer(pilot, screen, right=True)
        # j on a level single cards pay: the rules' T2.5, nothing played.
        await pilot.press("o", "1", "j")
        assert screen.verdict is not None and screen.verdict.rule == "T2.5"
        assert "Rule T2.5" in feedback(screen)
        await answer(pilot, screen, right=True)
        # j on the level that needs it chooses the pair; the right command.
        await pilot.press("s", "2", "j", "2", "3", "enter")
        assert screen.verdict is not None and screen.verdict.done
        await pilot.press("n")
        assert lesson_of(screen) is LESSONS[3]
        await pilot.press("backspace")
        assert lesson_of(screen) is PAIR and verdict_of(screen) is None
        await pilot.press("k")  # skip
        assert lesson_of(screen) is LESSONS[3]
        await answer(pilot, screen, right=True)
        await pilot.press("b", "1", "enter")
        assert not getattr(verdict_of(screen), "done", True)
        await pilot.press("t")
        assert verdict_of(screen) is None and waiting(screen) is not None


async def test_the_narrow_screen_plays_a_lesson(save_dir: Path) -> None:
    app = TutorialApp(save_dir, "research", bot_delay=0, game="atlantica")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen) and screen.has_class("-narrow")
        await answer(pilot, screen, right=True)
        await pilot.press("c", "2", "2", "enter")
        assert screen.verdict is not None and screen.verdict.done


#: What a wrong attempt's feedback must not say: what it would have earned.
EARNINGS = re.compile(r"[+−-]\d+ points|\d+ points|adds? [+−-]?\d")


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
async def test_a_task_cannot_be_passed_by_trying_commands_in_turn(
    save_dir: Path, lesson: Lesson
) -> None:
    """A wrong command is refused without saying what it would have earned or what the
    right one is, and another question takes the task's place: the right command typed
    straight after is not judged until that question is answered."""
    app = TutorialApp(save_dir, lesson.id, bot_delay=0, game="atlantica")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen)
        start = screen.state
        await answer(pilot, screen, right=True)
        solution = keys_for(start, lesson.solution)
        assert solution is not None
        for attempt in lesson.wrong:
            keys = keys_for(start, attempt)
            if keys is None:
                continue
            await pilot.press(*keys)
            refused = screen.verdict
            assert refused is not None and not refused.done
            told = feedback(screen)
            assert not EARNINGS.search(told), told
            assert lesson.explanation not in told
            asked = waiting(screen)
            assert asked is not None
            # The right command straight away: not judged, nor played, while a question
            # waits (arrows and Enter may answer it instead).
            await pilot.press(*solution)
            assert not getattr(verdict_of(screen), "done", False) and screen.state == start
            while waiting(screen) is not None:
                await answer(pilot, screen, right=True)


async def test_a_question_starts_with_no_answer_chosen(save_dir: Path) -> None:
    """A question's options start with none highlighted, and Enter answers nothing, on
    opening and after a wrong attempt."""
    app = TutorialApp(save_dir, "level1", bot_delay=0, game="atlantica")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen)
        for _round in range(2):
            options = screen.query_one("#tut-options", OptionList)
            assert options.has_focus and options.highlighted is None
            asked = screen.quiz
            await pilot.press("enter")
            assert waiting(screen) is asked and screen.answer is None
            await answer(pilot, screen, right=True)
            await pilot.press("p")  # a wrong attempt (T8): another question
            assert waiting(screen) is not None


async def test_the_pair_is_left_to_the_learner(save_dir: Path) -> None:
    """At the submarine's level 2, which only a pair pays, the builder fills in no pair by
    itself: Enter without j is judged unpaid (a broken rule, nothing played), and j
    fills the violet slot with the two white divers."""
    app = TutorialApp(save_dir, "pair", bot_delay=0, game="atlantica")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen)
        await answer(pilot, screen, right=True)
        await pilot.press("s", "2", "2", "3")
        assert screen.draft.payment_of(screen.state) is None
        assert "pair (T2.5)" not in screen_text(screen)
        await pilot.press("enter")
        assert screen.verdict is not None and screen.verdict.broken
        assert screen.state == PAIR.start()
        await answer(pilot, screen, right=True)
        await pilot.press("s", "2", "j")
        assert "pair (T2.5)" in screen_text(screen)
        payment = screen.draft.payment_of(screen.state)
        assert payment is not None and payment.pair_slot is not None


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
async def test_the_table_and_its_ladders_are_in_view(save_dir: Path, size: tuple[int, int]) -> None:
    """Questions count treasures on their ladders (S1.3): in every lesson, at 120×40 and
    at 80×24, the table shows the hand, the players and every ladder without scrolling
    (the dive lesson's statue ladder was cut off at 80×24)."""
    app = TutorialApp(save_dir, 1, bot_delay=0, game="atlantica")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen)
        for index, lesson in enumerate(LESSONS):
            screen.open_lesson(index)
            await pilot.pause()
            table = screen.query_one("#tut-table")
            assert table.max_scroll_y == 0, (lesson.id, table.max_scroll_y)
            shown = str(screen.query_one("#tut-players", Static).render())
            assert all(kind in shown for kind in ("ARC", "STA", "ARM")), lesson.id
