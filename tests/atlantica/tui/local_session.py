"""An Atlantica game played here, for the screens' tests: a ``Session`` over the
kernel's ``Game``, with bots, undo and redo of whole actions, and no save file."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from atlantis_tui.session import Seat
from core.atlantica.commands import AnyCommand
from core.atlantica.events import AnyEvent
from core.atlantica.game_type import ATLANTICA
from core.atlantica.options import Options
from core.atlantica.state import State
from core.atlantica.view import PlayerView
from core.kernel.bots import make_bot_from
from core.kernel.chance import secret_from_seed
from core.kernel.events import Action
from core.kernel.game import Game


class LocalSession:
    """Seats, a game and its bots; what the screens ask of a session."""

    def __init__(self, game: Game[State, AnyEvent, AnyCommand], seats: Sequence[Seat]) -> None:
        self.game = game
        self._seats = list(seats)
        self.bots = {
            index: make_bot_from(ATLANTICA.bots, seat.kind)
            for index, seat in enumerate(self._seats)
            if not seat.is_human
        }
        self.rng = random.Random(7)
        self.undone: list[list[AnyEvent]] = []

    @classmethod
    def new(
        cls, seats: Sequence[Seat], seed: int = 1, options: Options | None = None
    ) -> LocalSession:
        """A new game from ``seed``."""
        game: Game[State, AnyEvent, AnyCommand] = Game.new(
            ATLANTICA, [seat.name for seat in seats], options, secret_from_seed(seed)
        )
        return cls(game, seats)

    @classmethod
    def of_events(cls, events: Sequence[AnyEvent], seats: Sequence[Seat]) -> LocalSession:
        """A game taken up from ``events``."""
        return cls(Game(ATLANTICA, events), seats)

    @property
    def seats(self) -> Sequence[Seat]:
        return self._seats

    @property
    def humans(self) -> list[int]:
        return [index for index, seat in enumerate(self._seats) if seat.is_human]

    @property
    def state(self) -> State:
        return self.game.state

    @property
    def events(self) -> list[AnyEvent]:
        return self.game.events

    @property
    def to_act(self) -> int | None:
        return ATLANTICA.to_act(self.game.state)

    @property
    def path(self) -> Path | None:
        return None

    @property
    def actions(self) -> Sequence[Action] | None:
        return self.game.actions

    def view(self, seat: int) -> PlayerView:
        return ATLANTICA.view_for(self.game.state, seat)

    def is_bot_turn(self) -> bool:
        return self.to_act in self.bots

    def bot_command(self) -> AnyCommand:
        seat = self.to_act
        assert seat is not None
        command: AnyCommand = self.bots[seat].decide(self.view(seat), self.rng)
        return command

    def play(self, command: AnyCommand) -> list[AnyEvent]:
        self.undone.clear()
        return self.game.play(command)

    def undo_plan(self) -> Any:
        return None

    def undo(self) -> Any:
        return None

    def redo(self) -> list[AnyEvent]:
        return []

    def close(self) -> None:
        pass
