"""A game played on a host, seen from one client: a ``Session`` of its own kind.

The screens read a session's state, events and seats (``Session``,
``atlantis_tui/session_protocol.py``); this one takes them from an
``OnlineClient``, and holds nothing but what the host sent: the events as
this seat may see them, and this seat's view. Nothing is played, decided or
saved here (the host does that), there are no bots to run and no undo; and
another seat's view, which only the host knows, is not made up: asking for it
raises ``NotKnownHere``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Generic, TypeVar

from atlantis_tui.online.client import OnlineClient
from atlantis_tui.session import Seat, UndoPlan
from atlantis_tui.session_protocol import WATCHER, NotKnownHere
from core.kernel.errors import GameError
from core.kernel.events import Action
from core.kernel.i18n import _

S = TypeVar("S")
E = TypeVar("E")
C = TypeVar("C")
V = TypeVar("V")


class RemoteSession(Generic[S, E, C, V]):
    """The client's side of a hosted game.

    ``state_of`` gives the state a view shows (for Atlantis, ``PlayerView.state``):
    what the game's screen draws, with what the seat may not see left blank.
    """

    def __init__(self, client: OnlineClient, state_of: Callable[[V], S]) -> None:
        self.client = client
        self.state_of = state_of
        self._state: tuple[V, S] | None = None
        """The last view and its state, so the same view gives the very same state."""

    @property
    def seat(self) -> int | None:
        """This client's seat; ``None`` for a watcher."""
        return self.client.seat

    @property
    def seats(self) -> list[Seat]:
        return [Seat.from_recorded(info.name, info.kind) for info in self.client.seats]

    @property
    def humans(self) -> list[int]:
        """Only this client's own seat is played at this keyboard."""
        return [] if self.client.seat is None else [self.client.seat]

    def _view(self) -> V:
        view: V | None = self.client.view
        if view is None:
            raise GameError(_("the host has not sent the game yet"))
        return view

    @property
    def state(self) -> S:
        """The state of this seat's view: what it may not see is blank."""
        view = self._view()
        if self._state is None or self._state[0] is not view:
            self._state = (view, self.state_of(view))
        return self._state[1]

    @property
    def events(self) -> list[E]:
        events: list[E] = self.client.events
        return events

    @property
    def to_act(self) -> int | None:
        """Whose decision the game waits for, as the host said."""
        return self.client.to_act

    @property
    def path(self) -> Path | None:
        """The host saves the game; nothing is saved here."""
        return None

    @property
    def actions(self) -> Sequence[Action] | None:
        """The host keeps the markers; a replay here finds the actions by the rules."""
        return None

    def view(self, seat: int) -> V:
        """This seat's view (a watcher's is ``WATCHER``'s), as the host sent it; only the
        host knows the others'."""
        own = WATCHER if self.client.seat is None else self.client.seat
        if seat != own:
            raise NotKnownHere(_("only the host knows what another seat sees"))
        return self._view()

    def is_bot_turn(self) -> bool:
        return False

    def bot_command(self) -> C:
        raise NotKnownHere(_("bots play on the host"))

    def play(self, command: C) -> list[E]:
        raise GameError(_("online, commands go to the host"))

    def undo_plan(self) -> UndoPlan | None:
        return None

    def undo(self) -> UndoPlan | None:
        return None

    def redo(self) -> list[E]:
        return []

    def close(self) -> None:
        """The connection is the client's to close; nothing is held open here."""


def view_state(view: Any) -> Any:
    """The state a view shows, what the seat may not see blank in it: every game's
    view (``GameType.privacy.view_type``) holds it as ``state``."""
    return view.state
