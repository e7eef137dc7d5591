"""Replaying a saved game of any game event by event, with every hand visible.

Keys follow game viewers: →/← (or l/h) one event, ]/[ one turn, Home/End,
``g`` go to an event or turn, space to play on by itself (+/- speed). The
game's board view (``GameUI.load_board_view``) shows each moment and outlines
what the last action changed. The log follows the board, and choosing a log
line jumps there (on small terminals ``L`` shows the log in place of the step
panel). ``p`` starts a new game from the position shown, in a new save file.
A game may lay out its replay otherwise (``GameUI.load_replay_screen``: a
subclass of ``ReplayScreen``, as Atlantis's).

The game's review (``core.kernel.review``), kept beside its save, is shown with
it: a grade mark after each doubtful decision's log line, what a decision gave
up and the better move in the step panel, the better move on the board (``a``),
and a chart of each player's expected lead under the step and the log. ``m``
hides or shows it, or judges the game when it has no review yet, in a thread
so that the replay stays usable. An unfinished hot-seat game's review stays
hidden with its hands: the better moves tell what each player holds.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult, SystemCommand
from textual.binding import ActiveBinding, Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.message import Message
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Footer, Header, Input, Label, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState, get_current_worker

from atlantis_tui.app_interface import atlantis_app
from atlantis_tui.screens.choosers import ChoiceScreen
from atlantis_tui.screens.log_search import LOG_BINDINGS, LogFilterMixin
from atlantis_tui.screens.review_steps import (
    Alternative,
    alternative_lines,
    alternative_of,
    decision_lines,
    meaning_of,
)
from atlantis_tui.screens.simple import REPLAY_HELP_TEXT, HelpScreen
from atlantis_tui.screens.translated_keys import TranslatedKeys
from atlantis_tui.session_protocol import WATCHER
from atlantis_tui.widgets.event_log import EventLog
from atlantis_tui.widgets.review_chart import ReviewChart
from atlantis_tui.widgets.review_marks import is_marked, log_marks
from core.kernel.errors import AtlantisError
from core.kernel.events import Action
from core.kernel.i18n import N_, _, ngettext
from core.kernel.registry import AnyGameType
from core.kernel.replay import Replay
from core.kernel.review import (
    DEFAULT_BUDGET,
    Review,
    decision_at,
    hash_of,
    read_review,
    review_game,
    write_review,
)

NARROW = 100
"""Below this width (or ``SHORT`` height) the log takes turns with the step panel."""
SHORT = 32

SPEEDS = (4.0, 2.0, 1.0, 0.5, 0.25, 0.1)
MAX_REVIEW_JOBS = 4
"""A review judges its decisions in at most this many processes."""


class ReviewStopped(Exception):
    """The replay closed while its game was being judged: stop judging."""


class ReviewProgress(Message):
    """From the review's thread: ``done`` of ``total`` decisions judged."""

    def __init__(self, done: int, total: int) -> None:
        super().__init__()
        self.done = done
        self.total = total


@dataclass(frozen=True)
class Judged:
    """What the review's thread gives back: the review, and why it was not kept, if not."""

    review: Review
    not_kept: str | None = None


