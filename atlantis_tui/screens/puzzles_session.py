"""A puzzle's position played at this keyboard: a ``Session`` that shows only the mover's eyes.

The game screens draw whatever session they are given (``atlantis_tui/session_protocol.py``).
This one holds the whole game up to the puzzle's decision, so that the rules judge
the answer, but it shows what a remote seat would be shown: ``state`` is the
mover's view's state (every other hand and the pile blank), ``events`` are the
record as the mover received it (``event_for``), and ``view`` gives no other
seat's view. The screens therefore cannot show what the mover could not see.

The answer is played on the board before it is judged, and can be taken back
(``undo``); once judged, nothing more is played (``to_act`` is ``None``), and the
board may show another line instead, the better move (``show_command``). What
the mover could not have known when deciding (a card drawn from the pile,
anything laid from what was hidden) is not shown: the board stops before the
first event that depends on it (``known_part``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from atlantis_tui.session import Seat, UndoPlan
from atlantis_tui.session_protocol import WATCHER, NotKnownHere
from core.kernel.errors import GameError
from core.kernel.events import Action
from core.kernel.i18n import _
from core.kernel.registry import AnyGameType

MARKER = 7_919_191_919
"""A number no game holds, planted where the mover may not look (``GameType.privacy.plant``)."""


class PuzzleSession:
    """The position before a puzzle's decision, as its mover (``seat``) saw it."""

    def __init__(
        self,
        game: AnyGameType,
        before: Any,
        record: Sequence[Any],
        seat: int,
        seats: Sequence[Seat],
    ) -> None:
        """``before``: a whole state at the decision (a puzzle's holds the mover's view and,
        where it hides anything, values sampled for it); ``record``: the game up to the
        decision as the mover received it; ``seats``: the table (the mover is the one
        seat played at this keyboard, whoever else was a person)."""
        self.game_type = game
        self.seat = seat
        self._seats = list(seats)
        self._record = list(record)
        self.before: Any = before
        """The whole state before the decision (never shown)."""
        self._open = game.open_hands_in(self.before)
        self.answer: Any = None
        """The command answered, once played (``None``: none yet, or taken back)."""
        self.answer_events: list[Any] = []
        """What the answer caused in the whole game."""
        self.judged = False
        """Whether the answer was judged: nothing more is played."""
        self._line: list[Any] = []
        """The events the board shows after the decision (the answer's, or another line)."""
        self._line_state: Any = self.before
        self._shown: tuple[Any, Any] | None = None

    # -- what the screens read ------------------------------------------------------------
    @property
    def seats(self) -> list[Seat]:
        return list(self._seats)

    @property
    def humans(self) -> list[int]:
        """The mover alone sits at this keyboard."""
        return [self.seat]

    @property
    def whole_state(self) -> Any:
        """The whole state the board stands at (for the rules and the hint, never drawn)."""
        return self._line_state

    @property
    def state(self) -> Any:
        """The mover's view's state of the position shown: what he may not see is blank."""
        whole = self._line_state
        if self._shown is None or self._shown[0] is not whole:
            self._shown = (whole, self.game_type.privacy.view_for(whole, self.seat).state)
        return self._shown[1]

    @property
    def events(self) -> list[Any]:
        """The record as the mover received it, then the line the board shows."""
        return [*self._record, *(self._as_seen(event) for event in self._line)]

    @property
    def to_act(self) -> int | None:
        """The mover, until he has answered; then nobody."""
        if self.answer is not None or self.judged or self._line:
            return None
        return self.seat

    @property
    def path(self) -> Path | None:
        """A puzzle is no saved game."""
        return None

    @property
    def actions(self) -> Sequence[Action] | None:
        return None

    def view(self, seat: int) -> Any:
        if seat != self.seat:
            raise NotKnownHere(_("a puzzle shows only what its player could see"))
        return self.game_type.privacy.view_for(self._line_state, seat)

    def is_bot_turn(self) -> bool:
        return False

    def bot_command(self) -> Any:
        raise NotKnownHere(_("nobody else plays in a puzzle"))

    # -- the answer -------------------------------------------------------------------------
    def play(self, command: Any) -> list[Any]:
        """Play the answer (a refusal raises ``IllegalMove`` and changes nothing); the events
        the board shows: those the mover could foresee (``known_part``)."""
        if self.to_act is None:
            raise GameError(_("this puzzle has its answer already"))
        events = list(self.game_type.decide(self.before, command))
        self.answer, self.answer_events = command, events
        return self._show(command, events)

    def show_command(self, command: Any) -> tuple[list[Any], list[Any]]:
        """Show the position after ``command``, played from the decision, instead of the
        answer's: its whole events, and those the board shows (``known_part``)."""
        events = list(self.game_type.decide(self.before, command))
        return events, self._show(command, events)

    def show_answer(self) -> list[Any]:
        """Show the position after the answer again (the decision's, without one)."""
        if self.answer is None:
            return self._show(None, [])
        return self._show(self.answer, self.answer_events)

    def _show(self, command: Any, events: list[Any]) -> list[Any]:
        shown = [] if command is None else events[: self.known_part(command, events)]
        self._line = shown
        self._line_state = self.game_type.advance(self.before, shown) if shown else self.before
        return [self._as_seen(event) for event in shown]

    def known_part(self, command: Any, events: Sequence[Any]) -> int:
        """How many of ``events`` (``command``'s, from the decision) the mover could have
        foreseen: those before the first that depends on something he could not see.

        The command is decided again in the position with markers planted wherever the
        mover may not look (``GameType.privacy.plant``): the events he would receive are the same
        in both up to the first that depends on what is hidden (a card drawn from the
        pile). When the rules cannot decide there, nothing is foreseen."""
        game = self.game_type
        if game.privacy.plant is None:
            return len(events)  # the game hides nothing
        try:
            planted = game.privacy.plant(self.before, self.seat, MARKER)
            again = list(game.decide(planted, command))
        except Exception:  # a planted state need not be reachable: its outcome is hidden
            return 0
        known = 0
        for real, other in zip(events, again, strict=False):
            if self._as_seen(real) != self._as_seen(other):
                break
            known += 1
        return known

    def describe_command(self, command: Any) -> str:
        """``command``, played at the decision, in words (see ``describe``)."""
        return self.describe(list(self.game_type.decide(self.before, command)))

    def describe(self, events: Sequence[Any]) -> str:
        """The first of a line's events in words, as a watcher would read it (nothing of
        what the mover did not know)."""
        if not events:
            return ""
        view_state = self.game_type.privacy.view_for(self.before, self.seat).state
        return self.game_type.presentation.describe(view_state, self._as_seen(events[0], WATCHER))

    def _as_seen(self, event: Any, seat: int | None = None) -> Any:
        return self.game_type.privacy.event_for(
            event, self.seat if seat is None else seat, self._open
        )

    # -- undo: the answer, before it is judged ------------------------------------------------
    def undo_plan(self) -> UndoPlan | None:
        if self.answer is None or self.judged:
            return None
        counted = self.game_type.play.turn_count
        turn = counted(self.before) if counted is not None else 0
        return UndoPlan(len(self._line), self.seat, tuple(self._line), ((self.seat, turn),))

    def undo(self) -> UndoPlan | None:
        plan = self.undo_plan()
        if plan is not None:
            self.answer, self.answer_events = None, []
            self._show(None, [])
        return plan

    def redo(self) -> list[Any]:
        return []

    def close(self) -> None:
        """Nothing is held open."""
