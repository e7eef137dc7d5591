"""Replaying a saved game of any game event by event, with every hand visible.

Keys follow game viewers: →/← (or l/h) one event, ]/[ one turn, Home/End,
``g`` go to an event or turn, space to play on by itself (+/- speed). The
game's board view (``GameUI.load_board_view``) shows each moment and outlines
what the last action changed. The log follows the board, and choosing a log
line jumps there (on small terminals ``o`` shows the log in place of the step
panel; ``L`` filters it by player and ``/`` searches it, as in the games, whose
keys are ``atlantis_tui.keymap``'s). ``p`` starts a new game from the position
shown, in a new save file.
A game may lay out its replay otherwise (``GameUI.load_replay_screen``: a
subclass of ``ReplayScreen``, as Atlantis's).

The game's review is shown with it (``screens.replay_review``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Header, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from atlantis_tui.app_interface import atlantis_app
from atlantis_tui.keymap import REPLAY_LOG_KEY, SHARED_KEYS, log_bindings
from atlantis_tui.screens.choosers import ChoiceScreen
from atlantis_tui.screens.replay_review import REVIEW_BINDINGS, ReviewedReplay
from atlantis_tui.screens.simple import REPLAY_HELP_TEXT, HelpScreen
from atlantis_tui.screens.translated_keys import TranslatedKeys
from atlantis_tui.session_protocol import WATCHER
from atlantis_tui.widgets.event_log import EventLog
from atlantis_tui.widgets.footer import KeysFooter
from atlantis_tui.widgets.review_chart import ReviewChart
from core.kernel.events import Action
from core.kernel.i18n import N_, _
from core.kernel.registry import AnyGameType
from core.kernel.replay import Replay

NARROW = 100
"""Below this width (or ``SHORT`` height) the log takes turns with the step panel."""
SHORT = 32

SPEEDS = (4.0, 2.0, 1.0, 0.5, 0.25, 0.1)


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
        yield KeysFooter()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ReplayScreen(ReviewedReplay):
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
        *REVIEW_BINDINGS,
        Binding(REPLAY_LOG_KEY, "toggle_log", N_("Log")),
        Binding(SHARED_KEYS["help"], "help", N_("Help"), key_display="?"),
        Binding("escape,q", "close", N_("Close")),
        *log_bindings(),  # filtering and searching the log: the games' keys
    ]

    def _log_player_names(self) -> tuple[str, ...]:
        return tuple(self.game.presentation.player_names(self.replay.state))

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
        super().__init__(start_review)
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
        yield KeysFooter()

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

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The log key only matters where the log shares its place; wide, it is always shown.
        if action == "toggle_log":
            return self.has_class("-narrow")
        return super().check_action(action, parameters)

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
        alternative = self._shown_alternative()
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
            view = None if seat is None else game.privacy.view_for(state, seat)
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
        alternative = self._alternative_step(gap)
        if alternative is not None:
            step.append_text(alternative)
            return step
        shown = self.game.privacy.event_for(
            replay.event, self._viewer, self.game.open_hands_in(before)
        )
        sentence = self.game.presentation.describe(before, shown)
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
