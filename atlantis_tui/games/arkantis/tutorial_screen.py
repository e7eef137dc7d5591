"""ArkantiS's tutorial: short lessons, each a prepared board, a question, a task and
feedback naming the rule.

A lesson opens with a question about its position, asked in the lesson's panel
before anything else can be done: no square is chosen and no command judged
while it waits. The answer, right or wrong, is then shown worked out by the
rules; a wrong one is followed by the lesson's next question (a different
one), so options cannot be tried in turn. The count of answers is kept with
the progress (``atlantis_tui.tutorial_progress``, per game), so trying the
lesson again asks another question too.

Then the learner plays with the game's own keys on the game's own board widget
(``BoardWidget``): ``o`` remove one, ``w`` remove two, ``m`` move, arrows and
Space or a click or a typed ``C4`` to choose squares, Enter to play, ``y`` to
buy, ``p`` to pass, ``t`` to end the turn. Nothing on the board hints at the
answer: no preview of what an action would pay is shown before it is played,
and the chosen squares are marked only as chosen. Every command is judged by
``core.arkantis.tutor.check``; only the right one is played, a wrong one
leaves the position as it was and says which rule it misread or broke.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Key, Resize
from textual.markup import escape
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from atlantis_tui.games.arkantis.board import BoardMarks, BoardWidget
from atlantis_tui.games.arkantis.buy_dialog import pile_option
from atlantis_tui.games.arkantis.cards_text import piles_text, table_of
from atlantis_tui.games.arkantis.choice import Choice, Mode
from atlantis_tui.games.arkantis.keys import GameKeys
from atlantis_tui.games.arkantis.moments import action_marks
from atlantis_tui.games.arkantis.texts import command_text, hand_text, players_text
from atlantis_tui.saves import progress_file
from atlantis_tui.screens.choosers import ChoiceScreen
from atlantis_tui.tutorial_progress import Progress, load_progress, save_progress
from core.arkantis.commands import AnyCommand, Buy, EndTurn, Pass
from core.arkantis.describe import describe
from core.arkantis.evolve import evolve
from core.arkantis.i18n import N_, _
from core.arkantis.lessons import LESSONS
from core.arkantis.squares import COLUMNS, SIZE, name, square
from core.arkantis.state import PILES, State
from core.arkantis.tutor import LEARNER, Lesson, Verdict, check
from core.kernel import tutor
from core.kernel.tutor import lesson_index, next_lesson

Quiz = tutor.Quiz[State]

GAME = "arkantis"
NARROW = 110
SHORT = 36
"""Below this width or height the board is drawn small."""


class QuestionList(OptionList):
    """The options of the lesson's question; Enter or a click answers."""


def lesson_label(index: int, lesson: Lesson, done: bool) -> str:
    return ("✓ " if done else "  ") + f"{index + 1} {_(lesson.title)}"


