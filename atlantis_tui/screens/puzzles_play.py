"""A puzzle on its game's own screen: the board, the panels and the move builder of a game.

``PuzzlePlay`` is mixed in first before a game's screen class
(``puzzle_screen_type``), and the screen is given a ``PuzzleSession``: the
position as the mover saw it. The mover builds his answer with the game's own
keys; the answer is played on the board, and can be taken back (``u``) before it
is judged (Enter). A right answer says so; a wrong one says what it loses in
points, names the better move and the rules that matter, and ``a`` shows the
better move on the board instead, as the review's ``a`` does. ``n`` goes on to
the next puzzle; the hint (``h``), the log and the rules are the game screen's.
The future is not there: nobody plays after the answer.

Where a puzzle key is also one of the game's (Enter, ``n``, ``a``), the puzzle's
is tried first and, while it does not apply, the key is the game's.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING, Any, cast

from textual import work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.events import Key
from textual.screen import Screen
from textual.widgets import Header

from atlantis_tui.screens.puzzles_panel import PuzzlePanel, Shown
from atlantis_tui.screens.puzzles_session import PuzzleSession
from core.kernel.errors import GameError, IllegalMove
from core.kernel.i18n import N_, _

if TYPE_CHECKING:
    from atlantis_tui.screens.puzzles import PuzzleRun

PUZZLE_BINDINGS: list[Binding] = [
    Binding("enter", "submit_answer", N_("Submit")),
    Binding("n", "next_puzzle", N_("Next puzzle")),
    Binding("a", "better_move", N_("Better move")),
    Binding("q", "leave_puzzles", N_("Close")),
]
"""The puzzle's own keys, tried before the game's keys of the same name."""

PUZZLE_ACTIONS = frozenset(binding.action for binding in PUZZLE_BINDINGS)

PUZZLE_HELP = N_("""\
# Keys of a puzzle

