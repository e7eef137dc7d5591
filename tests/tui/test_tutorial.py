"""The tutorial played with the keys: every lesson completed, every deliberate wrong
attempt answered with its rule id, the keys between lessons, progress, and the rules
reference it links to. Also ``atlantis tutorial`` and ``atlantis rules``."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import OptionList

from atlantis_tui.cli import main as cli_main
from atlantis_tui.games.atlantis.tutorial_screen import TutorialScreen
from atlantis_tui.saves import progress_file
from atlantis_tui.screens.rules import RulesScreen
from atlantis_tui.screens.simple import HelpScreen
from atlantis_tui.screens.start import StartScreen
from atlantis_tui.tutorial_app import TutorialApp
from atlantis_tui.tutorial_progress import load_progress
from core.atlantis.game_type import ATLANTIS
from core.atlantis.lessons import LESSONS, lesson_index
from core.atlantis.state import State
from core.atlantis.tutor import Attempt, Lesson
from core.kernel.tutor import Quiz
from core.services.rules_text import rule_text, search_rules
from tests.tui.driver import answer_question, make


def is_done(screen: TutorialScreen) -> bool:
    """Whether the lesson is done, read afresh through a call: keys change it."""
    return screen.done


def no_verdict(screen: TutorialScreen) -> bool:
    """Whether no attempt has been judged yet, read afresh through a call: keys change it."""
    return screen.verdict is None


def feedback(screen: TutorialScreen) -> str:
    return str(screen.query_one("#tut-feedback").render())


def feedback_title(screen: TutorialScreen) -> str:
    return str(screen.query_one("#tut-feedback").border_title)


def question_shown(screen: TutorialScreen) -> str:
    """The question as the lesson's panel shows it (its heading line left out)."""
    widget = screen.query_one("#tut-question")
    assert widget.display
    return str(widget.render()).split("\n", 1)[1]


def quiz_of(screen: TutorialScreen) -> Quiz[State] | None:
    """The question waiting (read afresh: keys change it)."""
    return screen.quiz


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
async def test_each_lesson_is_completed_by_keys_after_its_wrong_attempts(
    save_dir: Path, lesson: Lesson
) -> None:
    """The lesson opens on its question; a wrong answer is explained and another question
    takes its place, and no key reaches the board until one is answered right. Then each
    deliberate wrong attempt gets feedback pointing to its rule, and names it as broken
    only when the rules refused it; the position stays as it was.

    A task cannot be passed by trying moves in turn: a wrong move is refused without
    saying what it would have earned or what the right move is, and another question
    takes the task's place: the pawn, purchase, bridge and T9 keys do nothing until that
    question is answered. The right move completes the lesson, which is remembered."""
    app = TutorialApp(save_dir, LESSONS.index(lesson), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen)
        start = screen.state
        first = screen.quiz
        assert first is not None and question_shown(screen) == first.question
        await answer_question(pilot, app, right=False)
        again = screen.quiz  # another question, read into a name of its own
        assert again is not None and again != first
        assert feedback_title(screen) == "Not quite" and no_verdict(screen)
        await pilot.press("a", "2", "p", "w", "x")  # the board waits for the new question
        assert screen.selection is None and no_verdict(screen) and screen.state == start
        await answer_question(pilot, app, right=True)
        assert screen.quiz is None and feedback_title(screen) == "Right"
        for attempt in lesson.wrong:
            await make(pilot, app, attempt)  # the question before it, if one waits, answered
            assert screen.verdict is not None and not screen.verdict.done, attempt
            assert screen.verdict.rule == attempt.rule, (attempt, screen.verdict)
            shown = feedback(screen)
            assert (f"Rule {attempt.rule}:" in shown) == screen.verdict.broken, shown
            assert attempt.rule in shown
            assert not EARNINGS.search(shown), shown
            assert lesson.explanation not in shown
            assert screen.state == start
            refused, asked = screen.verdict, quiz_of(screen)
            assert asked is not None  # another question before the next try
            await pilot.press("a", "b", "c", "p", "w", "x")  # straight away: nothing happens
            assert app.screen is screen and screen.selection is None
            assert screen.verdict is refused and screen.state == start and quiz_of(screen) is asked
        await make(pilot, app, lesson.solution)
        assert screen.verdict is not None and screen.verdict.done, screen.verdict
        assert "What happened" in feedback(screen)
        assert screen.state != start
    progress = load_progress(progress_file(save_dir))
    assert progress.done(lesson.id) and progress.answers(lesson.id) == 2 + len(lesson.wrong)