class TutorialScreen(GameKeys, Screen[None]):
    """One lesson at a time: its board, text, question and task, and feedback."""

    DEFAULT_CSS = """
    TutorialScreen #tut-body { height: 1fr; }
    TutorialScreen #tut-left { width: 58; height: 100%; }
    TutorialScreen #tut-board {
        height: auto; width: 100%; border: round $primary 50%; align-horizontal: center;
    }
    TutorialScreen #tut-table { height: 1fr; border: round $primary 50%; padding: 0 1; }
    TutorialScreen #tut-main { width: 1fr; border: round $primary 50%; padding: 0 1; }
    TutorialScreen #tut-title { text-style: bold; color: $accent; }
    TutorialScreen #tut-text { margin: 1 0 0 0; }
    TutorialScreen #tut-task {
        margin-top: 1; padding: 0 1; border-left: thick $warning;
        background: $warning 10%; text-style: bold;
    }
    TutorialScreen #tut-choice { margin-top: 1; color: $text-muted; }
    TutorialScreen #tut-feedback {
        margin-top: 1; padding: 0 1; border: round $panel-lighten-2; color: $text-muted;
    }
    TutorialScreen #tut-feedback.-wrong { border: round $error; color: $text; }
    TutorialScreen #tut-feedback.-right { border: round $success; color: $text; }
    TutorialScreen #tut-question {
        margin-top: 1; padding: 0 1; border-left: thick $accent; background: $accent 10%;
    }
    TutorialScreen QuestionList { height: auto; }
    TutorialScreen.-narrow #tut-left { width: 28; }
    TutorialScreen.-narrow #tut-table { padding: 0; }
    """

    BINDINGS = [
        Binding("o", "mode('one')", N_("Remove one"), show=False),
        Binding("w", "mode('two')", N_("Remove two"), show=False),
        Binding("m", "mode('move')", N_("Move"), show=False),
        Binding("y", "buy", N_("Buy"), show=False),
        Binding("p", "pass_turn", N_("Pass"), show=False),
        Binding("t", "end_turn", N_("End turn"), show=False),
        Binding("enter", "confirm", N_("Confirm"), show=False),
        Binding("space", "choose", N_("Choose square"), show=False),
        Binding("up", "cursor(0, -1)", N_("Up"), show=False),
        Binding("down", "cursor(0, 1)", N_("Down"), show=False),
        Binding("left", "cursor(-1, 0)", N_("Left"), show=False),
        Binding("right", "cursor(1, 0)", N_("Right"), show=False),
        Binding("n", "next", N_("Next")),
        Binding("s", "skip", N_("Skip")),
        Binding("r", "retry", N_("Retry")),
        Binding("backspace", "previous", N_("Previous"), key_display="⌫", show=False),
        Binding("question_mark", "rule", N_("Rule")),
        Binding("escape", "back", N_("Close")),
    ]

    def __init__(self, start: int | str | None = None, progress_path: Path | None = None) -> None:
        super().__init__()
        self.progress_path = progress_path or progress_file()
        self.progress: Progress = load_progress(self.progress_path, GAME)
        if start is None:
            self.index = next_lesson(LESSONS, self.progress.done)
        else:
            self.index = start if isinstance(start, int) else lesson_index(LESSONS, start)
        self.lesson: Lesson = LESSONS[self.index]
        self.state: State = self.lesson.start()
        self._before: State = self.state
        self.choice = Choice()
        self.cursor = square(3, 3)
        self.typed_column: int | None = None
        self.verdict: Verdict | None = None
        self.quiz: Quiz | None = None
        """The question waiting for an answer; the task starts once it is answered right."""
        self._ready = False
        self.answer: tuple[Quiz, int, bool] | None = None
        """The last answer in this lesson (question, option chosen, right), until a command."""

    # -- building ------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="tut-body"):
            with Vertical(id="tut-left"):
                with Vertical(id="tut-board"):
                    yield BoardWidget(id="tut-grid")
                with VerticalScroll(id="tut-table"):
                    yield Static(id="tut-players")
                    yield Static(id="tut-hand")
                    yield Static(id="tut-piles")
            with VerticalScroll(id="tut-main"):
                yield Static(id="tut-title")
                yield Static(id="tut-text")
                yield Static(id="tut-task")
                yield Static(id="tut-choice")
                # Feedback before the question: a wrong answer's explanation reads first,
                # then the question that took its place.
                yield Static(id="tut-feedback")
                yield Static(id="tut-question")
                yield QuestionList(id="tut-options")
        yield Footer()

    def on_mount(self) -> None:
        for widget in self.query(VerticalScroll):
            widget.can_focus = False  # the arrows stay with the board
        self._titles()
        self.open_lesson(self.index)
        self._ready = True

    def _titles(self) -> None:
        self.title = _("ArkantiS — tutorial")
        self.query_one("#tut-board").border_title = _("Board")
        self.query_one("#tut-table").border_title = _("The table")

    async def retranslate(self) -> None:
        """The lesson again in the new language; a question asked stays as it was."""
        self._titles()
        self.open_lesson(self.index, again=False)

    def on_resize(self, event: Resize) -> None:
        narrow = event.size.width < NARROW or event.size.height < SHORT
        self.set_class(narrow, "-narrow")
        for board in self.query(BoardWidget).results(BoardWidget):
            board.large = not narrow
        if self._ready:
            self.refresh_board()

    # -- lessons ---------------------------------------------------------------------------
    def open_lesson(self, index: int, again: bool = True) -> None:
        """Show lesson ``index`` from its starting position, with its next question
        (``again=False``: the question and answer of this lesson stay as they were)."""
        keep = not again and index == self.index
        self.index = index
        self.lesson = LESSONS[index]
        self.state = self._before = self.lesson.start()
        self.choice = Choice()
        self.verdict = None
        lesson = self.lesson
        if not keep:
            self.answer = None
            self.quiz = lesson.question(self.progress.answers(lesson.id))
        self.sub_title = _("Lesson {n} of {total}").format(n=index + 1, total=len(LESSONS))
        self.query_one("#tut-main").border_title = lesson_label(
            index, lesson, self.progress.done(lesson.id)
        ).strip()
        title = Text(_(lesson.title))
        title.append("  (" + ", ".join(lesson.rules) + ")", style="dim")
        self.query_one("#tut-title", Static).update(title)
        self.query_one("#tut-text", Static).update(_(lesson.text))
        self.query_one("#tut-task", Static).update(_("Task: {task}").format(task=_(lesson.task)))
        self.query_one("#tut-main", VerticalScroll).scroll_home(animate=False)
        self.show_question()
        self.show_feedback()
        self.refresh_board()

    # -- the question ----------------------------------------------------------------------
    def show_question(self) -> None:
        """The waiting question and its options, focused; nothing once answered."""
        quiz = self.quiz
        question = self.query_one("#tut-question", Static)
        options = self.query_one(QuestionList)
        question.display = options.display = quiz is not None
        if quiz is None:
            if options.has_focus:
                self.set_focus(None)
            return
        again = self.answer is not None and not self.answer[2]
        heading = _("Another question:") if again else _("First, a question:")
        question.update(Text.assemble((heading, "bold"), "\n", _(quiz.question)))
        options.clear_options()
        options.add_options(Option(text, id=str(i)) for i, text in enumerate(quiz.shown_options()))
        # Nothing highlighted: an Enter meant for the board never answers by accident.
        options.highlighted = None
        options.focus(scroll_visible=False)
        self.call_after_refresh(self._scroll_end)

    def _scroll_end(self) -> None:
        self.query_one("#tut-main", VerticalScroll).scroll_end(animate=False)

    @on(OptionList.OptionSelected, "#tut-options")
    def _answered(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        quiz = self.quiz
        if quiz is None or event.option.id is None:
            return
        chosen = int(event.option.id)
        right = chosen == quiz.answer(self.state)
        self.answer = (quiz, chosen, right)
        # Every answer uses a question up: the next one asked is another.
        self.progress.count_answer(self.lesson.id)
        self._save_progress()
        self.quiz = None if right else self.lesson.question(self.progress.answers(self.lesson.id))
        self.show_question()
        self.show_feedback()
        self.refresh_board()

    # -- drawing ---------------------------------------------------------------------------
    @property
    def done(self) -> bool:
        return self.verdict is not None and self.verdict.done

    def refresh_board(self) -> None:
        """The board, the table and the chosen squares. Only a played command is outlined:
        nothing marks what a chosen action would pay before it is judged."""
        state = self.state
        acting = self.quiz is None and not self.done
        played = self.verdict.events if self.done and self.verdict is not None else ()
        changed, sets = action_marks(played)
        board = self.query_one(BoardWidget)
        board.tokens = state.tokens
        board.marks = BoardMarks(
            cursor=self.cursor if acting else None,
            selected=self.choice.squares if acting else (),
            changed=changed,
            sets=sets,
        )
        compact = self.has_class("-narrow")
        table = table_of(state)
        kinds = ["human"] * state.player_count
        self.query_one("#tut-players", Static).update(players_text(state, table, kinds, compact))
        width = self.query_one("#tut-table").content_region.width or 50
        # The game's panel names the hand's owner; here the owner is the reader.
        lines = hand_text(state, LEARNER, width, compact).split("\n", allow_blank=True)
        title = Text(_("Your hand"), style="bold")
        title.append(f"  ({len(state.hands[LEARNER])})", style="dim")
        self.query_one("#tut-hand", Static).update(Text("\n").join([Text(""), title, *lines[1:]]))
        piles = piles_text(state, table)
        self.query_one("#tut-piles", Static).update(Text("\n").join([Text(""), piles]))
        self.query_one("#tut-choice", Static).update(self._choice_text() if acting else "")

    def _choice_text(self) -> Text:
        hints = {
            "one": _("o Remove one: choose a token (arrows and Space, a click, or type C4)."),
            "two": _("w Remove two: choose two tokens (2 pions)."),
            "move": _("m Move: choose a token, then an empty square (3 pions)."),
        }
        text = Text(hints[self.choice.mode])
        command = self.choice.command(LEARNER)
        if command is not None:
            text.append("\n")
            text.append(command_text(command), style="bold")
            text.append("  " + _("Enter: play it · Esc: choose again"))
        elif self.choice.squares:
            chosen = " ".join(name(sq) for sq in self.choice.squares)
            text.append("\n" + _("Chosen: {squares}").format(squares=chosen))
        text.append("\n" + _("Also: y buy · p pass · t end the turn"), style="dim")
        return text

    def show_feedback(self) -> None:
        """An invitation, an answer worked out, a wrong command's rule and why, or the
        lesson's explanation with what the command caused."""
        panel = self.query_one("#tut-feedback", Static)
        verdict = self.verdict
        answer = self.answer if verdict is None else None
        wrong = (verdict is not None and not verdict.done) or (answer is not None and not answer[2])
        panel.set_class(wrong, "-wrong")
        panel.set_class(self.done or (answer is not None and answer[2]), "-right")
        self.refresh_bindings()
        if answer is not None:
            self._show_answer(panel, *answer)
            return
        if verdict is None:
            panel.border_title = None
            if self.quiz is not None:
                panel.update(
                    _(
                        "Answer the question below with ↑ ↓ and Enter, or a click: the task "
                        "starts once you have. A wrong answer is explained, and another "
                        "question takes its place."
                    )
                )
            else:
                panel.update(_("Play with the keys. A wrong command is not played: try again."))
            return
        rule = escape(verdict.rule)
        link = f"[@click=screen.rule('{rule}')][u]{rule}[/u][/]"
        if not verdict.done:
            if verdict.broken:
                panel.border_title = _("Not allowed ({rule})").format(rule=verdict.rule)
                first = _("Rule {rule}: {why}").format(rule=link, why=escape(verdict.text))
            else:
                panel.border_title = _("Not the task ({rule})").format(rule=verdict.rule)
                first = escape(verdict.text)
            again = _("Try again, or press ? to read rule {rule}.").format(rule=link)
            panel.update(f"{first}\n\n{again}")
            self.call_after_refresh(self._scroll_end)
            return
        panel.border_title = _("Well done")
        if self.index + 1 < len(LESSONS):
            following = _("n: next lesson · r: try it again")
        else:
            following = _("You have finished the tutorial. Esc: back to the menu.")
        lines = [escape(verdict.text), "", f"[b]{escape(following)}[/b]", ""]
        lines.append("[b]" + escape(_("What happened:")) + "[/b]")
        state = self._before
        for event in verdict.events:
            sentence = describe(state, event)
            state = evolve(state, event)
            if sentence:
                lines.append("· " + escape(sentence))
        panel.update("\n".join(lines))
        self.call_after_refresh(self._scroll_end)

    def _show_answer(self, panel: Static, quiz: Quiz, chosen: int, right: bool) -> None:
        shown = quiz.shown_options()
        truth = shown[quiz.answer(self.state)]
        worked = escape(quiz.worked(self.state))
        if right:
            panel.border_title = _("Right")
            said = escape(_("Right: {answer}.").format(answer=truth))
            lines = [f"{said} {worked}", "", "[b]" + escape(_("Now the task.")) + "[/b]"]
        else:
            panel.border_title = _("Not quite")
            said = escape(
                _("Not {chosen}: the answer is {answer}.").format(
                    chosen=shown[chosen], answer=truth
                )
            )
            lines = [
                f"{said} {worked}",
                "",
                f"[dim]{escape(_(quiz.hint))}[/dim]",
                "",
                "[b]" + escape(_("Another question has taken its place below.")) + "[/b]",
            ]
        panel.update("\n".join(lines))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``n`` shows once the task is done, ``s`` until then."""
        if action == "next":
            return self.done and self.index + 1 < len(LESSONS)
        if action == "skip":
            return not self.done
        return True

    # -- judging ---------------------------------------------------------------------------
    def submit(self, command: AnyCommand) -> None:
        """Judge a command; only the right one is played."""
        verdict = check(self.lesson, self.state, command)
        self.verdict = verdict
        self.choice = Choice(self.choice.mode)
        self.answer = None
        if verdict.done:
            self._before = self.state
            for event in verdict.events:
                self.state = evolve(self.state, event)
            self.progress.mark(self.lesson.id)
            self._save_progress()
        self.show_feedback()
        self.refresh_board()

    def _save_progress(self) -> None:
        try:
            save_progress(self.progress_path, self.progress)
        except OSError as error:
            self.notify(str(error), title=_("Progress not saved"), severity="warning")

    def _can_act(self) -> bool:
        if self.quiz is not None:
            self.notify(_("First answer the question in the lesson's panel."))
            self.query_one(QuestionList).focus(scroll_visible=False)
            return False
        if self.done:
            self.notify(_("Press n for the next lesson, or r to try this one again."))
            return False
        return True

    # -- the game's keys -------------------------------------------------------------------
    def action_mode(self, mode: Mode) -> None:
        if self._can_act():
            self.choice = self.choice.with_mode(mode)
            self.refresh_board()

    def action_cursor(self, dx: int, dy: int) -> None:
        row, column = divmod(self.cursor, SIZE)
        self.cursor = square(min(max(row + dy, 0), SIZE - 1), min(max(column + dx, 0), SIZE - 1))
        self.refresh_board()

    def action_choose(self) -> None:
        self.choose(self.cursor)

    def choose(self, sq: int) -> None:
        """Choose or unchoose ``sq`` for the action being prepared."""
        if not self._can_act():
            return
        self.cursor = sq
        self.choice = self.choice.toggle(sq, self.state.tokens)
        self.refresh_board()

    @on(BoardWidget.SquareClicked)
    def _square_clicked(self, message: BoardWidget.SquareClicked) -> None:
        self.choose(message.square)

    def on_key(self, event: Key) -> None:
        """Typing a square's name (``c4``) chooses it."""
        if self.quiz is not None:
            return
        char = (event.character or "").upper()
        if char and char in COLUMNS:
            self.typed_column = COLUMNS.index(char)
            event.stop()
            event.prevent_default()
        elif char and char.isdigit() and self.typed_column is not None:
            row = int(char) - 1
            column, self.typed_column = self.typed_column, None
            if 0 <= row < SIZE:
                self.choose(square(row, column))
            event.stop()
            event.prevent_default()

    def action_confirm(self) -> None:
        """Play the chosen action (or choose the cursor's square when none is ready)."""
        if not self._can_act():
            return
        command = self.choice.command(LEARNER)
        if command is None:
            self.action_choose()
            return
        self.submit(command)

    def action_buy(self) -> None:
        """Choose a pile (T6): the rules judge the purchase like any command."""
        if not self._can_act():
            return
        state, table = self.state, table_of(self.state)
        options = [Option(pile_option(state, table, i), id=str(i)) for i in range(len(PILES))]

        def chosen(answer: str | None) -> None:
            if answer is not None:
                colour, pile = PILES[int(answer)]
                self.submit(Buy(LEARNER, colour, pile))

        self.app.push_screen(ChoiceScreen(_("Buy a card"), _("Which pile?"), options), chosen)

    def action_pass_turn(self) -> None:
        if self._can_act():
            self.submit(Pass(LEARNER))

    def action_end_turn(self) -> None:
        if self._can_act():
            self.submit(EndTurn(LEARNER))

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
        from atlantis_tui.screens.rules import RulesScreen

        if rule is None:
            rule = self.verdict.rule if self.verdict is not None else self.lesson.rule
        self.app.push_screen(RulesScreen(rule_id=rule, game=GAME))

    def action_back(self) -> None:
        if self.choice.squares:
            self.choice = Choice(self.choice.mode)
            self.typed_column = None
            self.refresh_board()
        else:
            self.dismiss()
