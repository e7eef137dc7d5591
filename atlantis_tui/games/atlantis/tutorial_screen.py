"""Atlantis's tutorial: short lessons, each a position, a question, a task and feedback
naming the rule.

A lesson opens with a question about its position, asked in the lesson's panel
before anything else can be done: no move is previewed, refused or played
while it waits, no chooser opens, and the players' panel leaves out what each
would owe, so nothing on screen gives its answer. The answer, right or wrong,
is then shown worked out by the rules; a wrong one is followed by the
lesson's next question (a different one), so options cannot be tried in turn.
The count of answers is kept with the progress, so trying the lesson again
asks another question too.

Then the learner plays with the game's own keys (``a``/``b``/``c``, arrows or
digits, Enter, ``p``, ``w``, and ``x`` to declare that no pawn can move), on
the game's own widgets. Every command is judged by ``core.atlantis.tutor.check``
(the kernel's tutor with Atlantis's rules) and is only played when it fulfils
the task: a wrong attempt leaves the position as it was and says which rule it
misread and why, quoting the rule; the right one shows what it caused, rule by
rule. Progress is remembered between sessions.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from rich.console import Group
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.markup import escape
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from atlantis_tui import style as st
from atlantis_tui.games.atlantis.move_input import MOVE_BINDINGS, MoveInput
from atlantis_tui.games.atlantis.panels import (
    HandPanel,
    PlayersPanel,
    PreviewPanel,
    hand_text,
    player_card,
    standing_phrase,
)
from atlantis_tui.games.atlantis.path_view import PathView
from atlantis_tui.games.atlantis.selection import (
    Selection,
)
from atlantis_tui.saves import progress_file
from atlantis_tui.screens.rules import RulesScreen
from atlantis_tui.tutorial_progress import Progress, load_progress, save_progress
from core.atlantis.choosing import Refused
from core.atlantis.commands import AnyCommand, DeclareStuck
from core.atlantis.events import TurnEnded
from core.atlantis.evolve import evolve
from core.atlantis.explain import explain
from core.atlantis.game_type import ATLANTIS
from core.atlantis.i18n import N_, _
from core.atlantis.lessons import LESSONS, lesson_index
from core.atlantis.replay import touched_spaces
from core.atlantis.state import State
from core.atlantis.tutor import LEARNER, Lesson, Verdict, check
from core.kernel.rules_text import plain_text, rule_text
from core.kernel.tutor import Quiz


class LessonList(OptionList, can_focus=False):
    """The lessons with a tick for each one completed; click one to open it.

    It never takes the focus, so the arrow keys stay with the board.
    """


class LearnerHand(HandPanel):
    """The learner's hand, titled "Your hand" (the game's panel names its owner)."""

    def show(self, state: State, seat: int | None, compact: bool = False) -> None:
        if seat is None or self.unchanged(id(state), seat, compact):
            return
        shown = hand_text(state, seat, 2)
        if isinstance(shown, Group):
            title = Text(_("Your hand"), style=st.player_style(seat))
            title.append(f"  ({state.hand_size(seat)})", style=st.DIM)
            shown = Group(title, *shown.renderables[1:])
        self.update(shown)


class TablePlayers(PlayersPanel):
    """The players as the game shows them; while a question is asked, without what each
    would owe if the game ended now, since a question may ask just that."""

    def show(
        self, state: State, kinds: list[str], compact: bool = False, debts: bool = True
    ) -> None:
        if self.unchanged(id(state), compact, debts):
            return
        text = Text()
        for seat in range(state.player_count):
            if seat:
                text.append("\n")
            card = player_card(state, seat, kinds[seat], False)
            if not debts:
                card = without_line(card, standing_phrase(state, seat).plain)
            text.append_text(card)
        self.show_text(text)


def without_line(text: Text, line: str) -> Text:
    """``text`` without its lines that read ``line`` (leading spaces aside)."""
    kept = [part for part in text.split("\n", allow_blank=True) if part.plain.strip() != line]
    return Text("\n").join(kept)


class QuestionList(OptionList):
    """The options of the lesson's question; Enter or a click answers."""


@dataclass(frozen=True)
class Answer:
    """The learner's answer to one question: which option, and whether it was right."""

    quiz: Quiz[State]
    chosen: int
    right: bool


