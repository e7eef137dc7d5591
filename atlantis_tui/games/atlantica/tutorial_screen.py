"""Atlantica's tutorial: short lessons, each a prepared position, a question, a task
and feedback naming the rule.

A lesson opens with a question about its position, asked in the lesson's panel
before anything else can be done: no location is chosen and no command judged
while it waits. The answer, right or wrong, is then shown worked out by the
rules; a wrong one is followed by the lesson's next question (a different
one), so options cannot be tried in turn. The count of answers is kept with
the progress (``atlantis_tui.tutorial_progress``, per game), so trying the
lesson again asks another question too.

Then the learner plays with the game's own keys and the game's own board and
action builder (``board_text``, ``builder``): ``s o b c`` a location, ``1 2 3``
a level, ``Tab`` another payment, ``j`` a pair, arrows and Space or digits or
a click for the cards to take, Enter to play; ``p`` passes, ``n`` ends the turn
(and, once the task is done, opens the next lesson).
Nothing on screen hints at the answer: no preview of what an action would
score is shown before it is played, and the table names what each player holds
without its points (the ladders are shown, to count with). Every command is
judged by ``core.atlantica.tutor.check``; only the right one is played (and the
turn ended after it, T9), a wrong one leaves the position as it was and says
which rule it misread or broke.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.markup import escape
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from atlantis_tui import style as shell_style
from atlantis_tui.games.atlantica import style as st
from atlantis_tui.games.atlantica.board import BoardMarks, board_text
from atlantis_tui.games.atlantica.builder import Draft, level_refusal, payment_options, pick_spaces
from atlantis_tui.games.atlantica.cards_text import card_chip, chips, divers_text, treasure_chip
from atlantis_tui.games.atlantica.keys import GameKeys
from atlantis_tui.games.atlantica.panels import BoardPanel, Panel
from atlantis_tui.games.atlantica.session_types import table_of_state
from atlantis_tui.games.atlantica.texts import builder_text, command_text, hand_text
from atlantis_tui.saves import progress_file
from atlantis_tui.tutorial_progress import Progress, load_progress, save_progress
from core.atlantica.cards import TREASURE_TYPES, Pick, crates, treasure_type
from core.atlantica.commands import AnyCommand, EndTurn, Pass, PerformAction
from core.atlantica.describe import describe
from core.atlantica.evolve import evolve
from core.atlantica.i18n import N_, _, ngettext
from core.atlantica.lessons import LESSONS
from core.atlantica.locations import LOCATIONS, Location
from core.atlantica.payment import pair_refusal
from core.atlantica.state import State
from core.atlantica.tutor import LEARNER, Lesson, Verdict, check, refused
from core.kernel import tutor
from core.kernel.tutor import lesson_index, next_lesson

Quiz = tutor.Quiz[State]

GAME = "atlantica"
NARROW = 110
SHORT = 36
"""Below this width or height the board is drawn small."""


class QuestionList(OptionList):
    """The options of the lesson's question; Enter or a click answers."""


def lesson_label(index: int, lesson: Lesson, done: bool) -> str:
    return ("✓ " if done else "  ") + f"{index + 1} {_(lesson.title)}"


def table_text(state: State, compact: bool) -> Text:
    """Every player's holdings without their points: the hand's size, hired cards face
    down, treasures by type, ships and their crates, research cards, the hurricane.
    A lesson's questions ask for the points, so the table must not show them."""
    lines: list[Text] = []
    for seat in range(state.player_count):
        line = Text()
        line.append("▶" if state.to_act == seat else " ", style=st.BOLD)
        line.append(
            f" {shell_style.player_tag(seat)} {state.players[seat]}",
            style=shell_style.player_style(seat),
        )
        line.append(" · " + _("{n} in hand").format(n=len(state.hands[seat])), style=st.DIM)
        hired = len(state.hired[seat])
        if hired:
            line.append(" · " + _("{n} hired").format(n=hired) + " ")
            line.append(st.HIDDEN_CARD * min(hired, 6), style=st.HIDDEN)
        if state.hurricane_holder == seat:
            line.append(" ")
            line.append_text(card_chip("H"))
        lines.append(line)
        held = Counter(treasure_type(card) for card in state.treasures[seat] if card)
        treasures = Text("   ")
        for kind in TREASURE_TYPES:
            if held[kind]:
                treasures.append_text(treasure_chip(kind))
                treasures.append(f"×{held[kind]} " if held[kind] > 1 else " ")
        if not held:
            treasures.append(_("no treasure"), style=st.DIM)
        lines.append(treasures)
        ships = Text("   ")
        boxes = sum(crates(card) for card in state.ships[seat])
        if state.ships[seat]:
            ships.append_text(chips(state.ships[seat]))
            ships.append(" ")
        ships.append(ngettext("{n} crate", "{n} crates", boxes).format(n=boxes), style=st.DIM)
        if state.research[seat]:
            ships.append("  ")
            ships.append_text(chips(state.research[seat]))
        lines.append(ships)
    lines.append(Text(""))
    lines.append(Text(_("Ladders (S1.3): points for 1, 2, 3 … cards"), style=st.BOLD))
    for kind in TREASURE_TYPES:
        ladder = Text(" ")
        ladder.append_text(treasure_chip(kind))
        ladder.append(" " + " ".join(str(value) for value in state.data.ladders[kind]))
        lines.append(ladder)
    return Text("\n").join(lines)


