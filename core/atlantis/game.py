"""An Atlantis game in progress: the kernel's ``Game`` bound to Atlantis.

It keeps the ways tests, bots and the app have always made a game: from a
seed or a secret, with a tile set, with a shuffle of their own, or from a list
of events. Events alone do not say where each action begins; given no
``actions``, the game's full check finds them, once, as for a save written
before files recorded them.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.atlantis.check import actions_of
from core.atlantis.commands import AnyCommand
from core.atlantis.decide import Shuffler, chance_shuffle, decide
from core.atlantis.events import AnyEvent
from core.atlantis.evolve import evolve_all
from core.atlantis.game_type import ATLANTIS
from core.atlantis.options import DEFAULT_OPTIONS, Options
from core.atlantis.setup import new_game
from core.atlantis.state import State
from core.atlantis.tiles import TileSet
from core.kernel.events import Action
from core.kernel.game import Game as KernelGame
from core.kernel.game import Listener


class Game(KernelGame[State, AnyEvent, AnyCommand]):
    """Events plus the state they fold to, and where each action begins."""

    def __init__(
        self,
        events: Sequence[AnyEvent],
        listener: Listener | None = None,
        shuffle: Shuffler = chance_shuffle,
        actions: Sequence[Action] | None = None,
    ) -> None:
        found = actions_of(events) if actions is None else actions
        super().__init__(ATLANTIS, events, listener, found)
        self.shuffle = shuffle

    @classmethod
    def new(  # type: ignore[override]  # Atlantis's own arguments, as before the kernel
        cls,
        players: Sequence[str],
        seed: int = 0,
        options: Options = DEFAULT_OPTIONS,
        tiles: TileSet | None = None,
        listener: Listener | None = None,
        *,
        secret: str = "",
    ) -> Game:
        """A new game; see ``new_game`` for ``seed`` and ``secret``."""
        events = new_game(tuple(players), seed, options, tiles, secret=secret)
        if listener is not None:
            for event in events:
                listener(event)
        return cls(events, listener, actions=())

    def _decide(self, command: AnyCommand, trusted: bool) -> list[AnyEvent]:
        return decide(self.state, command, self.shuffle, trusted=trusted)

    def _advance(self, state: State, events: Sequence[AnyEvent]) -> State:
        return evolve_all(state, events)
