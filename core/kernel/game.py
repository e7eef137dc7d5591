"""A game in progress: its events, where each action begins, and the state they fold to.

This is the small object the app, the command line and the bots drive, for
any game (``GameType``). It never changes an event once recorded; ``play``
asks the game's ``decide`` and appends what it returns as one action, and an
optional listener (the save file) hears, in order, each action's marker
(``core.kernel.events.ActionMarker``) and then its events, so the file says
where every action begins. Undo and redo work on whole actions and keep that
record exact, so nothing ever has to judge the game again to find them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar, cast

from core.kernel.events import Action, EventsUndone, in_force_indices
from core.kernel.game_type import GameType
from core.kernel.redo import redo_stack_of

S = TypeVar("S")
E = TypeVar("E")
C = TypeVar("C")

Listener = Callable[[Any], None]
"""Hears every action marker and every event, in the order a save file holds them."""

NO_SEAT = -1
"""The seat an action records when the game said nobody was to act."""


class Game(Generic[S, E, C]):
    """Events plus the state they fold to, and the actions among them."""

    def __init__(
        self,
        game_type: GameType[S, E, C, Any, Any],
        events: Sequence[E],
        listener: Listener | None = None,
        actions: Sequence[Action] = (),
    ) -> None:
        """``actions``: where each action begins among ``events`` (``SavedGame.actions``)."""
        self.game_type = game_type
        self.events: list[E] = list(events)
        self.state: S = game_type.fold(self.events)
        self.listener = listener
        self.actions: list[Action] = list(actions)
        """Every action recorded, undone ones too; ``start`` indexes ``events``."""
        self._undone: list[tuple[tuple[E, ...], tuple[Action, ...]]] = [
            (cast(tuple[E, ...], block.events), block.actions)
            for block in redo_stack_of(self.events, self.actions)
        ]
        """For each undo that redo may take back, its events and their actions (starts
        counted from the first of those events), the last undo last. A game continued
        from its record can be redone as it could when the record was left."""

    @classmethod
    def new(
        cls,
        game_type: GameType[S, E, C, Any, Any],
        players: Sequence[str],
        options: Any = None,
        secret: str = "",
        listener: Listener | None = None,
    ) -> Game[S, E, C]:
        """A new game (``options`` default to the game's); its chance comes from ``secret``."""
        chosen = game_type.default_options() if options is None else options
        events = game_type.setup(players, chosen, secret)
        if listener is not None:
            for event in events:
                listener(event)
        return cls(game_type, events, listener)

    @property
    def action_starts(self) -> list[int]:
        """The index in ``events`` of the first event of each action recorded."""
        return [action.start for action in self.actions]

    def _decide(self, command: C, trusted: bool) -> list[E]:
        """The events ``command`` gives in the current state (the game's ``decide``)."""
        decide = self.game_type.decide_trusted if trusted else self.game_type.decide
        return decide(self.state, command)

    def _advance(self, state: S, events: Sequence[E]) -> S:
        """The state after ``events``; a game may do it faster than one at a time."""
        return self.game_type.advance(state, events)

    def _record(self, events: Sequence[E], seat: int | None = None) -> None:
        """Append ``events``, as one action of ``seat`` unless ``seat`` is None."""
        if seat is not None and events:
            action = Action(len(self.events), seat, len(events))
            self.actions.append(action)
            if self.listener is not None:
                self.listener(action.marker())
        self.events.extend(events)
        if self.listener is not None:
            for event in events:
                self.listener(event)

    def play(self, command: C, *, trusted: bool = False) -> list[E]:
        """Apply a command as one action; raises ``IllegalMove`` and changes nothing if
        refused. A new action makes what was undone unreachable by redo (unless it
        gives exactly what the last undo took back: then it is that undo's redo).

        ``trusted`` is for commands the game's own move generator built (``decide_trusted``).
        """
        seat = self.game_type.to_act(self.state)
        events = self._decide(command, trusted)
        self.state = self._advance(self.state, events)
        acted = NO_SEAT if seat is None else seat
        self._record(events, acted)
        if self._undone and self._undone[-1] == (tuple(events), (Action(0, acted, len(events)),)):
            # Exactly what the last undo took back: its redo, as a record reads it
            # (``core.kernel.redo``); what earlier undos took back stays redoable.
            self._undone.pop()
        else:
            self._undone.clear()
        return events

    @property
    def redoable(self) -> list[tuple[E, ...]]:
        """The events each undo that redo may take back took back, the last undo last."""
        return [events for events, _actions in self._undone]

    def undo(self, count: int) -> EventsUndone:
        """Take back the last ``count`` events in force: whole actions, the last ones.

        Raises ``RuntimeError`` (the caller's mistake) when ``count`` would cut an
        action or the setup.
        """
        in_force = in_force_indices(self.events)
        kept = len(in_force) - count
        starts = {action.start: action for action in self.actions}
        if count <= 0 or kept <= 0 or in_force[kept] not in starts:
            raise RuntimeError(f"undoing {count} events does not take back whole actions")
        taken = in_force[kept:]
        block = tuple(self.events[index] for index in taken)
        offset = {index: k for k, index in enumerate(taken)}
        actions = tuple(starts[index].moved(offset[index]) for index in taken if index in starts)
        marker = EventsUndone(count)
        recorded = cast(E, marker)  # every game's event union holds the kernel's undo
        self.state = self.game_type.fold([*self.events, recorded])
        self._record([recorded])
        self._undone.append((block, actions))
        return marker

    def redo(self, events: Sequence[E]) -> None:
        """Apply again the events the last undo took back (all of them, from exactly
        the state it left), as the same actions."""
        if not self._undone or tuple(events) != self._undone[-1][0]:
            raise RuntimeError("redo applies again exactly what the last undo took back")
        block, actions = self._undone.pop()
        self.state = self._advance(self.state, block)
        starts = {action.start: action for action in actions}
        done = 0
        for index in sorted(starts):
            if index > done:
                self._record(block[done:index])  # between actions: no marker
            action = starts[index]
            self._record(block[index : action.end], action.seat)
            done = action.end
        if done < len(block):
            self._record(block[done:])