class GoToScreen(TranslatedKeys, ModalScreen[str | None]):
    """Asks for an event number, or ``t`` and a turn number."""

    BINDINGS = [Binding("escape", "cancel", N_("Back"))]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_("Go to"), classes="dialog-title")
            yield Label(
                _("An event number (e.g. 120), or t and a turn number (e.g. t15)."),
                classes="dialog-text",
            )
            yield Input(placeholder=_("120 or t15"), id="goto")
        # The dialog's own keys (Esc goes back), not those of the screen beneath.
        yield Footer()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ReplayScreen(LogFilterMixin):
    """A saved game at any event; all hands shown."""

    BINDINGS = [
        # Short labels, the rest under ?: the footer must hold them in 80 columns.
        Binding("right,l", "step(1)", N_("Step"), key_display="←→"),
        Binding("left,h", "step(-1)", N_("Back"), show=False),
        Binding("right_square_bracket", "turn(1)", N_("Turn"), key_display="[]"),
        Binding("left_square_bracket", "turn(-1)", N_("Prev turn"), show=False),
        Binding("home", "seek_start", N_("Start"), show=False),
        Binding("end", "seek_end", N_("End"), show=False),
        Binding("g", "goto", N_("Go to")),
        Binding("space", "autoplay", N_("Play"), key_display="␣"),
        Binding("plus,equals_sign", "speed(1)", N_("Faster"), show=False),
        Binding("minus", "speed(-1)", N_("Slower"), show=False),
        Binding("p", "play_from_here", N_("Play from here"), show=False),
        Binding("v", "show_hands", N_("Hands"), show=False),
        Binding("m", "review_marks", N_("Review")),
        Binding("a", "better_move", N_("Better move"), show=False),
        Binding("n", "mistake(1)", N_("Next mistake"), show=False),
        Binding("N", "mistake(-1)", N_("Previous mistake"), show=False),
        Binding("L", "toggle_log", N_("Log")),
        Binding("question_mark", "help", N_("Help")),
        Binding("escape,q", "close", N_("Close")),
        *LOG_BINDINGS,
    ]

    REVIEW_BUDGET: ClassVar[float] = DEFAULT_BUDGET
    """Seconds per decision, about, when the replay judges its game (tests make it tiny)."""
    REVIEW_JOBS: ClassVar[int | None] = None
    """Processes judging it: ``None``, as many as the machine has, up to ``MAX_REVIEW_JOBS``."""

    def _log_player_names(self) -> tuple[str, ...]:
        return tuple(self.game.player_names(self.replay.state))

    def __init__(
        self,
        events: list[Any],
        title: str,
        source: Path | None = None,
        position: int = 0,
        hide_hands: bool = False,
        actions: Sequence[Action] | None = None,
        *,
        game: AnyGameType | None = None,
        start_review: bool = False,
    ) -> None:
        """``actions``: where each action begins among ``events`` (play from here);
        ``game``: the game they are of (default: the default game); ``start_review``:
        judge the game's decisions at once unless ``source`` has a review kept."""
        super().__init__()
        if game is None:
            from core.games import DEFAULT_GAME, GAMES

            game = GAMES.get(DEFAULT_GAME)
        self.game = game
        self.hide_hands = hide_hands
        """An unfinished hot-seat game: its players' cards stay hidden until asked."""
        self.replay: Replay[Any, Any] = Replay(game, events, actions)
        self.replay.seek(position)
        self.replay_title = title
        self.source = source
        self.speed = 2
        self._timer: Timer | None = None
        self._hands_shown: Text | None = None
        self.start_review = start_review
        self.review: Review | None = None
        """The game's review: kept beside the source, or made here."""
        self.review_shown = True
        """Whether the review's marks, chart and lines are on (``m``)."""
        self._alternative: Alternative | None = None
        self._review_worker: Worker[Judged] | None = None
        self._step_lines = 0
        """How many lines the step's text took when last shown (with a review)."""

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="board"):
            board = self._board_view()
            if board is not None:
                yield board
        with Horizontal(id="lower"):
            yield from self.compose_review_side()
        yield Footer()

    def compose_review_side(self) -> ComposeResult:
        """The step panel and the log side by side, the review's chart under them."""
        with Vertical(id="review-side"):
            with Horizontal(id="panes"):
                # The step scrolls: on a small screen the review's words may not fit.
                with VerticalScroll(id="step-box"):
                    yield Static(id="step")
                yield EventLog(id="log", game=self.game)
            yield ReviewChart(id="chart")

    def _board_view(self) -> Widget | None:
        """The game's board view (``GameUI.load_board_view``), if it has one."""
        uis = getattr(self.app, "game_uis", {})  # the games the app offers (``GAME_UIS``)
        ui = uis.get(self.game.id)
        if ui is None or ui.load_board_view is None:
            return None
        board: Widget = ui.load_board_view()(id="moment")
        return board

    def on_resize(self, event: Resize) -> None:
        narrow = event.size.width < NARROW or event.size.height < SHORT
        if narrow != self.has_class("-narrow"):
            self.set_class(narrow, "-narrow")
            self.refresh_bindings()
            if self.review_visible:
                self.show()  # the step's gaps follow the size

    def action_toggle_log(self) -> None:
        """On small terminals the log takes the place of the step panel, and back."""
        self.toggle_class("-log")

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        # The review's key in the footer only where there is room and a review to show:
        # 80 columns hold no more keys, and with no review its help says it.
        shown = super().active_bindings
        marks = shown.get("m")
        if marks is not None and (self.has_class("-narrow") or self.review is None):
            shown["m"] = marks._replace(binding=_unshown(marks.binding))
        return shown

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The log key only matters where the log shares its place; wide, it is always shown.
        if action == "toggle_log":
            return self.has_class("-narrow")
        # The better move and the mistakes need a review (m makes one).
        if action in ("better_move", "mistake"):
            return self.review is not None
        return True

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(REPLAY_HELP_TEXT))

    def on_mount(self) -> None:
        self._fill()
        self._load_review()

    def _fill(self) -> None:
        """Titles, log, review and step, in the reader's language."""
        self.title = _("Replay")
        self.sub_title = self.replay_title
        replay = self.replay
        log = self.query_one(EventLog)
        log.show_events(replay.events, replay.states, self._viewer, replay.undone, follow=False)
        self._show_review()
        self.show()
        # The log knows its line heights only once laid out: highlight again then.
        self.call_after_refresh(lambda: log.highlight_event(self.replay.position))

    async def retranslate(self) -> None:
        """The titles, the log and the step again, in the new language."""
        self._fill()

    @property
    def _viewer(self) -> int | None:
        """Whose eyes the log is written for: nobody's hand while hands are hidden."""
        return WATCHER if self.hide_hands else None

    def action_show_hands(self) -> None:
        """Show the hidden hands, once the user confirms that nobody should mind."""
        if self.hide_hands:
            # The review is shown with the hands: the dialog says so when there is one.
            self._with_consent(lambda: None, review=self.review is not None)

    def _with_consent(self, then: Callable[[], None], review: bool = True) -> None:
        """Run ``then`` once every hand may be shown: at once, or once the user confirms
        that nobody should mind (the hands and the review are shown together: a better
        move tells what its player holds). ``review``: asked for the review."""
        if not self.hide_hands:
            then()
            return

        def chosen(choice: str | None) -> None:
            if choice == "show":
                self.hide_hands = False
                replay = self.replay
                self.query_one(EventLog).show_events(
                    replay.events, replay.states, None, replay.undone, follow=False
                )
                self._show_review()
                self.show()
                then()

        explanation = _(
            "This game is not finished and several people play it at this "
            "keyboard. If it will go on, showing the cards spoils it for them."
        )
        show = _("Show every hand")
        if review:
            explanation += "\n\n" + _(
                "Its review is shown with them: the better moves tell what each player holds."
            )
            show = _("Show every hand and the review")
        self.app.push_screen(
            ChoiceScreen(
                _("Show every hand?"),
                explanation,
                [Option(show, id="show"), Option(_("Keep them hidden"), id="no")],
            ),
            chosen,
        )

    # -- the review -------------------------------------------------------------------
    @property
    def review_visible(self) -> bool:
        """Whether the review is shown: there is one, it is on, and no hand is hidden."""
        return self.review is not None and self.review_shown and not self.hide_hands

    def _load_review(self) -> None:
        """The review kept beside the source; or judge the game now, if asked to."""
        if self.source is not None and self.game.review_search is not None:
            kept = read_review(self.source)
            if kept is not None and self._fits(kept):
                self._set_review(kept)
                return
        if self.start_review:
            if self.game.review_search is None:
                self._say_no_review()
            else:
                self._start_review()

    def _fits(self, review: Review) -> bool:
        """Whether ``review`` is of this game and these events (a damaged save replayed up
        to its damaged line holds fewer than the file it was made from)."""
        count = len(self.replay.events)
        return review.game == self.game.id and all(d.end <= count for d in review.decisions)

    def _set_review(self, review: Review) -> None:
        self.review = review
        self.review_shown = True
        self._show_review()
        self.refresh_bindings()

    def _show_review(self) -> None:
        """The log's marks and the chart as the review and the privacy rule allow."""
        log = self.query_one(EventLog)
        chart = self.query_one(ReviewChart)
        review = self.review
        if review is not None and self.review_visible:
            log.set_marks(log_marks(review))
            names = tuple(self.game.player_names(self.replay.state))
            chart.show_review(review, len(self.replay.events), names, meaning_of(self.game, review))
            chart.position = self.replay.position
        else:
            log.set_marks({})
        self.set_class(self.review_visible, "-chart")
        # While the game is judged the chart's place says how far it is (it tells
        # nothing of anyone's cards).
        self.set_class(self._review_worker is not None and review is None, "-reviewing")
        if self._alternative is not None and not self.review_visible:
            self._alternative = None

    def _say_no_review(self) -> None:
        self.notify(
            _("{game} has no review of its games yet.").format(game=self.game.display_name())
        )

    def action_review_marks(self) -> None:
        """``m``: hide or show the review; with none yet, offer to judge the game."""
        if self.game.review_search is None:
            self._say_no_review()
            return
        if self.hide_hands:
            self._with_consent(self._review_on)
            return
        if self.review is None:
            self._review_on()
            return
        self.review_shown = not self.review_shown
        self._show_review()
        self.show()
        self.notify(_("Review shown") if self.review_shown else _("Review hidden"))

    def _review_on(self) -> None:
        """Show the review, or offer to make it when there is none."""
        if self.review is not None:
            self.review_shown = True
            self._show_review()
            self.show()
        elif self._review_worker is not None:
            self.notify(_("The game is being reviewed."))
        else:
            self._offer_review()

    def _review_actions(self) -> Sequence[Action] | None:
        """Where the record's actions begin: the save's markers, or the game's check."""
        if self.replay.actions is not None:
            return self.replay.actions
        if self.game.find_actions is not None:
            found: Sequence[Action] = self.game.find_actions(self.replay.events)
            return found
        return None

    def _review_jobs(self) -> int:
        if self.REVIEW_JOBS is not None:
            return self.REVIEW_JOBS
        return max(1, min(os.cpu_count() or 1, MAX_REVIEW_JOBS))

    def _offer_review(self) -> None:
        actions = self._review_actions() or ()
        seconds = round(len(actions) * self.REVIEW_BUDGET / self._review_jobs())
        minutes = max(1, round(seconds / 60))
        duration = (
            ngettext("about {n} second", "about {n} seconds", seconds).format(n=seconds)
            if seconds < 90
            else ngettext("about {n} minute", "about {n} minutes", minutes).format(n=minutes)
        )
        explanation = _(
            "Each decision is weighed against the best move found from what its player "
            "could see then. It takes {duration}; the replay stays usable meanwhile."
        ).format(duration=duration)

        def chosen(choice: str | None) -> None:
            if choice == "review":
                self._start_review()

        self.app.push_screen(
            ChoiceScreen(
                _("Review this game?"),
                explanation,
                [Option(_("Review it now"), id="review"), Option(_("Not now"), id="no")],
            ),
            chosen,
        )

    def _start_review(self) -> None:
        """Judge the game in a thread; the chart's place shows how far it is."""
        if self._review_worker is not None or self.review is not None:
            return
        actions = self._review_actions()
        if not actions:
            self.notify(_("This replay does not say where its moves begin: no review."))
            return
        game, events, source = self.game, list(self.replay.events), self.source
        budget, jobs = self.REVIEW_BUDGET, self._review_jobs()

        def judge() -> Judged:
            worker = get_current_worker()

            def heard(done: int, total: int) -> None:
                if worker.is_cancelled:
                    raise ReviewStopped
                self.post_message(ReviewProgress(done, total))

            digest = hash_of(source.read_bytes()) if source is not None else ""
            review = review_game(
                game, events, actions, digest, budget, seed=1, jobs=jobs, on_decision=heard
            )
            if source is None or worker.is_cancelled:
                return Judged(review)
            return Judged(review, _keep(source, review, digest, len(events)))

        self._review_worker = self.run_worker(
            judge, name="review", group="review", thread=True, exit_on_error=False
        )
        self.query_one(ReviewChart).show_progress(0, len(actions))
        self._show_review()

    def on_review_progress(self, message: ReviewProgress) -> None:
        if self.review is None:
            self.query_one(ReviewChart).show_progress(message.done, message.total)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker is not self._review_worker or event.state not in (
            WorkerState.SUCCESS,
            WorkerState.ERROR,
            WorkerState.CANCELLED,
        ):
            return
        self._review_worker = None
        if event.state == WorkerState.SUCCESS and isinstance(worker.result, Judged):
            judged = worker.result
            self._set_review(judged.review)
            self.show()
            count = len(judged.review.decisions)
            done = ngettext(
                "Review done: {n} decision judged.", "Review done: {n} decisions judged.", count
            ).format(n=count)
            if self.hide_hands:
                done += " " + _("It stays hidden with the hands: m shows both.")
            if judged.not_kept:
                done += " " + judged.not_kept
            self.notify(done)
            return
        self._show_review()
        if event.state == WorkerState.ERROR and not isinstance(worker.error, ReviewStopped):
            self.notify(str(worker.error), title=_("No review"), severity="error")

    def _stop_review(self) -> None:
        if self._review_worker is not None:
            self._review_worker.cancel()
            self._review_worker = None

    def on_unmount(self) -> None:
        self._stop_review()

    def action_better_move(self) -> None:
        """``a``: the board after the better move, instead of the move played; again: back."""
        if self.review is None:
            return
        self._with_consent(self._toggle_alternative)

    def _toggle_alternative(self) -> None:
        if self._alternative is not None:
            self._alternative = None
            self.show()
            return
        review = self.review
        position = self.replay.position
        decision = decision_at(review, position) if review is not None else None
        if decision is None or decision.event == 0:
            self.notify(_("No decision judged here."))
            return
        before = self.replay.states[decision.event - 1]
        alternative = alternative_of(self.game, before, decision, position)
        if alternative is None:
            self.notify(_("The move played here was the best found."))
            return
        if not self.review_shown:
            self.review_shown = True
            self._show_review()
        self._alternative = alternative
        self.show()

    def action_mistake(self, delta: int) -> None:
        """``n`` / ``N``: the next / previous decision marked as a mistake."""
        if self.review is None:
            return
        self._with_consent(lambda: self._go_to_mistake(delta))

    def _go_to_mistake(self, delta: int) -> None:
        review = self.review
        if review is None:
            return
        position = self.replay.position
        here = decision_at(review, position)
        start = here.event if here is not None else position
        marked = sorted(d.event for d in review.decisions if is_marked(d.grade))
        if delta > 0:
            found = next((event for event in marked if event > position), None)
        else:
            found = next((event for event in reversed(marked) if event < start), None)
        if found is None:
            self.notify(_("No later mistake.") if delta > 0 else _("No earlier mistake."))
            return
        if not self.review_shown:
            self.review_shown = True
            self._show_review()
        self.replay.seek(found)
        self.show()

    @on(ReviewChart.Jump)
    def chart_jump(self, message: ReviewChart.Jump) -> None:
        self.replay.seek(message.event)
        self.show()

    def palette_commands(self) -> Iterator[SystemCommand]:
        """The review's commands, which the app adds to the palette."""
        yield SystemCommand(
            _("Review"),
            _("Show or hide the marks of the game's review (m)"),
            self.action_review_marks,
        )
        if self.review is not None:
            yield SystemCommand(
                _("Better move"),
                _("The board after the better move found here (a)"),
                self.action_better_move,
            )
            yield SystemCommand(
                _("Next mistake"), _("The next decision marked (n)"), lambda: self.action_mistake(1)
            )
            yield SystemCommand(
                _("Previous mistake"),
                _("The previous decision marked (N)"),
                lambda: self.action_mistake(-1),
            )

    # -- drawing ------------------------------------------------------------------------
    def moment_events(self) -> list[Any]:
        """The events of the action the position is in, up to the position: what the
        board view outlines (without the record's actions, the event alone)."""
        replay = self.replay
        start = replay.position
        for action in replay.actions or ():
            if action.start <= replay.position < action.end:
                start = action.start
        return replay.events[start : replay.position + 1]

    def show(self) -> None:
        """The board, the step, the log's highlight and the chart at the replay's position
        (or, asked with ``a``, the board after the better move)."""
        replay = self.replay
        alternative = self._alternative
        if alternative is not None and alternative.position != replay.position:
            alternative = self._alternative = None  # any step goes back to the game
        if alternative is not None:
            self.show_board(alternative.state, alternative.events, alternative=True)
        else:
            self.show_board(replay.state, self.moment_events(), alternative=False)
        state = replay.state
        before = replay.states[replay.position - 1] if replay.position else state
        step = self.query_one("#step", Static)
        step.update(self.step_text(before), layout=False)
        box = self.query_one("#step-box")
        if self.review is not None:
            # With a review the step may be taller than its box, which scrolls then. It is
            # laid out again only when that changes: a layout per step would slow seeking.
            lines = step.get_content_height(box.size, self.size, step.content_size.width)
            room = box.scrollable_content_region.height
            if max(lines, room) != max(self._step_lines, room):
                step.refresh(layout=True)
            self._step_lines = lines
        box.scroll_home(animate=False)
        log = self.query_one(EventLog)
        log.highlight_event(replay.position)
        # A board that grows or shrinks at this moment changes the log's height only
        # once laid out (and under the chart the log has few lines to spare): keep the
        # highlight in view then.
        log.call_after_refresh(log.scroll_to_highlight)
        self.query_one(ReviewChart).position = replay.position

    def show_board(self, state: Any, events: Sequence[Any], alternative: bool) -> None:
        """The board at ``state``, outlining ``events``; ``alternative``: the state after
        the better move rather than one of the game (a game's own layout shows it too)."""
        game = self.game
        for board in self.query("#moment"):
            seat = self._viewer
            view = None if seat is None else game.view_for(state, seat)
            show_moment: Any = getattr(board, "show_moment")  # noqa: B009 (the hook's method)
            show_moment(state, view, seat, list(events))

    def step_text(self, before: Any) -> Text:
        """The step panel: where the replay is, the event in words, and its notes; the
        review's words on the decision, or the better move the board shows instead."""
        replay = self.replay
        step = Text()
        step.append(
            _("Event {k} of {n} · turn {t} of {m}").format(
                k=replay.position, n=replay.last, t=replay.turn, m=replay.turn_count
            ),
            style="bold",
        )
        if replay.is_undone():
            step.append(_("  (undone later)"), style="italic")
        review = self.review
        # Small, with the review's lines to hold as well, no blank line between parts.
        gap = "\n" if self.has_class("-narrow") and self.review_visible else "\n\n"
        if self._alternative is not None and review is not None:
            step.append(gap[1:])
            for line in alternative_lines(self.game, review, self._alternative):
                step.append("\n")
                step.append_text(line)
            return step
        shown = self.game.event_for(replay.event, self._viewer, self.game.open_hands_in(before))
        sentence = self.game.describe(before, shown)
        step.append(gap + sentence)
        for note in self.step_notes(before, replay.event):
            step.append("\n")
            step.append_text(note)
        step.append_text(self._review_step(review, gap))
        playing = self._timer is not None
        # With a review the step scrolls when taller than its box: no blank lines at its
        # end then, unless playing.
        if playing or review is None:
            step.append(
                "\n\n"
                + (
                    _("Playing, {s} s per event (+/- speed, space to stop)") if playing else ""
                ).format(s=SPEEDS[self.speed]),
                style="dim",
            )
        return step

    def _review_step(self, review: Review | None, gap: str) -> Text:
        """The review's lines on the decision at the position, if it was judged, after
        ``gap`` (a blank line, or none)."""
        text = Text()
        if review is None or not self.review_shown:
            return text
        if self.hide_hands:
            text.append(gap + _("The review is hidden with the hands: m shows both."), "dim")
            return text
        decision = decision_at(review, self.replay.position)
        if decision is None or decision.event == 0:
            return text
        before = self.replay.states[decision.event - 1]
        for number, line in enumerate(decision_lines(self.game, review, decision, before)):
            text.append(gap if number == 0 else "\n")
            text.append_text(line)
        return text

    def step_notes(self, before: Any, event: Any) -> list[Text]:
        """Lines the step panel adds under the event's sentence; a game's replay screen
        may say more (Atlantis: the water a move owes)."""
        return []

    # -- moving ----------------------------------------------------------------------
    def action_step(self, delta: int) -> None:
        self.replay.step(delta)
        self.show()

    def action_turn(self, delta: int) -> None:
        if delta > 0:
            self.replay.next_turn()
        else:
            self.replay.previous_turn()
        self.show()

    def action_seek_start(self) -> None:
        self.replay.seek(0)
        self.show()

    def action_seek_end(self) -> None:
        self.replay.seek(self.replay.last)
        self.show()

    def action_goto(self) -> None:
        def chosen(text: str | None) -> None:
            if not text:
                return
            text = text.strip().lower()
            try:
                if text.startswith("t"):
                    self.replay.seek_turn(int(text[1:]))
                else:
                    self.replay.seek(int(text))
            except ValueError:
                self.notify(_("Type a number, or t and a number."), severity="warning")
                return
            self.show()

        self.app.push_screen(GoToScreen(), chosen)

    def action_autoplay(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        else:
            self._timer = self.set_interval(SPEEDS[self.speed], self._tick)
        self.show()

    def _tick(self) -> None:
        if self.replay.position >= self.replay.last:
            self.action_autoplay()
            return
        self.action_step(1)

    def action_speed(self, delta: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + delta))
        if self._timer is not None:
            self._timer.stop()
            self._timer = self.set_interval(SPEEDS[self.speed], self._tick)
        self.notify(_("{s} s per event").format(s=SPEEDS[self.speed]))
        self.show()

    @on(OptionList.OptionSelected, "#log")
    def jump(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.replay.seek(int(event.option.id))
            self.show()

    def action_play_from_here(self) -> None:
        replay = self.replay
        atlantis_app(self).play_from_here(
            replay.events, replay.position, self.source, replay.actions, game=self.game.id
        )

    def action_close(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        self._stop_review()
        self.dismiss()


@cache
def _unshown(binding: Binding) -> Binding:
    """``binding`` kept out of the footer (the same object each time: the footer redraws
    when its bindings change)."""
    return replace(binding, show=False)


def _keep(source: Path, review: Review, digest: str, count: int) -> str | None:
    """Write ``review`` beside ``source`` if it is the review of the whole file as it is
    (``digest``; ``count`` events): ``None``, or why it was not kept."""
    from core.games import GAMES
    from core.kernel.save_lifecycle import read_checked

    try:
        checked = read_checked(source, GAMES)
        whole = checked.problem is None and len(checked.events) == count
        if not whole or hash_of(source.read_bytes()) != digest:
            return _("It is not kept: the save is damaged or changed meanwhile.")
        write_review(source, review)
    except (AtlantisError, OSError) as error:
        return _("It is not kept: {error}").format(error=error)
    return None