def lesson_label(index: int, lesson: Lesson, done: bool) -> Text:
    text = Text()
    text.append("✓ " if done else "  ", style="bold green")
    text.append(f"{index + 1} {_(lesson.title)}")
    return text


NARROW_TUTORIAL = 100


class TutorialScreen(MoveInput):
    """One lesson at a time: its board, text and task, and feedback on each attempt."""

    DEFAULT_CSS = """
    TutorialScreen #tut-board {
        height: auto;
        max-height: 40%;
        border: round $primary 50%;
    }
    TutorialScreen #tut-lower {
        height: 1fr;
    }
    TutorialScreen #tut-side {
        width: 28;
        border: round $primary 50%;
    }
    TutorialScreen LessonList {
        height: auto;
        max-height: 100%;
        border: none;
        padding: 0;
        background: transparent;
    }
    TutorialScreen #tut-main {
        width: 1fr;
        border: round $primary 50%;
        padding: 0 1;
    }
    TutorialScreen #tut-title {
        text-style: bold;
        color: $accent;
    }
    TutorialScreen #tut-text {
        margin: 1 0;
    }
    TutorialScreen #tut-task {
        padding: 0 1;
        border-left: thick $warning;
        background: $warning 10%;
        text-style: bold;
    }
    TutorialScreen #tut-question {
        margin-top: 1;
        padding: 0 1;
        border-left: thick $accent;
        background: $accent 10%;
    }
    TutorialScreen QuestionList {
        height: auto;
    }
    TutorialScreen #tut-feedback {
        margin-top: 1;
        padding: 0 1;
        border: round $panel-lighten-2;
        color: $text-muted;
    }
    TutorialScreen #tut-feedback.-wrong {
        border: round $error;
        color: $text;
    }
    TutorialScreen #tut-feedback.-right {
        border: round $success;
        color: $text;
    }
    TutorialScreen #tut-right {
        width: 42;
        border: round $primary 50%;
        padding: 0 1;
    }
    TutorialScreen #tut-right > * {
        margin-bottom: 1;
    }
    TutorialScreen.-narrow #tut-side {
        display: none;
    }
    TutorialScreen.-narrow #tut-right {
        width: 1fr;
    }
    TutorialScreen.-narrow #tut-main {
        width: 1fr;
    }
    """

    BINDINGS = [
        # The lessons that need p or w say so; hiding them keeps the footer within 80 columns.
        *[replace(b, show=False) if b.key in ("p", "w") else b for b in MOVE_BINDINGS],
        Binding("n", "next", N_("Next")),
        Binding("s", "skip", N_("Skip")),
        Binding("r", "retry", N_("Retry")),
        Binding("backspace", "previous", N_("Previous"), key_display="⌫", show=False),
        # The lesson on being stuck (T9) names x; the game offers it by itself.
        Binding("x", "stuck", N_("Cannot move"), show=False),
        Binding("question_mark", "rule", N_("Rule")),
        Binding("escape", "back", N_("Close")),
    ]

    def __init__(self, start: int | str | None = None, progress_path: Path | None = None) -> None:
        super().__init__()
        self.progress_path = progress_path or progress_file()
        self.progress: Progress = load_progress(self.progress_path, ATLANTIS.id)
        if start is None:
            self.index = self.progress.next_lesson()
        else:
            self.index = start if isinstance(start, int) else lesson_index(start)
        self.lesson: Lesson = LESSONS[self.index]
        self.state: State = self.lesson.start()
        self.selection: Selection | None = None
        self.verdict: Verdict | None = None
        self.quiz: Quiz[State] | None = None
        """The question waiting for an answer; the task starts once it is answered right."""
        self.answer: Answer | None = None
        """The last answer given in this lesson, until a move is tried."""
        self._before: State = self.state
        """The position before the right move, to explain its events one by one."""

    # -- building ------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="tut-board"):
            yield PathView(self.state, id="tut-path")
        with Horizontal(id="tut-lower"):
            with Vertical(id="tut-side"):
                yield LessonList(id="tut-lessons")
            with VerticalScroll(id="tut-main"):
                yield Static(id="tut-title")
                yield Static(id="tut-text")
                yield Static(id="tut-task")
                # Feedback before the question: a wrong answer's explanation reads first,
                # then the question that took its place.
                yield Static(id="tut-feedback")
                yield Static(id="tut-question")
                yield QuestionList(id="tut-options")
            with VerticalScroll(id="tut-right"):
                yield TablePlayers(id="tut-players")
                yield LearnerHand(id="tut-hand")
                yield PreviewPanel(id="tut-preview")
        yield Footer()

    def on_resize(self, event: Resize) -> None:
        # Small terminals: the lesson list gives its room to the lesson itself.
        self.set_class(event.size.width < NARROW_TUTORIAL, "-narrow")

    def on_mount(self) -> None:
        self.title = _("Atlantis — tutorial")
        self.query_one("#tut-side").border_title = _("Lessons")
        self.query_one("#tut-right").border_title = _("The table")
        self.open_lesson(self.index)

    async def retranslate(self) -> None:
        """The lesson again from its start, in the new language; a question asked or
        answered stays as it was."""
        self.title = _("Atlantis — tutorial")
        self.query_one("#tut-side").border_title = _("Lessons")
        self.query_one("#tut-right").border_title = _("The table")
        self.open_lesson(self.index, again=False)

    # -- lessons ---------------------------------------------------------------------------
    def open_lesson(self, index: int, again: bool = True) -> None:
        """Show lesson ``index`` from its starting position, with its next question
        (``again=False``: the question and the answer of this lesson stay as they were)."""
        keep = not again and index == self.index
        self.index = index
        self.lesson = LESSONS[index]
        self.state = self.lesson.start()
        self.selection = None
        self.verdict = None
        lesson = self.lesson
        if not keep:
            self.answer = None
            self.quiz = lesson.question(self.progress.answers(lesson.id))
        self.sub_title = _("Lesson {n} of {total}").format(n=index + 1, total=len(LESSONS))
        self.query_one("#tut-main").border_title = _("Lesson {n}: {title}").format(
            n=index + 1, title=_(lesson.title)
        )
        title = Text(_(lesson.title))
        title.append("  (" + ", ".join(lesson.rules) + ")", style="dim")
        self.query_one("#tut-title", Static).update(title)
        self.query_one("#tut-text", Static).update(_(lesson.text))
        self.query_one("#tut-task", Static).update(_("Task: {task}").format(task=_(lesson.task)))
        self.query_one("#tut-main", VerticalScroll).scroll_home(animate=False)
        self._refresh_list()
        self.show_question()
        self.show_feedback()
        self.refresh_board()

    def _refresh_list(self) -> None:
        listing = self.query_one(LessonList)
        listing.clear_options()
        listing.add_options(
            Option(lesson_label(i, lesson, self.progress.done(lesson.id)), id=str(i))
            for i, lesson in enumerate(LESSONS)
        )
        listing.highlighted = self.index

    @on(OptionList.OptionSelected, "#tut-lessons")
    def _lesson_chosen(self, event: OptionList.OptionSelected) -> None:
        self.open_lesson(event.option_index)

    # -- the question ----------------------------------------------------------------------
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
        again = self.answer is not None and not self.answer.right
        heading = _("Another question:") if again else _("First, a question:")
        question.update(Text.assemble((heading, "bold"), "\n", _(quiz.question)))
        options.clear_options()
        options.add_options(Option(text, id=str(i)) for i, text in enumerate(quiz.shown_options()))
        # Nothing highlighted: Enter pressed for a move never answers by accident.
        options.highlighted = None
        options.focus(scroll_visible=False)
        # On a small screen the question is below the lesson's text: bring it into view.
        self.call_after_refresh(self._relayout, True)

    @on(OptionList.OptionSelected, "#tut-options")
    def _answered(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        quiz = self.quiz
        if quiz is None or event.option.id is None:
            return
        chosen = int(event.option.id)
        self.answer = Answer(quiz, chosen, chosen == quiz.answer(self.state))
        # Every answer uses a question up: the next one asked, now or when the lesson is
        # tried again, is another.
        self.progress.count_answer(self.lesson.id)
        self._save_progress()
        self.quiz = (
            None
            if self.answer.right
            else self.lesson.question(self.progress.answers(self.lesson.id))
        )
        self.show_question()
        self.show_feedback()
        self.refresh_board()

    # -- drawing ---------------------------------------------------------------------------
    @property
    def done(self) -> bool:
        return self.verdict is not None and self.verdict.done

    def refresh_board(self) -> None:
        state = self.state
        changed = touched_spaces(self.verdict.events) if self.done and self.verdict else frozenset()
        preview, payment = self.draw_selection(state, LEARNER, changed)
        asking = self.quiz is not None
        self.query_one(TablePlayers).show(state, ["human"] * state.player_count, debts=not asking)
        self.query_one(LearnerHand).show(state, LEARNER)
        preview_panel = self.query_one(PreviewPanel)
        preview_panel.show(state, preview, payment)
        # No move to preview while a question waits, nor once the task is done.
        preview_panel.display = not self.done and not asking
        self.call_after_refresh(self._relayout)

    def _relayout(self, show_feedback: bool = False) -> None:
        """Size the text panels to their new text, and bring the feedback into view.

        A panel updated while its column is being laid out can keep its old
        height (one line of the preview went missing), so ask again once painted.
        """
        for widget in self.query("#tut-right > *, #tut-main > *"):
            widget.refresh(layout=True)
        if not show_feedback:
            return
        main = self.query_one("#tut-main", VerticalScroll)
        if self.quiz is not None:
            # The waiting question and its options end the panel: they must be in view,
            # with the explanation of the last answer above them.
            main.scroll_end(animate=False)
        else:
            self.call_after_refresh(
                main.scroll_to_widget, self.query_one("#tut-feedback"), animate=False
            )

    def show_feedback(self) -> None:
        """The feedback panel: an invitation, an answer worked out, a wrong attempt's rule
        and why, or the lesson's explanation with what the move caused."""
        panel = self.query_one("#tut-feedback", Static)
        verdict = self.verdict
        answer = self.answer if verdict is None else None
        panel.set_class(
            (verdict is not None and not verdict.done) or (answer is not None and not answer.right),
            "-wrong",
        )
        panel.set_class(self.done or (answer is not None and answer.right), "-right")
        self.refresh_bindings()
        if answer is not None:
            self._show_answer(panel, answer)
            return
        if verdict is None:
            panel.border_title = None
            if self.quiz is not None:
                invitation = _(
                    "Answer the question below with ↑ ↓ and Enter, or a click: the task "
                    "starts once you have. A wrong answer is explained, and another "
                    "question takes its place."
                )
            else:
                invitation = _(
                    "Make your move with the keys below. A wrong move is not played: you "
                    "can try again as often as you like."
                )
            panel.update(invitation)
            return
        rule = escape(verdict.rule)
        link = f"[@click=screen.rule('{rule}')][u]{rule}[/u][/]"
        if not verdict.done:
            if verdict.broken:
                # The rules refused the command: name the rule it broke.
                panel.border_title = _("Not allowed ({rule})").format(rule=verdict.rule)
                first = _("Rule {rule}: {why}").format(rule=link, why=escape(verdict.text))
            else:
                # A legal move that misses the task: no rule was broken.
                panel.border_title = _("Not the task")
                first = escape(verdict.text)
            lines = [
                first,
                "",
                f"[dim]{escape(_quote(verdict.rule))}[/dim]",
                "",
                _("Try again, or press ? to read rule {rule}.").format(rule=link),
            ]
            panel.update("\n".join(lines))
            # On a small screen the feedback is below the lesson's text: bring it up.
            self.call_after_refresh(self._relayout, True)
            return
        panel.border_title = _("Well done")
        # What to do next comes before the details, so it is never below the fold.
        if self.index + 1 < len(LESSONS):
            following = "[b]" + _("n: next lesson") + "[/b]  " + _("r: try it again")
        else:
            left = [str(i + 1) for i, each in enumerate(LESSONS) if not self.progress.done(each.id)]
            if left:
                following = (
                    "[b]"
                    + _(
                        "That was the last lesson; still to do: {lessons}. Esc: back to the menu."
                    ).format(lessons=", ".join(left))
                    + "[/b]"
                )
            else:
                following = (
                    "[b]"
                    + _("You have finished the tutorial. Esc: back to the menu, to play a game.")
                    + "[/b]"
                )
        lines = [escape(verdict.text), "", following, "", "[b]" + _("What happened:") + "[/b]"]
        state = self._before
        for event in verdict.events:
            rule_id, why = explain(state, event)
            state = evolve(state, event)
            if rule_id and why and not isinstance(event, TurnEnded):
                lines.append(f"[@click=screen.rule('{rule_id}')][b]{rule_id}[/b][/] {escape(why)}")
        panel.update("\n".join(lines))
        self.call_after_refresh(self._relayout, True)

    def _show_answer(self, panel: Static, answer: Answer) -> None:
        """The answer worked out by the rules; after a wrong one, how to find it."""
        quiz = answer.quiz
        shown = quiz.shown_options()
        right = shown[quiz.answer(self.state)]
        worked = escape(quiz.worked(self.state))
        if answer.right:
            panel.border_title = _("Right")
            lines = [
                escape(_("Right: {answer}.").format(answer=right)) + " " + worked,
                "",
                "[b]" + _("Now the task, with the keys below.") + "[/b]",
            ]
        else:
            panel.border_title = _("Not quite")
            said = _("Not {chosen}: the answer is {answer}.").format(
                chosen=shown[answer.chosen], answer=right
            )
            lines = [
                escape(said) + " " + worked,
                "",
                f"[dim]{escape(_(quiz.hint))}[/dim]",
                "",
                "[b]"
                + _("Another question has taken its place below: answer it to start the task.")
                + "[/b]",
            ]
        panel.update("\n".join(lines))
        self.call_after_refresh(self._relayout, True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``n`` (next) shows once the task is done, ``s`` (skip) until then."""
        if action == "next":
            return self.done and self.index + 1 < len(LESSONS)
        if action == "skip":
            return not self.done
        return True

    # -- judging ---------------------------------------------------------------------------
    def submit(self, command: AnyCommand) -> None:
        """Judge a command; only the right one is played."""
        self._show_verdict(check(self.lesson, self.state, command))

    def _show_verdict(self, verdict: Verdict) -> None:
        self.verdict = verdict
        self.selection = None
        if verdict.done:
            self._before = self.state
            for event in verdict.events:
                self.state = evolve(self.state, event)
            self.progress.mark(self.lesson.id)
            self._save_progress()
            self._refresh_list()
        self.show_feedback()
        self.refresh_board()

    def _save_progress(self) -> None:
        try:
            save_progress(self.progress_path, self.progress)
        except OSError as error:
            self.notify(str(error), title=_("Progress not saved"), severity="warning")

    def _can_act(self) -> bool:
        if self.quiz is not None:
            # Nothing is previewed, refused or chosen before the question is answered.
            self.notify(_("First answer the question in the lesson's panel."))
            self.query_one(QuestionList).focus(scroll_visible=False)
            self._relayout(True)
            return False
        if self.done:
            self.notify(_("Press n for the next lesson, or r to try this one again."))
            return False
        return True

    # -- the game's keys -------------------------------------------------------------------
    # -- entering a move (MoveInput) ----------------------------------------------------
    def input_turn(self) -> tuple[State, int] | None:
        return (self.state, LEARNER) if self._can_act() else None

    def send(self, command: AnyCommand) -> None:
        self.submit(command)

    def refuse(self, refused: Refused) -> None:
        self.submit(refused.command)  # the lesson's own feedback on that refusal

    def redraw(self) -> None:
        self.refresh_board()

    def action_stuck(self) -> None:
        """x: declare that no pawn can move (T9); the rules judge whether that is so."""
        turn = self.input_turn()
        if turn is not None:
            self.submit(DeclareStuck(turn[1]))

    # -- moving between lessons ------------------------------------------------------------
    def action_next(self) -> None:
        if self.index + 1 < len(LESSONS):
            self.open_lesson(self.index + 1)
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

    def action_rule(self, rule: str | None = None) -> None:
        """Open the rules at ``rule``, or at the rule last named here."""
        if rule is None:
            rule = self.verdict.rule if self.verdict is not None else self.lesson.rule
        self.app.push_screen(RulesScreen(rule_id=rule, game=ATLANTIS.id))

    def action_back(self) -> None:
        if self.selection is not None:
            self.selection = None
            self.refresh_board()
        else:
            self.dismiss()


def _quote(rule: str) -> str:
    """The rule's own words, to read beside the feedback."""
    try:
        return plain_text(rule_text(ATLANTIS, rule))
    except KeyError:
        return ""
