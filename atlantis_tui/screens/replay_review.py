"""The game's review in the replay: its marks, words, better moves and chart.

The game's review (``core.services.review``), kept beside its save, is shown with
it: a grade mark after each doubtful decision's log line, what a decision gave
up and the better move in the step panel, the better move on the board (``a``),
and a chart of each player's expected lead under the step and the log. ``m``
hides or shows it, or judges the game when it has no review yet, in a thread
so that the replay stays usable. An unfinished hot-seat game's review stays
hidden with its hands: the better moves tell what each player holds.

``ReviewedReplay`` holds it; the replay screen (``screens.replay.ReplayScreen``)
is one, and lists the review's keys (``REVIEW_BINDINGS``) among its own.
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
from textual.app import SystemCommand
from textual.binding import ActiveBinding, Binding
from textual.message import Message
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState, get_current_worker

from atlantis_tui.screens.choosers import ChoiceScreen
from atlantis_tui.screens.log_search import LogFilterMixin
from atlantis_tui.screens.review_steps import (
    Alternative,
    alternative_lines,
    alternative_of,
    decision_lines,
    meaning_of,
)
from atlantis_tui.widgets.event_log import EventLog
from atlantis_tui.widgets.review_chart import ReviewChart
from atlantis_tui.widgets.review_marks import is_marked, log_marks
from core.kernel.errors import GameError
from core.kernel.events import Action
from core.kernel.i18n import N_, _, ngettext
from core.kernel.registry import AnyGameType
from core.kernel.replay import Replay
from core.services.review import (
    DEFAULT_BUDGET,
    Review,
    decision_at,
    hash_of,
    read_review,
    review_game,
    write_review,
)

MAX_REVIEW_JOBS = 4
"""A review judges its decisions in at most this many processes."""

REVIEW_BINDINGS = [
    Binding("m", "review_marks", N_("Review")),
    Binding("a", "better_move", N_("Better move"), show=False),
    Binding("n", "mistake(1)", N_("Next mistake"), show=False),
    Binding("N", "mistake(-1)", N_("Previous mistake"), show=False),
]
"""The review's keys, which the replay lists among its own (the footer keeps their order)."""


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


class ReviewedReplay(LogFilterMixin):
    """A replay with its game's review: the review's state, its judging, and its keys.

    The replay screen that is one says where the replay is and shows it (``show``), and
    asks before showing hidden hands (``_with_consent``).
    """

    REVIEW_BUDGET: ClassVar[float] = DEFAULT_BUDGET
    """Seconds per decision, about, when the replay judges its game (tests make it tiny)."""
    REVIEW_JOBS: ClassVar[int | None] = None
    """Processes judging it: ``None``, as many as the machine has, up to ``MAX_REVIEW_JOBS``."""

    # The replay screen's.
    game: AnyGameType
    replay: Replay[Any, Any]
    source: Path | None
    hide_hands: bool

    def __init__(self, start_review: bool = False) -> None:
        """``start_review``: judge the game's decisions at once unless its source has a
        review kept."""
        super().__init__()
        self.start_review = start_review
        self.review: Review | None = None
        """The game's review: kept beside the source, or made here."""
        self.review_shown = True
        """Whether the review's marks, chart and lines are on (``m``)."""
        self._alternative: Alternative | None = None
        self._review_worker: Worker[Judged] | None = None

    def show(self) -> None:
        """The replay at its position (the replay screen's)."""
        raise NotImplementedError

    def _with_consent(self, then: Callable[[], None], review: bool = True) -> None:
        """Run ``then`` once every hand may be shown (the replay screen's)."""
        raise NotImplementedError

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
        # The better move and the mistakes need a review (m makes one).
        if action in ("better_move", "mistake"):
            return self.review is not None
        return True

    # -- loading and judging ----------------------------------------------------------
    @property
    def review_visible(self) -> bool:
        """Whether the review is shown: there is one, it is on, and no hand is hidden."""
        return self.review is not None and self.review_shown and not self.hide_hands

    def _load_review(self) -> None:
        """The review kept beside the source; or judge the game now, if asked to."""
        if self.source is not None and self.game.play.review_search is not None:
            kept = read_review(self.source)
            if kept is not None and self._fits(kept):
                self._set_review(kept)
                return
        if self.start_review:
            if self.game.play.review_search is None:
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
            names = tuple(self.game.presentation.player_names(self.replay.state))
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
        if self.game.play.review_search is None:
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
        if self.game.records.find_actions is not None:
            found: Sequence[Action] = self.game.records.find_actions(self.replay.events)
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

    # -- the better move, the mistakes, the chart ------------------------------------
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

    # -- the step and the board -------------------------------------------------------
    def _shown_alternative(self) -> Alternative | None:
        """The better move the board shows instead of the move played (``a``), if any:
        any step goes back to the game."""
        alternative = self._alternative
        if alternative is not None and alternative.position != self.replay.position:
            alternative = self._alternative = None
        return alternative

    def _alternative_step(self, gap: str) -> Text | None:
        """The step panel's lines on the better move the board shows, if it shows one,
        after ``gap`` less a line."""
        review = self.review
        if self._alternative is None or review is None:
            return None
        text = Text(gap[1:])
        for line in alternative_lines(self.game, review, self._alternative):
            text.append("\n")
            text.append_text(line)
        return text

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
    except (GameError, OSError) as error:
        return _("It is not kept: {error}").format(error=error)
    return None