def screen_text(app: TutorialApp) -> str:
    """Everything the learner can read now: the screen as drawn (dialogs included), and
    the unwrapped text of every panel and list shown on it or beneath a dialog."""
    svg = app.export_screenshot()
    parts = [html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")]
    for screen in app.screen_stack:
        for widget in screen.query("Static, OptionList"):
            if not all(
                node.display
                for node in (widget, *widget.ancestors_with_self)
                if isinstance(node, Widget)
            ):
                continue
            if isinstance(widget, OptionList):
                parts += [str(o.prompt) for o in widget.options]
            else:
                parts.append(str(widget.render()))
    return "\n".join(parts)


#: What would give a question away, by lesson: its worked answer (always), and what the
#: issue saw on screen before the question was asked.
GIVEAWAYS = {
    "water": ["1 + 4 + 0 + 3", "owes 8", "= 8"],
    "bridges": ["pawns behind it", "behind it:"],
    "end": ["owes 1", "if the game ended now"],
}
EXPLORING = {
    # Everything a learner might do to read the answer off the screen before answering:
    # preview the pawns' moves, try them, open the choosers, declare T9.
    "water": ["a", "right", "right", "right", "right", "enter", "b", "5", "enter"],
    "bridges": ["w", "enter", "a", "right", "enter", "p"],
    "end": ["c", "enter", "a", "right", "p", "x"],
}


@pytest.mark.parametrize("lesson_id", sorted(GIVEAWAYS))
async def test_nothing_on_screen_gives_the_question_away(save_dir: Path, lesson_id: str) -> None:
    """Lessons 5, 6 and 10 open on their question; until it is answered, whatever the
    learner presses, no preview, refusal, chooser, panel or debt line shows its answer
    (E2 debts, T5.1 sums, the bridge chooser's pawns behind each water). Once answered,
    the answer is shown worked out."""
    app = TutorialApp(save_dir, lesson_id, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen)
        quiz = screen.quiz
        assert quiz is not None
        giveaways = [*GIVEAWAYS[lesson_id], quiz.worked(screen.state)]
        for key in ["", *EXPLORING[lesson_id]]:
            if key:
                await pilot.press(key)
                await pilot.pause()
            shown = screen_text(app)
            assert screen.quiz is quiz and quiz.question in shown, key
            leaked = [text for text in giveaways if text in shown]
            assert not leaked, (key, leaked)
        assert (
            app.screen is screen and screen.verdict is None and screen.state == start_of(lesson_id)
        )
        await answer_question(pilot, app, right=True)
        assert quiz.worked(screen.state) in feedback(screen)


def start_of(lesson_id: str) -> object:
    return LESSONS[lesson_index(lesson_id)].start()


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
async def test_a_wrong_answer_is_followed_by_another_question(
    save_dir: Path, lesson: Lesson
) -> None:
    """Answers cannot be found by trying the options in turn: every wrong answer shows the
    right one worked out and puts another question in its place, and trying the lesson
    again (r) asks yet another one, never the question just answered."""
    app = TutorialApp(save_dir, lesson.id, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen)
        asked: list[Quiz[State]] = []
        for _round in range(len(lesson.quizzes) + 1):
            quiz = screen.quiz
            assert quiz is not None
            assert not asked or quiz != asked[-1], "the same question twice in a row"
            asked.append(quiz)
            await answer_question(pilot, app, right=False)
            right = quiz.shown_options()[quiz.answer(screen.state)]
            assert f"the answer is {right}" in feedback(screen)
            assert question_shown(screen) == screen.quiz.question if screen.quiz else False
        assert set(asked) == set(lesson.quizzes), "each question is asked in turn"
        last = screen.quiz
        await answer_question(pilot, app, right=True)
        await pilot.press("t")
        assert screen.quiz is not None and screen.quiz != last
    assert load_progress(progress_file(save_dir)).answers(lesson.id) == len(lesson.quizzes) + 2


async def test_x_declares_t9_and_is_refused_while_a_pawn_can_move(save_dir: Path) -> None:
    """x declares that no pawn can move: in the T9 lesson it ends the turn with 2 cards
    drawn and no tile; elsewhere the rules refuse it (T4.6) and nothing is played."""
    app = TutorialApp(save_dir, "path", bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen)
        await make(pilot, app, Attempt(stuck=True))
        assert screen.verdict is not None and screen.verdict.broken
        assert screen.verdict.rule == "T4.6" and not is_done(screen)
        assert screen.state == LESSONS[0].start()
        await pilot.press(*["k"] * lesson_index("stuck"))  # skip to lesson 8
        assert screen.lesson.id == "stuck"
        before = screen.state
        await make(pilot, app, Attempt(stuck=True))
        assert is_done(screen) and screen.verdict is not None and screen.verdict.rule == "T9"
        assert screen.state.hand_size(0) == before.hand_size(0) + 2
        assert screen.state.collected[0] == before.collected[0]
        assert "T9" in feedback(screen)


async def test_keys_between_lessons_and_ticks(save_dir: Path) -> None:
    """k skips, ⌫ goes back, r resets the position, n follows a completed lesson, the
    list ticks what is done and opens a lesson when clicked, and Esc returns to the start
    menu."""
    app = TutorialApp(save_dir, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen)
        assert screen.index == 0
        await pilot.press("k")
        assert screen.index == 1
        await pilot.press("backspace")
        assert screen.index == 0
        await make(pilot, app, LESSONS[0].solution)
        assert is_done(screen)
        assert "✓" in str(
            screen.query_one("#tut-lessons", OptionList).get_option_at_index(0).prompt
        )
        await pilot.press("t")
        assert not is_done(screen) and screen.state == LESSONS[0].start()
        await make(pilot, app, LESSONS[0].solution)
        await pilot.press("a")  # the lesson is done: the pawn keys wait for n or t
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
    """After a wrong move, r (as in a game) opens the rules scrolled to the rule the
    feedback names."""
    app = TutorialApp(save_dir, "tile", bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await make(pilot, app, Attempt("A", 5))
        await pilot.press("r")
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
        assert shown == [block.rule_id for block in search_rules(ATLANTIS, "bridge")]
        assert "T2" in shown and "T4.1" not in shown
        await pilot.press(*["backspace"] * 6, *"t5.4")
        await pilot.pause()
        assert screen.rule_id == "T5.4"


def test_rule_text_quotes_a_rule_and_a_section_from_the_rulebook() -> None:
    """Rule ids anywhere can be looked up: a rule's title and first paragraph (with the
    list it announces), or a section's introduction."""
    quote = rule_text(ATLANTIS, "T5.4")
    assert quote.startswith("**T5.4 Paying with what you held**")
    assert "You may pay with:" in quote and "- your collected tiles" in quote
    assert "**T5.1" not in rule_text(ATLANTIS, "T5")
    assert "Players take turns in seat order" in rule_text(ATLANTIS, "T")
    with pytest.raises(KeyError):
        rule_text(ATLANTIS, "Z9")


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


#: What a wrong attempt's feedback must not say: what it would have earned or scored.
EARNINGS = re.compile(r"(?i)earns? \d|scores? \d+ points|worth \d+ points")


async def test_a_question_starts_with_no_answer_chosen(save_dir: Path) -> None:
    """A question's options start with none highlighted, and Enter answers nothing, on
    opening and after a wrong move."""
    app = TutorialApp(save_dir, "tile", bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen)
        for _round in range(2):
            options = screen.query_one("#tut-options", OptionList)
            assert options.has_focus and options.highlighted is None
            asked, judged = screen.quiz, screen.verdict
            await pilot.press("enter")
            assert screen.quiz is asked and screen.answer is None and screen.verdict is judged
            await make(pilot, app, Attempt("A", 5))  # a wrong move: another question
            assert screen.quiz is not None


def actions_and_keys(screen: type[Screen[None]]) -> dict[str, set[str]]:
    """Every action a screen binds, with its keys (read from its merged bindings)."""
    found: dict[str, set[str]] = {}
    for key, bindings in screen._merged_bindings.key_to_bindings.items():  # type: ignore[union-attr]
        for binding in bindings:
            found.setdefault(binding.action, set()).add(key)
    return found


TUTORIAL_ACTIONS = {
    "next",
    "skip",
    "previous",
    "retry",
    "hint",
    "why",
    "help",
    "back",
    "scroll_lesson(-1)",
    "scroll_lesson(1)",
}


def test_the_tutorial_keys_are_the_same_in_every_game() -> None:
    """Next, skip, previous, retry, hint, the rule, help and Esc have the same keys in
    every game's tutorial (skip is k, retry t); the hint, the rule and help have those of
    the game screens (h, r, ?: one key, one meaning); a game's own actions have the keys
    of its game screen (ArkantiS ends a turn with n, Atlantica chooses the submarine
    with s)."""
    from atlantis_tui.games.arkantis.game_screen import GameScreen as ArkantisGame
    from atlantis_tui.games.arkantis.tutorial_screen import TutorialScreen as ArkantisTutorial
    from atlantis_tui.games.atlantica.game_screen import GameScreen as AtlanticaGame
    from atlantis_tui.games.atlantica.tutorial_screen import TutorialScreen as AtlanticaTutorial
    from atlantis_tui.games.atlantis.game_screen import GameScreen as AtlantisGame

    pairs: list[tuple[type[Screen[None]], type[Screen[None]]]] = [
        (TutorialScreen, AtlantisGame),
        (ArkantisTutorial, ArkantisGame),
        (AtlanticaTutorial, AtlanticaGame),
    ]
    shared = [
        {
            action: keys
            for action, keys in actions_and_keys(tutorial).items()
            if action in TUTORIAL_ACTIONS
        }
        for tutorial, _game in pairs
    ]
    assert set(shared[0]) == TUTORIAL_ACTIONS
    assert shared[0]["skip"] == {"k"} and shared[0]["next"] == {"n"}
    assert shared[0]["why"] == {"r"} and shared[0]["retry"] == {"t"}
    assert shared[0]["help"] == {"question_mark", "f1"}
    assert shared[1] == shared[0] and shared[2] == shared[0]
    for tutorial, game in pairs:
        ours, theirs = actions_and_keys(tutorial), actions_and_keys(game)
        for action in ("hint", "why", "help"):
            assert ours[action] == theirs[action], (tutorial.__module__, action)
        # No key of a game screen does something else in its tutorial.
        keys_ours = {key: action for action, keys in ours.items() for key in keys}
        for action, keys in theirs.items():
            for key in keys & set(keys_ours) - {"n", "escape"}:
                assert keys_ours[key] == action, (tutorial.__module__, key)
        for action in set(ours) & set(theirs) - TUTORIAL_ACTIONS:
            assert ours[action] == theirs[action], (tutorial.__module__, action)
    assert actions_and_keys(ArkantisTutorial)["end_turn"] == {"n"}
    assert actions_and_keys(AtlanticaTutorial)["location('submarine')"] == {"s"}


@pytest.mark.parametrize("game", ["atlantis", "arkantis", "atlantica"])
async def test_help_shows_the_tutorial_keys_then_the_games(save_dir: Path, game: str) -> None:
    """? opens the help, as in a game: the tutorial's keys (t tries again, r reads the
    rule), then the game's own keys; the lesson is still there behind it."""
    app = TutorialApp(save_dir, bot_delay=0, game=game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        lesson = app.screen
        await pilot.press("question_mark")
        await pilot.pause()
        shown = app.screen
        assert isinstance(shown, HelpScreen)
        text = shown.text
        assert "| `t` | try this lesson again |" in text
        assert "| `r` | read the rule of the last attempt (or the lesson's) |" in text
        assert text.index("Keys of every tutorial") < text.index("# Keys of this game")
        await pilot.press("escape")
        assert app.screen is lesson
