"""The tutorial's screen, whatever the game: lessons, questions, feedback, and the rule.

Every game's tutorial is a ``TutorialShell``: short lessons, each a prepared
position, a few sentences, a question and one task. What is the same in every
game is here, written once:

- a lesson opens on a question about its position, asked before anything else
  can be done (no square or pawn chosen, no command judged); its options start
  with none highlighted, so Enter does nothing until one is chosen;
- an answer, right or wrong, is shown worked out by the rules; a wrong one is
  followed by the lesson's next question, a different one;
- the task is then played with the game's own keys, on the game's own widgets;
  every command is judged by the game's tutor (``core.<game>.tutor.check``),
  and only the right one is played. A wrong one is not played: the feedback
  names the rule it broke or misread, never what it would have earned nor the
  right answer, and another question takes the task's place, so a task cannot
  be passed by trying commands one after another;
- the keys between lessons (``core.kernel`` progress, ``tutorial_keys``): next
  once done, skip, previous, try again, a hint (the lesson's rule in the rulebook's
  words), the rule in the rules reference, the help, and Esc; those a game screen
  has too mean the same there (``h``, ``r``, ``?``).

The count of answers is kept with the progress (``atlantis_tui.tutorial_progress``,
per game), so trying a lesson again asks another question too.

A game brings its board, its table and its move builder: it composes its
panels around ``compose_lesson``, draws them in ``refresh_board``, and sends
the learner's commands to ``submit`` once ``can_act`` allows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.markup import escape
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Header, OptionList, Static

from atlantis_tui.app_interface import atlantis_app
from atlantis_tui.saves import progress_file
from atlantis_tui.screens.game import layout
from atlantis_tui.screens.rules import RulesScreen
from atlantis_tui.screens.simple import HelpScreen
from atlantis_tui.screens.translated_keys import TranslatedKeys
from atlantis_tui.screens.tutorial_feedback import FeedbackPanel
from atlantis_tui.screens.tutorial_keys import TUTORIAL_BINDINGS, TUTORIAL_KEYS_HELP
from atlantis_tui.screens.tutorial_questions import Answer, LessonList, QuestionList, lesson_label
from atlantis_tui.tutorial_progress import Progress, load_progress, save_progress
from atlantis_tui.widgets.footer import KeysFooter
from core.games import GAMES
from core.kernel.i18n import N_, Catalogue, _
from core.kernel.tutor import LEARNER, AnyLesson, Quiz, Tutor, Verdict, lesson_index, next_lesson
from core.services.rules_text import plain_text, rule_text


@dataclass(frozen=True)
class TurnCommands:
    """The commands that pass a turn and end it, for a seat."""

    pass_turn: Callable[[int], Any]
    end_turn: Callable[[int], Any]


class TutorialShell(TranslatedKeys, Screen[None]):
    """One lesson at a time: its text, question and task, and feedback on each attempt.

    A game's subclass names it first among its bases (Textual takes a screen's CSS
    from the first base of each class only), sets ``GAME`` and ``LESSONS`` and fills
    in its board
    (``compose``, ``refresh_board``), how a command is judged and played
    (``judge``, ``follow``, ``happened``) and its move builder's reset
    (``reset_input``, ``clear_input``).
    """

    GAME: ClassVar[str]
    LESSONS: ClassVar[Sequence[AnyLesson]]
    TUTOR: ClassVar[Tutor[Any, Any, Any, Any]]
    """The game's tutor (``core.<game>.tutor.TUTOR``): its rules judge every command."""
    HELP_TEXT: ClassVar[str] = ""
    """The game's own keys and how to read its board, shown after the tutorial's keys."""
    TURN: ClassVar[TurnCommands | None] = None
    """A game whose turn ends (or is passed) by a command of its own: those commands,
    played by the learner with ``n`` and ``p`` as in the game."""
    HEADING: ClassVar[str]
    """The screen's title, ``ArkantiS — tutorial`` (marked with the game's ``N_``)."""
    TITLES: ClassVar[dict[str, str]] = {"tut-board": N_("Board"), "tut-table": N_("The table")}
    """The title of each box, by id (a box the game does not have is left alone)."""
    NARROW: ClassVar[int] = layout.NARROW
    SHORT: ClassVar[int] = layout.SHORT
    """Below this width or height the screen takes its small layout (class ``-narrow``)."""

    DEFAULT_CSS = """
    TutorialShell #tut-body { height: 1fr; }
    TutorialShell #tut-left { height: 100%; }
    TutorialShell #tut-table { height: 1fr; border: round $primary 50%; padding: 0 1; }
    TutorialShell.-narrow #tut-table { padding: 0; }
    TutorialShell #tut-main { width: 1fr; border: round $primary 50%; padding: 0 1; }
    TutorialShell #tut-title { text-style: bold; color: $accent; }
    TutorialShell #tut-text { margin: 1 0 0 0; }
    TutorialShell #tut-task {
        margin-top: 1; padding: 0 1; border-left: thick $warning;
        background: $warning 10%; text-style: bold;
    }
    TutorialShell #tut-hint {
        margin-top: 1; padding: 0 1; border: round $warning 60%; display: none;
    }
    TutorialShell #tut-hint.-shown { display: block; }
    TutorialShell #tut-choice { margin-top: 1; }
    TutorialShell #tut-feedback {
        margin-top: 1; padding: 0 1; border: round $panel-lighten-2; color: $text-muted;
    }
    TutorialShell #tut-feedback.-wrong { border: round $error; color: $text; }
    TutorialShell #tut-feedback.-right { border: round $success; color: $text; }
    TutorialShell #tut-question {
        margin-top: 1; padding: 0 1; border-left: thick $accent; background: $accent 10%;
    }
    TutorialShell QuestionList { height: auto; }
    TutorialShell LessonList {
        height: auto; max-height: 100%; border: none; padding: 0; background: transparent;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [*TUTORIAL_BINDINGS]

    def __init__(self, start: int | str | None = None, progress_path: Path | None = None) -> None:
        super().__init__()
        self.progress_path = progress_path or progress_file()
        self.progress: Progress = load_progress(self.progress_path, self.GAME)
        if start is None:
            self.index = next_lesson(self.LESSONS, self.progress.done)
        else:
            self.index = start if isinstance(start, int) else lesson_index(self.LESSONS, start)
        self.lesson: AnyLesson = self.LESSONS[self.index]
        self.state: Any = self.lesson.start()
        self.before: Any = self.state
        """The position before the right command, to tell its events one by one."""
        self.verdict: Verdict[Any] | None = None
        self.quiz: Quiz[Any] | None = None
        """The question waiting for an answer; the task can be tried once it is answered
        right, until a wrong attempt brings another."""
        self.answer: Answer | None = None
        """The last answer given in this lesson, until a command is tried."""
        self.hinted = False
        """Whether the lesson's rule is shown, in the rulebook's words (``h``)."""
        self.ready = False
        """Whether the screen is mounted (a resize before then draws nothing)."""

    # -- what a game fills in ----------------------------------------------------------------
    def own(self, text: str) -> str:
        """``text`` in the reader's language: from the game's catalogue when its keys have
        one (``KEY_CATALOGUE``) and it has ``text``, else from the shell's."""
        catalogue: Catalogue | None = getattr(self, "KEY_CATALOGUE", None)
        translated = catalogue.gettext(text) if catalogue else text
        return translated if translated != text else _(text)

    def titles(self) -> None:
        """Title the game's boxes (called on mounting and after a change of language)."""
        for box, title in self.TITLES.items():
            for widget in self.query(f"#{box}"):
                widget.border_title = self.own(title)

    def judge(self, command: Any) -> Verdict[Any]:
        """The game's tutor's verdict on ``command`` in the lesson's position."""
        return self.TUTOR.check(self.lesson, self.state, command)

    def follow(self, state: Any, event: Any) -> Any:
        """``state`` after ``event`` (the game's ``evolve``)."""
        return self.TUTOR.evolve(state, event)

    def happened(self, before: Any, events: Sequence[Any]) -> list[tuple[str, str]]:
        """What the right command caused, event by event: a rule id (or ``""``) and a
        sentence speaking to the learner (the game's tutor's ``happened``)."""
        raise NotImplementedError

    def refresh_board(self) -> None:
        """Draw the game's board and panels for ``state`` (``acting`` says whether the
        learner may build a command now)."""
        raise NotImplementedError

    def resized(self, narrow: bool) -> None:
        """Fit the game's widgets to the small layout or the large one."""

    def reset_input(self) -> None:
        """Forget the command being built (a new lesson, a judged command)."""

    def clear_input(self) -> bool:
        """Esc: forget the command being built; false when there was none (Esc closes)."""
        return False

    # -- building ----------------------------------------------------------------------------
    def compose_beside(
        self, board_box: type[Widget], board: Widget, table: Sequence[Widget]
    ) -> ComposeResult:
        """The screen of a game whose board stands above its table, left of the lesson:
        ``board`` in a ``board_box`` (``#tut-board``), ``table`` in ``#tut-table``."""
        yield Header()
        with Horizontal(id="tut-body"):
            with Vertical(id="tut-left"):
                with board_box(id="tut-board"):
                    yield board
                with VerticalScroll(id="tut-table", classes="tut-panel"):
                    yield from table
            yield from self.compose_lesson()
        yield KeysFooter()

    def compose_lesson(self) -> ComposeResult:
        """The lesson's panel: title, text, task, the game's note on the command being
        built, the hint, the feedback, then the question and its options."""
        with VerticalScroll(id="tut-main"):
            yield Static(id="tut-title")
            yield Static(id="tut-text")
            yield Static(id="tut-task")
            yield from self.compose_choice()
            yield Static(id="tut-hint")
            # Feedback before the question: a wrong answer's explanation reads first,
            # then the question that took its place.
            yield FeedbackPanel(id="tut-feedback")
            yield Static(id="tut-question")
            yield QuestionList(id="tut-options")

    def compose_choice(self) -> ComposeResult:
        """The game's note on the command being built, below the task (none by default)."""
        yield from ()

    def on_mount(self) -> None:
        for scroll in self.query(VerticalScroll):
            scroll.can_focus = False  # the arrows stay with the board
        self._titles()
        self.open_lesson(self.index)
        self.ready = True

    def on_resize(self, event: Resize) -> None:
        narrow = event.size.width < self.NARROW or event.size.height < self.SHORT
        self.set_class(narrow, "-narrow")
        self.resized(narrow)
        if self.ready:
            self.refresh_board()

    def _titles(self) -> None:
        self.title = self.own(self.HEADING)
        self.titles()

    async def retranslate(self) -> None:
        """The lesson again from its start, in the new language; a question asked or
        answered stays as it was."""
        self._titles()
        self.open_lesson(self.index, again=False)

    # -- lessons -------------------------------------------------------------------------------
    @property
    def done(self) -> bool:
        """Whether the lesson's task is done."""
        return self.verdict is not None and self.verdict.done

    @property
    def acting(self) -> bool:
        """Whether the learner may build and play a command now."""
        return self.quiz is None and not self.done

    def open_lesson(self, index: int, again: bool = True) -> None:
        """Show lesson ``index`` from its starting position, with its next question
        (``again=False``: the question and the answer of this lesson stay as they were)."""
        keep = not again and index == self.index
        self.index = index
        self.lesson = lesson = self.LESSONS[index]
        self.state = self.before = lesson.start()
        self.verdict = None
        self.reset_input()
        if not keep:
            self.answer = None
            self.hinted = False
            self.quiz = lesson.question(self.progress.answers(lesson.id))
        self.sub_title = _("Lesson {n} of {total}").format(n=index + 1, total=len(self.LESSONS))
        self.query_one("#tut-main").border_title = _("Lesson {n}: {title}").format(
            n=index + 1, title=_(lesson.title)
        )
        title = Text(_(lesson.title))
        title.append("  (" + ", ".join(lesson.rules) + ")", style="dim")
        self.query_one("#tut-title", Static).update(title)
        self.query_one("#tut-text", Static).update(_(lesson.text))
        self.query_one("#tut-task", Static).update(_("Task: {task}").format(task=_(lesson.task)))
        self.query_one("#tut-main", VerticalScroll).scroll_home(animate=False)
        self.refresh_list()
        self.show_hint()
        self.show_question()
        self.show_feedback()
        self.refresh_board()

    def refresh_list(self) -> None:
        """The list of lessons, ticked, on the open one (for a game that shows it)."""
        for listing in self.query(LessonList).results(LessonList):
            listing.clear_options()
            listing.add_options(
                lesson_label(i, lesson, self.progress.done(lesson.id))
                for i, lesson in enumerate(self.LESSONS)
            )
            listing.highlighted = self.index

    @on(OptionList.OptionSelected, "#tut-lessons")
    def _lesson_chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.open_lesson(event.option_index)

    # -- the question --------------------------------------------------------------------------
    def show_question(self) -> None:
        """The waiting question and its options, focused; nothing once it is answered."""
        quiz = self.quiz
        question = self.query_one("#tut-question", Static)
        options = self.query_one(QuestionList)
        question.display = options.display = quiz is not None
        if quiz is None:
            if options.has_focus:
                self.set_focus(None)
            return
        again = (self.answer is not None and not self.answer.right) or (
            self.verdict is not None and not self.verdict.done
        )
        heading = _("Another question:") if again else _("First, a question:")
        question.update(Text.assemble((heading, "bold"), "\n", _(quiz.question)))
        options.ask(quiz)
        # On a small screen the question is below the lesson's text: bring it into view.
        self.call_after_refresh(self.relayout, True)

    @on(OptionList.OptionSelected, "#tut-options")
    def _answered(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        quiz = self.quiz
        if quiz is None or event.option.id is None:
            return
        chosen = int(event.option.id)
        self.answer = Answer(quiz, chosen, chosen == quiz.answer(self.state))
        self.verdict = None
        # Every answer uses a question up: the next one asked, now or when the lesson is
        # tried again, is another.
        self.progress.count_answer(self.lesson.id)
        self.save()
        self.quiz = None if self.answer.right else self.next_question()
        self.show_question()
        self.show_feedback()
        self.refresh_board()

    def next_question(self) -> Quiz[Any] | None:
        """The lesson's next question, after the answers it has had."""
        return self.lesson.question(self.progress.answers(self.lesson.id))

    # -- feedback ------------------------------------------------------------------------------
    def show_feedback(self) -> None:
        """The feedback panel: an invitation, an answer worked out, a wrong attempt's rule
        and why, or the lesson's explanation with what the command caused."""
        panel = self.query_one(FeedbackPanel)
        self.refresh_bindings()
        verdict = self.verdict
        if verdict is None and self.answer is not None:
            answer = self.answer
            panel.answered(answer, answer.quiz.answer(self.state), answer.quiz.worked(self.state))
        elif verdict is None:
            panel.invite(self.quiz is not None)
        elif not verdict.done:
            panel.missed(verdict, self.quote(verdict.rule))
        else:
            panel.done(verdict.text, self.following(), self.happened(self.before, verdict.events))
        self.call_after_refresh(self.relayout, True)

    def following(self) -> str:
        """What to do once the task is done, as markup: the next lesson, or what is left."""
        if self.index + 1 < len(self.LESSONS):
            return "[b]" + escape(_("n: next lesson")) + "[/b]  " + escape(_("t: try it again"))
        left = [
            str(i + 1) for i, each in enumerate(self.LESSONS) if not self.progress.done(each.id)
        ]
        if left:
            said = _(
                "That was the last lesson; still to do: {lessons}. Esc: back to the menu."
            ).format(lessons=", ".join(left))
        else:
            said = _("You have finished the tutorial. Esc: back to the menu, to play a game.")
        # The last lesson ends on puzzles of the game (``action_next``).
        puzzles = _("n: three puzzles, to practise on positions of real games")
        return "[b]" + escape(puzzles) + "[/b]\n" + "[b]" + escape(said) + "[/b]"

    def quote(self, rule: str) -> str:
        """The rule's own words, to read beside the feedback ("" when the rulebook has none)."""
        try:
            return plain_text(rule_text(GAMES.get(self.GAME), rule))
        except KeyError:
            return ""

    def show_hint(self) -> None:
        """The lesson's rules in the rulebook's words, once ``h`` asked for them."""
        hint = self.query_one("#tut-hint", Static)
        hint.set_class(self.hinted, "-shown")
        if not self.hinted:
            return
        hint.border_title = _("Hint")
        quotes = [(rule, self.quote(rule)) for rule in self.lesson.rules]
        hint.update(
            "\n".join(
                f"[@click=screen.rule('{escape(rule)}')][b]{escape(rule)}[/b][/] {escape(words)}"
                for rule, words in quotes
                if words
            )
        )

    def relayout(self, show_feedback: bool = False) -> None:
        """Size the text panels to their new text, and bring the feedback into view.

        A panel updated while its column is being laid out can keep its old
        height, so ask again once painted.
        """
        for widget in self.query("#tut-main > *, .tut-panel > *"):
            widget.refresh(layout=True)
        if not show_feedback:
            return
        main = self.query_one("#tut-main", VerticalScroll)
        if self.quiz is not None:
            # The waiting question and its options end the panel: they must be in view,
            # with the explanation of the last answer or attempt above them.
            main.scroll_end(animate=False)
        else:
            self.call_after_refresh(
                main.scroll_to_widget, self.query_one(FeedbackPanel), animate=False
            )

    # -- judging -------------------------------------------------------------------------------
    def can_act(self) -> bool:
        """Whether a game key may build or play a command now; says why not."""
        if self.quiz is not None:
            # Nothing is chosen, previewed or judged before the question is answered.
            self.notify(_("First answer the question in the lesson's panel."))
            self.query_one(QuestionList).focus(scroll_visible=False)
            self.relayout(True)
            return False
        if self.done:
            self.notify(_("Press n for the next lesson, or t to try this one again."))
            return False
        return True

    def submit(self, command: Any) -> None:
        """Judge a command; only the right one is played."""
        self.show_verdict(self.judge(command))

    def show_verdict(self, verdict: Verdict[Any]) -> None:
        """Play the right command, or refuse a wrong one and ask another question."""
        self.verdict = verdict
        self.answer = None
        self.reset_input()
        if verdict.done:
            self.before = self.state
            for event in verdict.events:
                self.state = self.follow(self.state, event)
            self.progress.mark(self.lesson.id)
            self.save()
            self.refresh_list()
        else:
            # A wrong attempt costs a question: trying commands in turn does not pass.
            self.quiz = self.next_question()
        self.show_question()
        self.show_feedback()
        self.refresh_board()

    def save(self) -> None:
        """Keep the progress; a folder that cannot be written is said, not fatal."""
        try:
            save_progress(self.progress_path, self.progress)
        except OSError as error:
            self.notify(str(error), title=_("Progress not saved"), severity="warning")

    # -- the tutorial's keys -------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Next shows once the task is done (until then its key is the game's), skip
        until then."""
        if action == "next":
            return self.done  # after the last lesson: its three puzzles
        if action == "skip":
            return not self.done
        return True

    def action_next(self) -> None:
        if self.index + 1 < len(self.LESSONS):
            self.open_lesson(self.index + 1)
        elif self.done:
            atlantis_app(self).action_tutorial_puzzles(self.GAME)
        else:
            self.notify(_("That was the last lesson. Esc goes back to the menu."))

    def action_skip(self) -> None:
        """Leave the lesson unfinished and go on (it keeps no tick)."""
        self.action_next()

    def action_previous(self) -> None:
        if self.index > 0:
            self.open_lesson(self.index - 1)

    def action_retry(self) -> None:
        self.open_lesson(self.index)

    def action_hint(self) -> None:
        """Show or hide the lesson's rules in the rulebook's words: how to find the answer,
        never the answer itself."""
        self.hinted = not self.hinted
        self.show_hint()
        if self.hinted:
            self.call_after_refresh(
                self.query_one("#tut-main", VerticalScroll).scroll_to_widget,
                self.query_one("#tut-hint"),
                animate=False,
            )

    def action_scroll_lesson(self, pages: int) -> None:
        """PgUp/PgDn: scroll the lesson's panel, whose text a small screen scrolls away."""
        main = self.query_one("#tut-main", VerticalScroll)
        if pages < 0:
            main.scroll_page_up(animate=False)
        else:
            main.scroll_page_down(animate=False)

    def action_rule(self, rule: str | None = None) -> None:
        """Open the rules at ``rule``, or at the rule last named here."""
        if rule is None:
            rule = self.verdict.rule if self.verdict is not None else self.lesson.rule
        self.app.push_screen(RulesScreen(rule_id=rule, game=self.GAME))

    def action_pass_turn(self) -> None:
        """``p``: pass, in a game whose turn may be passed (``TURN``)."""
        if self.TURN is not None and self.can_act():
            self.submit(self.TURN.pass_turn(LEARNER))

    def action_end_turn(self) -> None:
        """``n`` until the task is done: end the turn (``TURN``)."""
        if self.TURN is not None and self.can_act():
            self.submit(self.TURN.end_turn(LEARNER))

    def action_why(self) -> None:
        """``r``, as in the game screens: the rule of the last attempt, else the lesson's."""
        self.action_rule()

    def help_text(self) -> str:
        """The game's own keys and how to read its board (``HELP_TEXT``), in the reader's
        language: from the game's catalogue when its keys have one (``KEY_CATALOGUE``)."""
        return self.own(self.HELP_TEXT) if self.HELP_TEXT else ""

    def action_help(self) -> None:
        """The tutorial's keys, then the game's own."""
        self.app.push_screen(HelpScreen(_(TUTORIAL_KEYS_HELP) + "\n" + self.help_text()))

    def action_back(self) -> None:
        """Esc: forget the command being built, or leave the tutorial."""
        if not self.clear_input():
            self.dismiss()
