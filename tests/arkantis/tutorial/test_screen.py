"""The ArkantiS tutorial played with the keys and the mouse: a question answered wrong
then right, a wrong command answered with its rule and another question, the right one
typed, chosen with the arrows, or clicked, and progress remembered; the board never
marks the answer, and a task cannot be passed by trying commands in turn."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from atlantis_tui.games.arkantis.board import BoardWidget
from atlantis_tui.games.arkantis.tutorial_screen import TutorialScreen
from atlantis_tui.saves import progress_file
from atlantis_tui.tutorial_app import TutorialApp
from atlantis_tui.tutorial_progress import game_progress_file, load_progress
from core.arkantis.lessons import BUY, END, LESSONS, PAIR
from core.arkantis.squares import parse
from core.arkantis.state import PILES
from core.arkantis.tutor import Attempt, Lesson


def feedback(screen: TutorialScreen) -> str:
    return str(screen.query_one("#tut-feedback").render())


def waiting(screen: TutorialScreen) -> object:
    """The question waiting for an answer (read afresh, after keys changed it)."""
    return screen.quiz


def waiting_verdict(screen: TutorialScreen) -> object:
    """The last verdict, read afresh."""
    return screen.verdict


def outlined(board: BoardWidget) -> bool:
    """Whether the board marks modified sets (read afresh)."""
    return bool(board.marks.sets)


def finished(screen: TutorialScreen) -> bool:
    """Whether the lesson's task is done (read afresh)."""
    return screen.done


async def answer(pilot: Pilot[None], screen: TutorialScreen, right: bool) -> None:
    quiz = screen.quiz
    assert quiz is not None
    truth = quiz.answer(screen.state)
    choice = truth if right else (truth + 1) % len(quiz.options)
    await pilot.press(*["down"] * (choice + 1), "enter")
    await pilot.pause()


async def test_a_lesson_played_by_keys(save_dir: Path) -> None:
    app = TutorialApp(save_dir, "pair", bot_delay=0, game="arkantis")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen) and screen.lesson is PAIR
        start = screen.state
        first = screen.quiz
        assert first is not None
        # Keys meant for the board wait until the question is answered.
        await pilot.press("f", "7", "enter")
        assert waiting_verdict(screen) is None and screen.state == start
        await answer(pilot, screen, right=False)
        assert screen.quiz is not None and screen.quiz != first
        assert "Not quite" in str(screen.query_one("#tut-feedback").border_title)
        await answer(pilot, screen, right=True)
        assert waiting(screen) is None
        # A legal command that misses the task: the rule it misreads, nothing played.
        await pilot.press("g", "6", "enter")
        assert screen.verdict is not None and not screen.verdict.done
        assert screen.verdict.rule == "T4.3" and "T4.3" in feedback(screen)
        assert screen.state == start
        await answer(pilot, screen, right=True)  # the question that followed it
        # A refused one: the rule it breaks.
        await pilot.press("w", "a", "2", "b", "2", "enter")
        assert screen.verdict is not None and screen.verdict.broken
        assert screen.verdict.rule == "T3.2" and "Rule T3.2" in feedback(screen)
        await answer(pilot, screen, right=True)
        # The right one with the arrows: from B2, the last square chosen, to F7.
        await pilot.press("o", *["right"] * 4, *["down"] * 5, "space")
        board = screen.query_one(BoardWidget)
        assert board.marks.selected == (parse("F7"),) and not outlined(board)
        await pilot.press("enter")
        assert finished(screen)
        assert "What happened" in feedback(screen)
        assert outlined(board)  # the played action's sets are outlined now
        assert screen.state.pions[0] == start.pions[0] + 2
        await pilot.press("n")
        assert screen.lesson is LESSONS[1]
    progress = load_progress(game_progress_file(progress_file(save_dir), "arkantis"), "arkantis")
    assert progress.done("pair") and progress.answers("pair") == 4


async def test_a_click_chooses_and_a_purchase_is_judged(save_dir: Path) -> None:
    app = TutorialApp(save_dir, "buy", bot_delay=0, game="arkantis")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen) and screen.lesson is BUY
        await answer(pilot, screen, right=True)
        board = screen.query_one(BoardWidget)
        # Large board: labels 3 wide, cells 7 × 3, a header line; B2 is column 1, row 1.
        await pilot.click(board, offset=(3 + 7 + 3, 1 + 3 + 1))
        assert board.marks.selected == (parse("B2"),)
        await pilot.press("enter")
        assert screen.verdict is not None and screen.verdict.rule == "T4.5"
        await answer(pilot, screen, right=True)
        await pilot.press("y")
        await pilot.pause()
        await pilot.press("down", "enter")  # the face-up orange pile: 2 pions, 1 held
        await pilot.pause()
        assert screen.verdict is not None and screen.verdict.broken
        assert screen.verdict.rule == "T6.1"
        await answer(pilot, screen, right=True)
        await pilot.press("y")
        await pilot.pause()
        await pilot.press("down", "down", "down", "enter")  # the face-up emerald pile
        await pilot.pause()
        assert screen.verdict is not None and screen.verdict.done
        assert "O4-1" in screen.state.hands[0]