class TutorialScreen(GameKeys, Screen[None]):
    """One lesson at a time: its board, table, text, question and task, and feedback."""

    DEFAULT_CSS = """
    TutorialScreen #tut-body { height: 1fr; }
    TutorialScreen #tut-left { width: 66; height: 100%; }
    TutorialScreen #tut-board {
        height: auto; max-height: 24; border: round $primary 50%; padding: 0 1;
    }
    TutorialScreen #tut-table { height: 1fr; border: round $primary 50%; padding: 0 1; }
    TutorialScreen #tut-main { width: 1fr; border: round $primary 50%; padding: 0 1; }
    TutorialScreen #tut-title { text-style: bold; color: $accent; }
    TutorialScreen #tut-text { margin: 1 0 0 0; }
    TutorialScreen #tut-task {
        margin-top: 1; padding: 0 1; border-left: thick $warning;
        background: $warning 10%; text-style: bold;
    }
    TutorialScreen #tut-choice { margin-top: 1; }
    TutorialScreen #tut-feedback {
        margin-top: 1; padding: 0 1; border: round $panel-lighten-2; color: $text-muted;
    }
    TutorialScreen #tut-feedback.-wrong { border: round $error; color: $text; }
    TutorialScreen #tut-feedback.-right { border: round $success; color: $text; }
    TutorialScreen #tut-question {
        margin-top: 1; padding: 0 1; border-left: thick $accent; background: $accent 10%;
    }
    TutorialScreen QuestionList { height: auto; }
    TutorialScreen.-narrow #tut-left { width: 47; }
    TutorialScreen.-narrow #tut-board { padding: 0; max-height: 10; }
    TutorialScreen.-narrow #tut-table { padding: 0; }
    TutorialScreen.-narrow VerticalScroll { scrollbar-size-vertical: 1; }
    """

    BINDINGS = [
        Binding("s", "location('submarine')", N_("Submarine"), show=False),
        Binding("o", "location('port')", N_("Port"), show=False),
        Binding("b", "location('bistro')", N_("Bistro"), show=False),
        Binding("c", "location('research')", N_("Research centre"), show=False),
        Binding("1", "digit(1)", N_("Level or space 1"), show=False),
        Binding("2", "digit(2)", N_("Level or space 2"), show=False),
        Binding("3", "digit(3)", N_("Level or space 3"), show=False),
        Binding("4", "digit(4)", N_("Space 4"), show=False),
        Binding("5", "digit(5)", N_("Space 5"), show=False),
        Binding("6", "digit(6)", N_("Space 6"), show=False),
        Binding("up", "step_level(-1)", N_("Level down"), show=False),
        Binding("down", "step_level(1)", N_("Level up"), show=False),
        Binding("left", "pick_cursor(-1)", N_("Previous card"), show=False),
        Binding("right", "pick_cursor(1)", N_("Next card"), show=False),
        Binding("space", "toggle_pick", N_("Take this card"), show=False),
        Binding("tab", "next_payment", N_("Another payment"), show=False, priority=True),
        Binding("j", "pair", N_("Pay with a pair"), show=False),
        Binding("enter", "confirm", N_("Confirm"), show=False),
        Binding("p", "pass_turn", N_("Pass"), show=False),
        # n ends the turn, as in the game, until the task is done; then it opens the next lesson.
        Binding("n", "next", N_("Next")),
        Binding("n", "end_turn", N_("End turn"), show=False),
        Binding("x", "skip", N_("Skip")),
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
        self.draft = Draft()
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
                with VerticalScroll(id="tut-board"):
                    yield BoardPanel(id="tut-board-text")
                with VerticalScroll(id="tut-table"):
                    yield Panel(id="tut-hand")
                    yield Panel(id="tut-players")
            with VerticalScroll(id="tut-main"):
                yield Static(id="tut-title")
                yield Static(id="tut-text")
                yield Static(id="tut-task")
                yield Panel(id="tut-choice")
                # Feedback before the question: a wrong answer's explanation reads first,
                # then the question that took its place.
                yield Static(id="tut-feedback")
                yield Static(id="tut-question")
                yield QuestionList(id="tut-options")
        yield Footer()

    def on_mount(self) -> None:
        for widget in self.query(VerticalScroll):
            widget.can_focus = False  # the arrows stay with the builder
        self._titles()
        self.open_lesson(self.index)
        self._ready = True

    def _titles(self) -> None:
        self.title = _("Atlantica — tutorial")
        self.query_one("#tut-board").border_title = _("Board")
        self.query_one("#tut-table").border_title = _("The table")

    async def retranslate(self) -> None:
        """The lesson again in the new language; a question asked stays as it was."""
        self._titles()
        self.open_lesson(self.index, again=False)

    def on_resize(self, event: Resize) -> None:
        narrow = event.size.width < NARROW or event.size.height < SHORT
        self.set_class(narrow, "-narrow")
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
        self.draft = Draft()
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
        # Nothing highlighted: an Enter meant for the builder never answers by accident.
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

    @property
    def acting(self) -> bool:
        """Whether the learner may build and play a command now."""
        return self.quiz is None and not self.done

    def _marks(self) -> BoardMarks:
        if not self.acting:
            return BoardMarks(clickable=False)
        state, draft = self.state, self.draft
        refused = frozenset(
            (location, level)
            for location in LOCATIONS
            for level in (1, 2, 3)
            if level_refusal(state, location, level) is not None
        )
        cursor = None
        if draft.location is not None and draft.level is not None and draft.max_picks:
            spaces = pick_spaces(state, draft.location, draft.level)
            if spaces:
                cursor = spaces[draft.cursor % len(spaces)]
        return BoardMarks(
            location=draft.location,
            level=draft.level,
            picks=draft.picks,
            cursor=cursor,
            refused=refused,
            clickable=True,
        )

    def refresh_board(self) -> None:
        """The board, the table, the hand and the action being built. Only a played command
        changes the position; nothing shows what a chosen action would score."""
        state = self.state
        table = table_of_state(state)
        compact = self.has_class("-narrow")
        box = self.query_one("#tut-board")
        width = (box.content_region.width or (45 if compact else 62)) - 1
        self.query_one(BoardPanel).show(board_text(state, table, self._marks(), width, compact))
        # The game's panel names the hand's owner; here the owner is the reader.
        hand = Text(_("Your hand"), style=st.BOLD)
        hand.append(f" ({len(state.hands[LEARNER])}) ", style=st.DIM)
        hand.append_text(divers_text(state.hands[LEARNER]))
        hired = hand_text(state, LEARNER, table, compact).split("\n")[1:]
        self.query_one("#tut-hand", Panel).show(Text("\n").join([hand, *hired]))
        players = table_text(state, compact)
        self.query_one("#tut-players", Panel).show(Text("\n").join([Text(""), players]))
        choice = self.query_one("#tut-choice", Panel)
        choice.display = self.acting
        if self.acting:
            choice.show(self._choice_text(compact))

    def _choice_text(self, compact: bool) -> Text:
        state = self.state
        text = builder_text(state, LEARNER, self.draft, table_of_state(state), True, compact)
        command = self.draft.command(state, LEARNER)
        if command is not None:
            text.append("\n")
            text.append_text(command_text(command))
            text.append("  " + _("Enter: play it · Esc: choose again"), style=st.DIM)
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
        """``n`` shows once the task is done, ``x`` until then."""
        if action == "next":
            return self.done and self.index + 1 < len(LESSONS)
        if action in ("skip", "end_turn"):
            return not self.done
        return True

    # -- judging ---------------------------------------------------------------------------
    def submit(self, command: AnyCommand) -> None:
        """Judge a command; only the right one is played."""
        verdict = check(self.lesson, self.state, command)
        self.verdict = verdict
        self.draft = Draft()
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

    def _set_draft(self, draft: Draft) -> None:
        self.draft = draft
        self.refresh_board()

    # -- the game's keys -------------------------------------------------------------------
    def action_location(self, location: Location) -> None:
        """Choose a location (again: choose its level again)."""
        if self._can_act():
            self._set_draft(self.draft.at(location))

    def action_board_location(self, location: str) -> None:
        """A click on a location's title."""
        if location in LOCATIONS:
            self.action_location(location)

    def action_level(self, level: int) -> None:
        if self._can_act() and self.draft.location is not None:
            self._set_draft(self.draft.at(self.draft.location, level))

    def action_board_level(self, location: str, level: int) -> None:
        """A click on a level's row: that location at that level."""
        if not self._can_act() or location not in LOCATIONS:
            return
        if self.draft.location != location or self.draft.level != level:
            self._set_draft(self.draft.at(location, level))

    def action_digit(self, number: int) -> None:
        """A level, or, once a level that chooses cards is chosen, a space of the chosen
        location's display (the treasure spaces for the round)."""
        draft = self.draft
        if not self._can_act() or draft.location is None:
            return
        if draft.level is None or not draft.max_picks:
            if number <= 3:
                self.action_level(number)
            return
        place = "research" if draft.location == "research" else "treasure"
        self.action_board_pick(place, number)

    def action_step_level(self, step: int) -> None:
        draft = self.draft
        if not self._can_act() or draft.location is None:
            return
        level = 1 if draft.level is None else min(3, max(1, draft.level + step))
        if level != draft.level:
            self.action_level(level)

    def _spaces(self) -> tuple[Pick, ...]:
        draft = self.draft
        if draft.location is None or draft.level is None or not draft.max_picks:
            return ()
        return pick_spaces(self.state, draft.location, draft.level)

    def action_pick_cursor(self, step: int) -> None:
        if self._can_act() and self._spaces():
            draft = self.draft
            self._set_draft(
                Draft(draft.location, draft.level, draft.payment, draft.picks, draft.cursor + step)
            )

    def action_toggle_pick(self) -> None:
        spaces = self._spaces()
        if self._can_act() and spaces:
            self._set_draft(self.draft.toggle(spaces[self.draft.cursor % len(spaces)]))

    def action_board_pick(self, place: str, space: int) -> None:
        """A click on a space (or a digit): take it, or leave it when taken."""
        if not self._can_act():
            return
        spaces = self._spaces()
        pick = Pick(place, space)  # type: ignore[arg-type]
        if pick not in spaces:
            if self.draft.max_picks:
                self.notify(_("This level cannot take that card."), severity="warning")
            return
        toggled = self.draft.toggle(pick)
        self._set_draft(
            Draft(
                toggled.location, toggled.level, toggled.payment, toggled.picks, spaces.index(pick)
            )
        )

    def action_next_payment(self) -> None:
        draft = self.draft
        if not self._can_act() or draft.location is None or draft.level is None:
            return
        options = payment_options(self.state, draft.location, draft.level)
        if len(options) > 1:
            self._set_draft(draft.with_payment((draft.payment + 1) % len(options)))

    def action_pair(self) -> None:
        """j: pay with a pair (T2.5); the rules judge a pair they refuse."""
        draft = self.draft
        if not self._can_act() or draft.location is None or draft.level is None:
            return
        refusal = pair_refusal(self.state, draft.location, draft.level)
        if refusal is not None:
            self.verdict = refused(self.lesson, self.state, refusal)
            self.answer = None
            self.show_feedback()
            return
        options = payment_options(self.state, draft.location, draft.level)
        pairs = [index for index, option in enumerate(options) if option.pair_slot is not None]
        if not pairs:
            self.notify(_("No two cards of one colour can fill a slot of this level."))
            return
        current = draft.payment % len(options) if options else 0
        following = [index for index in pairs if index > current] or pairs
        self._set_draft(draft.with_payment(following[0]))

    def action_confirm(self) -> None:
        """Enter: play the chosen action (or take the card under the arrows while the
        level still needs one). A level that cannot be played is judged too, so that
        the feedback names its rule."""
        if not self._can_act():
            return
        draft, state = self.draft, self.state
        if draft.location is None or draft.level is None:
            self.notify(draft.missing(state) or "", severity="warning")
            return
        if level_refusal(state, draft.location, draft.level) is not None:
            self.submit(PerformAction(LEARNER, draft.location, draft.level, (), None, draft.picks))
            return
        command = draft.command(state, LEARNER)
        if command is None:
            if draft.max_picks:
                self.action_toggle_pick()
                return
            self.notify(draft.missing(state) or "", severity="warning")
            return
        self.submit(command)

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
        if self.draft != Draft() and self.acting:
            self._set_draft(Draft())
        else:
            self.dismiss()
