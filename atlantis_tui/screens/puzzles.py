"""Puzzles in the app: a set of them played one after another on the game's own screen.

``open_puzzles`` starts from the start menu, the palette or ``atlantis puzzles``
(``puzzles_app.run``): the game's shipped set, or "Your mistakes" (the decisions marked
mistake and blunder in the reviews of the player's own games) when there are
any, the player choosing. A ``PuzzleRun`` holds the set, the ratings and the
attempts file (``core.services.puzzle_ratings``: one line appended and flushed
per attempt, so progress survives a crash) and builds each puzzle's screen
(``puzzles_play``); the order and the missed puzzles that come back are
``puzzles_queue``'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.screen import Screen
from textual.widgets.option_list import Option

from atlantis_tui.screens.puzzles_queue import next_puzzle, solved_count
from atlantis_tui.session import Seat
from core.kernel.errors import GameError
from core.kernel.i18n import N_, _, ngettext
from core.services.puzzle_ratings import PuzzleRatings, attempts_file

if TYPE_CHECKING:
    from textual.app import App

    from atlantis_tui.games import GameUI
    from core.kernel.registry import AnyGameType
    from core.services.puzzles import Puzzle, Verdict

SHIPPED = N_("Puzzles")
MISTAKES = N_("Your mistakes")
TUTORIAL = N_("Tutorial puzzles")


@dataclass
class PuzzleRun:
    """Puzzles of one game played in turn: the set, its title, the ratings."""

    ui: GameUI
    title: str
    """``SHIPPED``, ``MISTAKES`` or ``TUTORIAL`` (in English, translated when shown)."""
    puzzles: tuple[Puzzle, ...]
    ratings: PuzzleRatings
    problems: list[str] = field(default_factory=list)
    """What could not be kept (an attempt not written), said once on screen."""

    @property
    def game(self) -> AnyGameType:
        return self.ui.game

    # -- what the puzzle's panel reads ------------------------------------------------------
    def heading(self) -> str:
        """``Puzzles · Atlantis``."""
        return _("{title} · {game}").format(title=_(self.title), game=self.ui.display_name())

    def progress(self) -> tuple[int, int]:
        """How many of the run's puzzles are solved, and how many it has."""
        return solved_count(self.puzzles, self.ratings, self.game.id), len(self.puzzles)

    def puzzle_rating(self, puzzle: Puzzle) -> int:
        return round(self.ratings.puzzle_rating(self.game.id, puzzle.id).rating)

    def player_rating(self) -> int:
        return round(self.ratings.player_rating(self.game.id).rating)

    # -- judging and keeping ----------------------------------------------------------------
    def judge(self, puzzle: Puzzle, command: Any) -> Verdict:
        """The verdict on ``command`` as ``puzzle``'s answer (may search: not on the screen's
        thread)."""
        from core.services.puzzles import judge_answer

        try:
            return judge_answer(puzzle, command, self.game)
        except (ValueError, TypeError) as error:
            raise GameError(str(error)) from None

    def command(self, held: Any) -> Any:
        """A command as a puzzle holds it (JSON), in the game's command type."""
        from core.services.puzzles.position import decoded

        return decoded(self.game, held)

    def record(self, puzzle: Puzzle, solved: bool) -> int | None:
        """Keep one attempt; the player's rating change, or ``None`` when it was not rated
        (seen before) or could not be kept (``problems`` says why)."""
        try:
            outcome = self.ratings.record(self.game.id, puzzle.id, solved)
        except OSError as error:
            self.problems.append(_("Progress not saved: {error}").format(error=error))
            return None
        return outcome.player_change if outcome.rated else None

    # -- the screens ------------------------------------------------------------------------
    def first(self) -> Puzzle | None:
        return next_puzzle(self.puzzles, self.ratings, self.game.id)

    def screen_for(self, puzzle: Puzzle) -> Screen[None]:
        """``puzzle`` on its game's own screen, as its mover saw it."""
        from atlantis_tui.screens.puzzles_play import PuzzlePlay, puzzle_screen_type
        from atlantis_tui.screens.puzzles_session import PuzzleSession
        from core.services.puzzles import position_events, position_state

        game = self.game
        try:
            before = position_state(game, puzzle)
            record = position_events(game, puzzle)
        except (ValueError, TypeError) as error:
            raise GameError(
                _("Puzzle {id} cannot be shown: {error}").format(id=puzzle.id, error=error)
            ) from None
        seats = [Seat(name) for name in puzzle.players]
        session = PuzzleSession(game, before, record, puzzle.seat, seats)
        screen_type: Any = puzzle_screen_type(self.ui.load_screen())
        screen: Screen[None] = screen_type(session, 0.0)
        assert isinstance(screen, PuzzlePlay)
        screen.setup_puzzle(self, puzzle)
        return screen

    def show_next(self, app: App[Any], after: Puzzle | None = None) -> None:
        """The next puzzle in place of the one on screen (pushed when none is); when every
        puzzle is solved, say so and close the puzzle screen."""
        for problem in self.problems:
            app.notify(problem, severity="warning")
        self.problems.clear()
        puzzle = next_puzzle(
            self.puzzles, self.ratings, self.game.id, skip=after.id if after else None
        )
        on_puzzle = after is not None
        if puzzle is None:
            app.notify(_("Every puzzle of this set is solved."), title=self.heading())
            if on_puzzle:
                app.pop_screen()
            return
        try:
            screen = self.screen_for(puzzle)
        except GameError as error:
            app.notify(str(error), severity="error")
            return
        if on_puzzle:
            app.switch_screen(screen)
        else:
            app.push_screen(screen)


