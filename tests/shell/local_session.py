"""A game played here, for the screens' tests of any game: a ``Session`` over the
kernel's ``Game``, with bots, and no save file, undo or redo.

Each game's tests bind it to their game with a subclass that names ``GAME``
(``tests/arkantis/tui/local_session.py``, ``tests/atlantica/tui/local_session.py``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar, Generic, Self, TypeVar

from atlantis_tui.session import Seat
from core.kernel.bots import make_bot_from
from core.kernel.chance import secret_from_seed
from core.kernel.events import Action
from core.kernel.game import Game
from core.kernel.game_type import GameType

S = TypeVar("S")
E = TypeVar("E")
C = TypeVar("C")
V = TypeVar("V")
O = TypeVar("O")  # noqa: E741 - the kernel's name for a game's options


class LocalSession(Generic[S, E, C, V, O]):
    """Seats, a game and its bots; what the screens ask of a session."""

    GAME: ClassVar[GameType[Any, Any, Any, Any, Any]]
    """The game this session plays, named by each game's subclass."""

    def __init__(self, game: Game[S, E, C], seats: Sequence[Seat]) -> None:
        self.game = game
        self._seats = list(seats)
        self.bots = {
            index: make_bot_from(self.GAME.play.bots, seat.kind)
            for index, seat in enumerate(self._seats)
            if not seat.is_human
        }
        self.rng = random.Random(7)
        self.undone: list[list[E]] = []

    @classmethod
    def new(cls, seats: Sequence[Seat], seed: int = 1, options: O | None = None) -> Self:
        """A new game from ``seed``."""
        game: Game[S, E, C] = Game.new(
            cls.GAME, [seat.name for seat in seats], options, secret_from_seed(seed)
        )
        return cls(game, seats)

    @classmethod
    def of_events(cls, events: Sequence[E], seats: Sequence[Seat]) -> Self:
        """A game taken up from ``events``."""
        return cls(Game(cls.GAME, events), seats)

    @property
    def seats(self) -> Sequence[Seat]:
        return self._seats

    @property
    def humans(self) -> list[int]:
        return [index for index, seat in enumerate(self._seats) if seat.is_human]

    @property
    def state(self) -> S:
        return self.game.state

    @property
    def events(self) -> list[E]:
        return self.game.events

    @property
    def to_act(self) -> int | None:
        seat: int | None = self.GAME.to_act(self.game.state)
        return seat

    @property
    def path(self) -> Path | None:
        return None

    @property
    def actions(self) -> Sequence[Action] | None:
        return self.game.actions

    def view(self, seat: int) -> V:
        view: V = self.GAME.privacy.view_for(self.game.state, seat)
        return view

    def is_bot_turn(self) -> bool:
        return self.to_act in self.bots

    def bot_command(self) -> C:
        seat = self.to_act
        assert seat is not None
        command: C = self.bots[seat].decide(self.view(seat), self.rng)
        return command

    def play(self, command: C) -> list[E]:
        self.undone.clear()
        return self.game.play(command)

    def undo_plan(self) -> Any:
        return None

    def undo(self) -> Any:
        return None

    def redo(self) -> list[E]:
        return []

    def close(self) -> None:
        pass
