"""What every game's full re-judge of a record does alike: follow it as ``fold`` does.

A game's judge (``GameType.records.judge``, ``atlantis check``) rebuilds each action's
command, asks ``decide`` for its events and compares them with the record. The
rest is the same in every game and lives here: the states in force, undo
markers taking some back (with the game's ``after_undo``: what no undo takes
back), redo making them again (``core.kernel.redo``), and the actions found.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

from core.kernel.events import Action
from core.kernel.redo import RedoStack

S = TypeVar("S")
E = TypeVar("E")


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
