"""What every game's full re-judge of a record does alike: follow it as ``fold`` does.

A game's judge (``GameType.records.judge``, ``atlantis check``) rebuilds each action's
command, asks ``decide`` for its events and compares them with the record. The
rest is the same in every game and lives here: the states in force, undo
markers taking some back (with the game's ``after_undo``: what no undo takes
back), redo making them again (``core.kernel.redo``), and the actions found
(``FollowedRecord``); and the walk through a record, action by action, to the
first line the rules do not give (``RecordRules``, ``judge_record``). A game
gives its own parts: its opening's checks, how an action's first events name
its command, and its refusals in its own words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from core.kernel.errors import IllegalMove, SaveFileError
from core.kernel.events import Action, EventsUndone
from core.kernel.redo import RedoStack
from core.kernel.save_lifecycle import Judgement
from core.kernel.savefile import SavedGame

S = TypeVar("S")
E = TypeVar("E")
C = TypeVar("C")


class FollowedRecord(Generic[S, E]):
    """A record followed from its opening state, event by event.

    ``state`` is the state reached; ``actions`` the actions found so far (their
    starts index the record, undone ones included).
    """

    def __init__(
        self,
        events: Sequence[E],
        opening: S,
        evolve: Callable[[S, E], S],
        after_undo: Callable[[S, S], S],
        marked: Sequence[Action] | None,
    ) -> None:
        """``after_undo(undone, restored)``: the state an undo goes back to;
        ``marked``: the actions the record's markers announce (``None``: it has none)."""
        self.events = events
        self._marked = None if marked is None else {action.start: action for action in marked}
        self.state = opening
        self.actions: list[Action] = []
        self._evolve = evolve
        self._after_undo = after_undo
        self._states = [opening]
        self._in_force = [0]  # the index of the event each state in ``_states`` follows
        self._redo = RedoStack()

    def can_undo(self, count: int) -> bool:
        """Whether an undo of ``count`` events leaves the opening in force."""
        return 0 < count < len(self._states)

    def undo(self, count: int) -> None:
        """Take back the last ``count`` events in force (``can_undo`` first)."""
        cut = len(self._states) - count
        self._redo.undone(self.events, self._in_force[cut:], self.actions)
        undone = self.state
        del self._states[cut:]
        del self._in_force[cut:]
        self.state = self._states[-1] = self._after_undo(undone, self._states[-1])

    def redo_at(self, index: int) -> int:
        """Follow a redo beginning at ``events[index]``: how many events it holds
        (0: none begins there, and the action there is a new one).

        The very events the last undo took back, made again, need no judging: the
        rules gave them where they were first played. A record that ends inside
        the redo (a crash) holds what it holds of it.
        """
        block = self._redo.redone_at(self.events, index, self._marked)
        if block is None:
            self._redo.played()
            return 0
        self._redo.redone()
        end = min(index + len(block.events), len(self.events))
        self.actions += [
            action.moved(index + action.start)
            for action in block.actions
            if index + action.start < end
        ]
        for at in range(index, end):
            self.advance(at)
        return len(block.events)

    def advance(self, index: int) -> None:
        """Follow ``events[index]``, an event the rules gave."""
        self.state = self._evolve(self.state, self.events[index])
        self._states.append(self.state)
        self._in_force.append(index)

    def whole_actions(self, kept: int) -> tuple[Action, ...]:
        """The actions found that end within the first ``kept`` events."""
        return tuple(action for action in self.actions if action.end <= kept)


@dataclass(frozen=True, slots=True)
class JudgeTexts:
    """A record judge's refusals, in the game's words and with its rule ids."""

    no_opening: str
    """The record does not begin with the game's opening event."""
    nothing_to_undo: str
    """An undo marker takes back more than the record holds."""
    after_the_end: str
    """An event after the end of the game."""
    no_command: str
    """An event that begins no command."""
    not_given: str
    """An event the rules do not give where it stands."""
    second_opening: str | None = None
    """A second opening event (``None``: told as an event that begins no command)."""


def _same_event(recorded: Any, expected: Any, _state: Any) -> bool:
    return bool(recorded == expected)


