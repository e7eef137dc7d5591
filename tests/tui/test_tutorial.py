"""The tutorial played with the keys: every lesson completed, every deliberate wrong
attempt answered with its rule id, the keys between lessons, progress, and the rules
reference it links to. Also ``atlantis tutorial`` and ``atlantis rules``."""

from __future__ import annotations

from pathlib import Path

import pytest

from atlantis_tui.cli import main as cli_main
from atlantis_tui.saves import progress_file
from atlantis_tui.screens.rules import RulesScreen
from atlantis_tui.screens.start import StartScreen
from atlantis_tui.screens.tutorial import TutorialScreen
from atlantis_tui.tutorial_app import TutorialApp
from atlantis_tui.tutorial_progress import load_progress
from core.lessons import LESSONS
from core.rules_text import rule_text, search_rules
from core.tutor import Attempt, Lesson
from tests.tui.driver import make


def feedback(screen: TutorialScreen) -> str:
    return str(screen.query_one("#tut-feedback").render())


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
async def test_each_lesson_is_completed_by_keys_after_its_wrong_attempts(
    save_dir: Path, lesson: Lesson
) -> None:
    """Each deliberate wrong attempt gets feedback pointing to its rule, and names it as
    broken only when the rules refused it; the position stays as it was. The right move
    with a wrong answer to the lesson's question is not played; with the right answer it
    completes the lesson, which is remembered."""
    app = TutorialApp(save_dir, LESSONS.index(lesson), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen)
        start = screen.state
        for attempt in lesson.wrong:
            await make(pilot, app, attempt)
            assert screen.verdict is not None and not screen.verdict.done, attempt
            assert screen.verdict.rule == attempt.rule, (attempt, screen.verdict)
            shown = feedback(screen)
            assert (f"Rule {attempt.rule}:" in shown) == screen.verdict.broken, shown
            assert attempt.rule in shown
            assert screen.state == start
        await make(pilot, app, lesson.solution, quiz=False)
        assert screen.verdict is not None and screen.verdict.quiz_missed
        assert not screen.verdict.done and screen.state == start
        await make(pilot, app, lesson.solution)
        assert screen.verdict is not None and screen.verdict.done, screen.verdict
        assert "What happened" in feedback(screen)
        assert screen.state != start
    assert load_progress(progress_file(save_dir)).done(lesson.id)


async def test_keys_between_lessons_and_ticks(save_dir: Path) -> None:
    """s skips, ⌫ goes back, r resets the position, n follows a completed lesson, the
    list ticks what is done and opens a lesson when clicked, and Esc returns to the start
    menu."""
    app = TutorialApp(save_dir, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen)
        assert screen.index == 0
        await pilot.press("s")
        assert screen.index == 1
        await pilot.press("backspace")
        assert screen.index == 0
        await make(pilot, app, LESSONS[0].solution)
        assert screen.done
        assert "✓" in str(screen.query_one("#tut-lessons").get_option_at_index(0).prompt)
        await pilot.press("r")
        assert not screen.done and screen.state == LESSONS[0].start()
        await make(pilot, app, LESSONS[0].solution)
        await pilot.press("a")  # the lesson is done: the pawn keys wait for n or r
        assert screen.selection is None
        await pilot.press("n")
        assert screen.index == 1 and screen.verdict is None
        await pilot.click("#tut-lessons", offset=(4, 4))  # the fifth line: lesson 5
        await pilot.pause()
        assert screen.index == 4
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)


async def test_progress_opens_the_first_lesson_not_done(save_dir: Path) -> None:
    """Completed lessons are remembered in the data folder: the next session starts after."""
    app = TutorialApp(save_dir, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await make(pilot, app, LESSONS[0].solution)
    again = TutorialApp(save_dir, bot_delay=0)
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, TutorialScreen)
        assert screen.index == 1
    assert progress_file(save_dir).parent == save_dir


async def test_the_rule_named_in_feedback_opens_in_the_rules_reference(save_dir: Path) -> None:
    """After a wrong move, ? opens the rules scrolled to the rule the feedback names."""
    app = TutorialApp(save_dir, "tile", bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await make(pilot, app, Attempt("A", 5))
        await pilot.press("question_mark")
        await pilot.pause()
        rules = app.screen
        assert isinstance(rules, RulesScreen) and rules.rule_id == "T6.1"
        marked = list(rules.query(".-target"))
        assert len(marked) == 1 and marked[0].id is not None
        assert rules.blocks[int(marked[0].id.removeprefix("block-"))].rule_id == "T6.1"
        body = rules.query_one("#rules-body")
        assert body.scroll_y > 0 and body.region.contains_region(marked[0].region)
        await pilot.press("escape")
        assert isinstance(app.screen, TutorialScreen)


async def test_rules_search_shows_only_the_rules_that_mention_a_word(save_dir: Path) -> None:
    """Typing in the search box hides every rule that does not mention the word; a rule id
    jumps to that rule."""
    app = TutorialApp(save_dir, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(RulesScreen())
        await pilot.pause()
        await pilot.press(*"bridge")  # typing searches at once, without /
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        shown = [
            block.rule_id
            for index, block in enumerate(screen.blocks)
            if block.kind == "rule" and not screen.query_one(f"#block-{index}").has_class("-hidden")
        ]
        assert shown == [block.rule_id for block in search_rules("bridge")]
        assert "T2" in shown and "T4.1" not in shown
        await pilot.press(*["backspace"] * 6, *"t5.4")
        await pilot.pause()
        assert screen.rule_id == "T5.4"


def test_rule_text_quotes_a_rule_and_a_section_from_the_rulebook() -> None:
    """Rule ids anywhere can be looked up: a rule's title and first paragraph (with the
    list it announces), or a section's introduction."""
    quote = rule_text("T5.4")
    assert quote.startswith("**T5.4 Paying with what you held**")
    assert "You may pay with:" in quote and "- your collected tiles" in quote
    assert "**T5.1" not in rule_text("T5")
    assert "Players take turns in seat order" in rule_text("T")
    with pytest.raises(KeyError):
        rule_text("Z9")


def test_atlantis_rules_prints_the_rules_or_the_ones_matching(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Piped, ``atlantis rules`` prints the rulebook as plain Markdown, as the app shows
    it; --search keeps the matching rules."""
    assert cli_main(["rules"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# How to play Atlantis") and "## T — Your turn" in out
    assert cli_main(["rules", "--search", "bridge"]) == 0
    out = capsys.readouterr().out
    assert "**T2 Placing your bridge**" in out and "**T4.1" not in out
    assert cli_main(["rules", "--search", "no-such-word"]) == 1


def test_atlantis_tutorial_refuses_an_unknown_lesson(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["tutorial", "--lesson", "42"]) == 2
    assert "no lesson" in capsys.readouterr().err