| Key | What it does |
| --- | --- |
| the game's keys | build your answer, as in a game |
| `Enter` | once your answer is on the board: submit it |
| `u` | take your answer back before it is submitted |
| `h` | a hint (the puzzle then counts as missed) |
| `a` | after a wrong answer: the better move on the board, and back |
| `n` | the next puzzle (a missed one comes back later) |
| `q` | close the puzzles |
""")
"""The puzzle's keys, shown above the game's own in the help."""


class PuzzlePlay:
    """The puzzle's part of a puzzle screen (a mixin, first among its bases)."""

    session: PuzzleSession
    run: PuzzleRun
    puzzle: Any
    shown: Shown
    hinted: bool

    def setup_puzzle(self, run: PuzzleRun, puzzle: Any) -> None:
        """Called by the screen's constructor, after the game screen's."""
        self.run = run
        self.puzzle = puzzle
        self.shown = Shown()
        self.hinted = False

    @property
    def _screen(self) -> Screen[Any]:
        return cast("Screen[Any]", self)

    # -- building ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield PuzzlePanel(id="puzzle-panel")
        yield from super().compose()  # type: ignore[misc]

    def on_mount(self) -> None:
        # Textual calls every class's own ``on_mount`` (the game screen's after this one):
        # no ``super()`` here. The puzzle's panel says what the header would.
        for header in self._screen.query(Header):
            header.display = False
        self.show_panel()

    def show_panel(self) -> None:
        panel = self._screen.query_one(PuzzlePanel)
        panel.show(self.run, self.puzzle, self.session, self.shown)
        # A game's bar of move buttons goes once the answer is played.
        for bar in self._screen.query(".action-bar"):
            bar.display = self.session.to_act is not None

    # -- what the game screen does, in a puzzle ------------------------------------------------
    def advance(self) -> None:
        """No one plays after the answer: the board stays, and the panel says what is next."""
        if self.session.to_act is None:
            screen = cast(Any, self)
            screen.refresh_all()
            self._screen.refresh_bindings()
            self.show_panel()
            return
        super().advance()  # type: ignore[misc]
        self.show_panel()

    def apply(self, command: Any) -> IllegalMove | None:
        refusal: IllegalMove | None = super().apply(command)  # type: ignore[misc]
        if refusal is None and self.session.answer is not None:
            self.shown = Shown(answer=self.session.describe(self.session.answer_events))
            self._screen.refresh_bindings()
            self.show_panel()
        return refusal

    def history_changed(self) -> None:
        super().history_changed()  # type: ignore[misc]
        if not self.session.judged:
            # The answer was taken back: the puzzle is asked again.
            self.shown = Shown()
            self.show_panel()

    def work_out_hint(self, state: Any, seat: int) -> Any:
        """The hint of the whole position (from the mover's view alone, as ever); the
        screen's state is that view's, which holds no sizes of what it hides."""
        self.hinted = True
        return super().work_out_hint(self.session.whole_state, seat)  # type: ignore[misc]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        session = self.session
        if action == "submit_answer":
            return session.answer is not None and not session.judged and not self.shown.judging
        if action == "next_puzzle":
            return session.judged
        if action == "better_move":
            return session.judged and self.shown.better is not None
        if action == "scores":
            return False  # a puzzle has no scores to go back to
        if action == "redo":
            return False
        if action == "undo":
            return session.answer is not None and not session.judged
        if session.to_act is None and action in cast(Any, self).TURN_ACTIONS | {"resign"}:
            return False  # answered: no more moves (their keys leave the footer)
        result: bool | None = super().check_action(action, parameters)  # type: ignore[misc]
        return result

    def help_text(self) -> str:
        """The puzzle's keys, then the game's own and how to read its board."""
        game_help: str = super().help_text()  # type: ignore[misc]
        return _(PUZZLE_HELP) + "\n" + game_help

    def palette_commands(self) -> Iterator[SystemCommand]:
        """The puzzle's commands, which the app adds to the palette while they apply."""
        session = self.session
        if session.answer is not None and not session.judged:
            yield SystemCommand(
                _("Submit the answer"),
                _("Judge the move on the board (Enter)"),
                self.action_submit_answer,
            )
        if session.judged:
            yield SystemCommand(
                _("Next puzzle"), _("The next puzzle of the set (n)"), self.action_next_puzzle
            )
            if self.shown.better_command is not None:
                yield SystemCommand(
                    _("Better move"),
                    _("The board after the better move, and back (a)"),
                    self.action_better_move,
                )
        yield SystemCommand(
            _("Close the puzzles"), _("Back where you came from (q)"), self.action_leave_puzzles
        )

    # -- the puzzle's keys ------------------------------------------------------------------------
    async def on_key(self, event: Key) -> None:
        """A puzzle key, while it applies, before the game's own handling of the key (a game
        may take letters as it is typed: ArkantiS's square names). Textual calls every
        class's ``on_key``; preventing the default keeps the game's from running."""
        for binding in PUZZLE_BINDINGS:
            if event.key == binding.key and self.check_action(binding.action, ()):
                event.stop()
                event.prevent_default()
                await self._screen.run_action(binding.action)
                return

    def action_submit_answer(self) -> None:
        """Enter: judge the answer played (in a worker: the judge may search)."""
        session = self.session
        if session.answer is None or session.judged or self.shown.judging:
            return
        self.shown = Shown(answer=self.shown.answer, judging=True)
        self.show_panel()
        self._judge(session.answer)

    @work(thread=True, exclusive=True, group="puzzle-judge")
    def _judge(self, command: Any) -> None:
        try:
            verdict = self.run.judge(self.puzzle, command)
        except GameError as error:
            self._screen.app.call_from_thread(self._not_judged, str(error))
            return
        self._screen.app.call_from_thread(self._judged, verdict)

    def _not_judged(self, reason: str) -> None:
        self.shown = Shown(answer=self.shown.answer)
        self.show_panel()
        self._screen.notify(reason, title=_("Not judged"), severity="error")

    def _judged(self, verdict: Any) -> None:
        session = self.session
        session.judged = True
        better, better_command = None, None
        if not verdict.correct and verdict.better_command is not None:
            better_command = self.run.command(verdict.better_command)
            better = session.describe_command(better_command)
        solved = bool(verdict.correct) and not self.hinted
        change = self.run.record(self.puzzle, solved)
        self.shown = Shown(
            answer=self.shown.answer,
            verdict=verdict,
            better=better,
            better_command=better_command,
            change=change,
            hinted=self.hinted,
        )
        self._screen.app.clear_notifications()
        cast(Any, self).refresh_all()
        self._screen.refresh_bindings()
        self.show_panel()

    def action_better_move(self) -> None:
        """``a``: the board after the better move instead of the answer; again: back."""
        session = self.session
        better = self.shown.better_command
        if better is None:
            return
        if self.shown.showing_better:
            session.show_answer()
        else:
            events, shown = session.show_command(better)
            if events and not shown:
                self._screen.notify(
                    _("Its outcome is not shown: it depends on what you could not see.")
                )
        self.shown = self.shown.toggled()
        screen = cast(Any, self)
        screen.history_changed()  # the log follows the line shown
        screen.refresh_all()
        self.show_panel()

    def action_next_puzzle(self) -> None:
        """``n``: the next puzzle of the run, or back to the menu when none is left."""
        self.run.show_next(self._screen.app, after=self.puzzle)

    def action_leave_puzzles(self) -> None:
        self._screen.dismiss()


@cache
def puzzle_screen_type(game_screen: type[Screen[None]]) -> type[Screen[None]]:
    """The puzzle screen of a game: its game screen with ``PuzzlePlay`` mixed in first,
    and the puzzle's keys before the game's keys of the same name."""
    merged = game_screen._merge_bindings().key_to_bindings
    bindings: list[BindingType] = []
    for binding in PUZZLE_BINDINGS:
        bindings.append(binding)
        bindings.extend(merged.get(binding.key, ()))
    # Every other key as the game has it, after the puzzle's: listed whole here (no
    # inheriting), so that the footer shows the puzzle's keys first.
    own = {binding.key for binding in PUZZLE_BINDINGS}
    for key, key_bindings in merged.items():
        if key not in own:
            bindings.extend(key_bindings)
    namespace: dict[str, Any] = {
        "BINDINGS": bindings,
        "_inherit_bindings": False,
        "__module__": __name__,
    }
    made = type(f"_puzzle_{game_screen.__name__}", (PuzzlePlay, game_screen), namespace)
    return cast("type[Screen[None]]", made)