def _never_cut(_events: Any, _index: int, _state: Any, _command: Any) -> bool:
    return False


@dataclass(frozen=True, slots=True)
class RecordRules(Generic[S, E, C]):
    """What ``judge_record`` needs of a game."""

    opening_type: type
    """The game's opening event (``game-started``)."""
    opening_faults: Callable[[Any], str | None]
    """What is wrong with an opening event, in the game's words (``None``: nothing)."""
    initial_state: Callable[[Any], S]
    evolve: Callable[[S, E], S]
    after_undo: Callable[[S, S], S]
    decide: Callable[[S, C], Sequence[E]]
    command_of: Callable[[Sequence[E], int, S], C | None]
    """The command of the action whose first event is ``events[index]``, in ``state``."""
    is_over: Callable[[S], bool]
    seat_of: Callable[[S], int]
    """The seat an action found in ``state`` is credited to."""
    texts: Callable[[], JudgeTexts]
    """The refusals, translated when one is needed (the language may change)."""
    recorded_as: Callable[[E, E, S], bool] = _same_event
    """Whether a recorded event stands for the event the rules give (by default, equal)."""
    cut_inside: Callable[[Sequence[E], int, S, C], bool] = _never_cut
    """Whether a command the rules refuse is only one a crash cut short (its events
    end the record before all it needs was written)."""


def judge_record(saved: SavedGame, rules: RecordRules[S, E, C]) -> Judgement:
    """The full check of ``saved`` (``GameType.records.judge``): every action's events
    as ``rules.decide`` gives them, undo and redo followed as ``fold`` follows them.

    A refusal names the line of the first event the rules do not give, and keeps
    the events before the action it is in. A record that ends inside an action
    (a crash while it was written) is consistent as far as it goes.
    """
    events: Sequence[E] = saved.events
    lines: Sequence[int] = saved.lines

    def refused(index: int, kept: int, reason: str, found: Sequence[Action]) -> Judgement:
        line = lines[index] if index < len(lines) else 0
        whole = tuple(action for action in found if action.end <= kept)
        return Judgement(SaveFileError(line, reason), kept, whole)

    if not events:
        return Judgement(None, 0, ())
    first = events[0]
    if not isinstance(first, rules.opening_type):
        return refused(0, 0, rules.texts().no_opening, [])
    fault = rules.opening_faults(first)
    if fault is not None:
        return refused(0, 0, fault, [])
    record = FollowedRecord(
        events, rules.initial_state(first), rules.evolve, rules.after_undo, saved.actions
    )
    actions = record.actions
    index = 1
    while index < len(events):
        event = events[index]
        if isinstance(event, EventsUndone):
            if not record.can_undo(event.count):
                return refused(index, index, rules.texts().nothing_to_undo, actions)
            record.undo(event.count)
            index += 1
            continue
        redone = record.redo_at(index)
        if redone:
            index += redone
            continue
        state = record.state
        if isinstance(event, rules.opening_type):
            second = rules.texts().second_opening
            if second is not None:
                return refused(index, index, second, actions)
        if rules.is_over(state):
            return refused(index, index, rules.texts().after_the_end, actions)
        command = rules.command_of(events, index, state)
        if command is None:
            return refused(index, index, rules.texts().no_command, actions)
        seat = rules.seat_of(state)
        try:
            given = rules.decide(state, command)
        except IllegalMove as refusal:
            if rules.cut_inside(events, index, state, command):
                actions.append(Action(index, seat, len(events) - index + 1))
                return Judgement(None, len(events), tuple(actions))  # cut by a crash
            return refused(index, index, str(refusal), actions)
        actions.append(Action(index, seat, len(given)))
        for offset, expected in enumerate(given):
            at = index + offset
            if at >= len(events):
                return Judgement(None, len(events), tuple(actions))  # cut by a crash
            if not rules.recorded_as(events[at], expected, record.state):
                return refused(at, index, rules.texts().not_given, actions)
            record.advance(at)
        index += len(given)
    return Judgement(None, len(events), tuple(actions))