# -- where puzzles come from ---------------------------------------------------------------------
def shipped_puzzles(game_id: str) -> tuple[Puzzle, ...]:
    """The game's shipped set; raises ``GameError`` (one sentence) when it is missing or
    damaged."""
    from atlantis_tui.screens.puzzles_sources import shipped_set

    return shipped_set(game_id)


def mistake_puzzles(save_dir: Path, game_id: str) -> tuple[Puzzle, ...]:
    """The player's own mistakes in ``game_id``, from the reviews kept beside his saves."""
    from atlantis_tui.screens.puzzles_sources import own_mistakes

    return own_mistakes(save_dir, game_id)


def load_ratings(save_dir: Path, puzzles: Sequence[Puzzle]) -> PuzzleRatings:
    """The ratings of the attempts kept in ``save_dir``, the puzzles starting at theirs."""
    starts = {(puzzle.game, puzzle.id): puzzle.rating for puzzle in puzzles}
    return PuzzleRatings.load(attempts_file(save_dir), starts=starts)


def start_run(
    app: App[Any], ui: GameUI, title: str, puzzles: Sequence[Puzzle], save_dir: Path
) -> PuzzleRun | None:
    """Play ``puzzles`` of ``ui``'s game, the first one now; the run, or ``None`` when
    there is nothing to play."""
    if not puzzles:
        app.notify(_("{game} has no puzzles here.").format(game=ui.display_name()))
        return None
    ratings = load_ratings(save_dir, puzzles)
    if ratings.problem:
        app.notify(ratings.problem, severity="warning")
    run = PuzzleRun(ui, title, tuple(puzzles), ratings)
    if run.first() is None:
        app.notify(_("Every puzzle of this set is solved."), title=run.heading())
        return run
    run.show_next(app)
    return run


def open_puzzles(app: App[Any], ui: GameUI, save_dir: Path) -> None:
    """Puzzles of ``ui``'s game: the shipped set, or the player's own mistakes, as he
    chooses when he has any."""
    from atlantis_tui.screens.choosers import ChoiceScreen

    try:
        shipped = shipped_puzzles(ui.id)
    except GameError as error:
        app.notify(str(error), severity="warning")
        shipped = ()
    mistakes = mistake_puzzles(save_dir, ui.id)
    if not mistakes:
        start_run(app, ui, SHIPPED, shipped, save_dir)
        return

    def chosen(choice: str | None) -> None:
        if choice == "mistakes":
            start_run(app, ui, MISTAKES, mistakes, save_dir)
        elif choice == "shipped":
            start_run(app, ui, SHIPPED, shipped, save_dir)

    count = len(mistakes)
    options = [
        Option(
            ngettext("Your mistakes ({n} puzzle)", "Your mistakes ({n} puzzles)", count).format(
                n=count
            ),
            id="mistakes",
        ),
        Option(
            ngettext(
                "{game}'s set ({n} puzzle)", "{game}'s set ({n} puzzles)", len(shipped)
            ).format(game=ui.display_name(), n=len(shipped)),
            id="shipped",
            disabled=not shipped,
        ),
    ]
    explanation = _(
        "Your mistakes are the decisions marked ? and ?? in the reviews of your own games."
    )
    app.push_screen(ChoiceScreen(_("Which puzzles?"), explanation, options), chosen)


def open_tutorial_puzzles(app: App[Any], ui: GameUI, save_dir: Path) -> None:
    """The three easiest puzzles of the game's shipped set, on which its tutorial's last
    lesson ends."""
    from atlantis_tui.screens.puzzles_sources import first_puzzles

    try:
        puzzles = first_puzzles(ui.id)
    except GameError as error:
        app.notify(str(error), severity="warning")
        return
    start_run(app, ui, TUTORIAL, puzzles, save_dir)
