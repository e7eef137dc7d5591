"""A game in progress: its events and the state they fold to, kept in step.

This is the small object the app, the command line and the bots drive. It
never changes an event once recorded; ``play`` asks ``decide`` and appends
what it returns, and an optional listener (the save file) hears every event.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from core.atlantis.commands import AnyCommand
from core.atlantis.decide import Shuffler, chance_shuffle, decide
from core.atlantis.events import AnyEvent, EventsUndone
from core.atlantis.evolve import evolve_all, fold
from core.atlantis.options import DEFAULT_OPTIONS, Options
from core.atlantis.setup import new_game
from core.atlantis.state import State
from core.atlantis.tiles import TileSet


class Game:
    """Events plus the state they fold to."""

    def __init__(
        self,
        events: Sequence[AnyEvent],
        listener: Callable[[AnyEvent], None] | None = None,
        shuffle: Shuffler = chance_shuffle,
    ) -> None:
        self.events: list[AnyEvent] = list(events)
        self.state: State = fold(self.events)
        self.listener = listener
        self.shuffle = shuffle

    @classmethod
    def new(
        cls,
        players: Sequence[str],
        seed: int = 0,
        options: Options = DEFAULT_OPTIONS,
        tiles: TileSet | None = None,
        listener: Callable[[AnyEvent], None] | None = None,
        *,
        secret: str = "",
    ) -> Game:
        """A new game; see ``new_game`` for ``seed`` and ``secret``."""
        events = new_game(tuple(players), seed, options, tiles, secret=secret)
        if listener is not None:
            for event in events:
                listener(event)
        return cls(events, listener)

    def _record(self, events: list[AnyEvent]) -> None:
        self.events.extend(events)
        if self.listener is not None:
            for event in events:
                self.listener(event)

    def undo(self, count: int) -> EventsUndone:
        """Take back the last ``count`` events in force (whole commands, the caller's care)."""
        marker = EventsUndone(count)
        self.state = fold([*self.events, marker])
        self._record([marker])
        return marker

    def redo(self, events: Sequence[AnyEvent]) -> None:
        """Apply again events that were undone from exactly this state."""
        self.state = evolve_all(self.state, events)
        self._record(list(events))

    def play(self, command: AnyCommand, *, trusted: bool = False) -> list[AnyEvent]:
        """Apply a command; raises ``IllegalMove`` and changes nothing if refused.

        ``trusted`` is ``decide``'s: only for commands the move generator built.
        """
        events = decide(self.state, command, self.shuffle, trusted=trusted)
        self.state = evolve_all(self.state, events)
        self._record(events)
        return events