async def test_the_board_gives_no_answer_away(save_dir: Path) -> None:
    """While a square is chosen, only the brackets show: no set is marked, no pions."""
    app = TutorialApp(save_dir, "split", bot_delay=0, game="arkantis")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen)
        await answer(pilot, screen, right=True)
        await pilot.press("d", "4")
        board = screen.query_one(BoardWidget)
        assert board.marks.selected == (parse("D4"),)
        assert not board.marks.sets and not board.marks.changed
        assert "+" not in "".join(board.drawing())


def keys_for(attempt: Attempt) -> list[str]:
    """The keys that make ``attempt``: o, w or m, the squares typed, Enter; y and the
    pile; p; n."""
    if attempt.pass_turn:
        return ["p"]
    if attempt.end_turn:
        return ["n"]
    if attempt.buy is not None:
        return ["y", *["down"] * PILES.index(attempt.buy), "enter"]
    squares: tuple[str, ...]
    if attempt.move is not None:
        squares, mode = attempt.move, "m"
    else:
        squares, mode = attempt.remove, "o" if len(attempt.remove) == 1 else "w"
    typed = [key for sq in squares for key in sq.lower()]
    return [mode, *typed, "enter"]


async def press(pilot: Pilot[None], keys: list[str]) -> None:
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


#: What a wrong attempt's feedback must not say: what it would have earned.
EARNINGS = re.compile(r"(?i)earns? \d|earned:? \d|pays \d|score is \d")


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
async def test_a_task_cannot_be_passed_by_trying_commands_in_turn(
    save_dir: Path, lesson: Lesson
) -> None:
    """Each deliberate wrong command is refused without saying what it would have earned
    or what the right one is, and another question takes the task's place: the right
    command typed straight after is not judged until that question is answered. Then
    the right one passes, and the lesson is done."""
    app = TutorialApp(save_dir, lesson.id, bot_delay=0, game="arkantis")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen)
        start = screen.state
        await answer(pilot, screen, right=True)
        for attempt in lesson.wrong:
            await press(pilot, keys_for(attempt))
            refused = screen.verdict
            assert refused is not None and not refused.done, attempt
            assert refused.rule == attempt.rule, (attempt, refused)
            told = feedback(screen)
            assert not EARNINGS.search(told), told
            assert lesson.explanation not in told
            asked = waiting(screen)
            assert asked is not None
            # The right command straight away: not judged, nor played, while a question
            # waits (arrows and Enter may answer it instead).
            await press(pilot, keys_for(lesson.solution))
            assert not finished(screen) and screen.state == start
            while waiting(screen) is not None:
                await answer(pilot, screen, right=True)
        await press(pilot, keys_for(lesson.solution))
        assert finished(screen)


async def test_a_question_starts_with_no_answer_chosen(save_dir: Path) -> None:
    """A question's options start with none highlighted, and Enter answers nothing, on
    opening and after a wrong attempt."""
    app = TutorialApp(save_dir, "pair", bot_delay=0, game="arkantis")
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
            await press(pilot, ["o", "a", "1", "enter"])  # a refused attempt (T3.1)
            assert waiting(screen) is not None


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
async def test_questions_can_be_answered_from_the_screen(
    save_dir: Path, size: tuple[int, int]
) -> None:
    """At 120×40 and at 80×24: the hand draws each card's figure (a question asks which
    card a stain lays, D3), the players' panel names the values of the laid cards and,
    while a question waits, not what each would score if the game ended now (a question
    asks just that, E2)."""
    app = TutorialApp(save_dir, "card", bot_delay=0, game="arkantis")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen)
        hand = str(screen.query_one("#tut-hand").render())
        assert "▀█▀" in hand and "T4" in hand  # the mallet's figure and its id
        screen.open_lesson(LESSONS.index(END))
        await pilot.pause()
        players = str(screen.query_one("#tut-players").render())
        assert "O4 8, T5 8" in players and "I5 9" in players
        assert "ended now" not in players
        await answer(pilot, screen, right=True)
        assert "ended now" in str(screen.query_one("#tut-players").render())
