"""A game played on a host, seen from one client, shaped like a local ``GameSession``.

The game screen reads a session's state, events and seats; this one takes
them from an ``OnlineClient``: the events the host sent (filtered for this
seat) and the view it sent. Nothing is played locally, nothing is saved
here (the host saves), there are no bots to run and no undo.
"""

from __future__ import annotations

from msgspec.structs import replace

from atlantis_tui.online.client import OnlineClient
from atlantis_tui.session import GameSession, Seat, UndoPlan
from core.atlantis.commands import AnyCommand
from core.atlantis.events import AnyEvent
from core.atlantis.items import ITEM_COUNT
from core.atlantis.state import State
from core.atlantis.view import PlayerView
from core.kernel.errors import AtlantisError
from core.kernel.i18n import _


def shown_state(view: PlayerView) -> State:
    """The view's state with every hidden hand, and the draw pile, as large as they are.

    A view blanks other hands and the pile; the players panel counts cards with
    ``hand_size`` and the pile with ``len(deck)``, so each hidden hand becomes
    its size in one pile, and the pile as many placeholder cards. Only the
    counts are real, and the screen never shows another seat's cards online.
    """
    state = view.state
    hands = tuple(
        hand if sum(hand) or not size else (size,) + (0,) * (ITEM_COUNT - 1)
        for hand, size in zip(state.hands, view.hand_sizes, strict=True)
    )
    deck = state.deck if len(state.deck) == view.deck_size else (0,) * view.deck_size
    if hands == state.hands and deck is state.deck:
        return state
    return replace(state, hands=hands, deck=deck)


class RemoteSession(GameSession):
    """The client's side of a hosted game."""

    def __init__(self, client: OnlineClient) -> None:
        # Deliberately not GameSession.__init__: there is no local game to fold or save.
        self.client = client
        self.writer = None
        self.bots = {}
        self.bot_rngs = {}
        self.redo_stack = []
        self._shown: tuple[PlayerView, State] | None = None

    @property
    def seats(self) -> list[Seat]:
        return [Seat.from_recorded(info.name, info.kind) for info in self.client.seats]

    @seats.setter
    def seats(self, _value: list[Seat]) -> None:
        raise AttributeError("the host decides the seats")

    @property
    def state(self) -> State:
        view = self.client.view
        if view is None:
            raise AtlantisError(_("the host has not sent the game yet"))
        if self._shown is None or self._shown[0] is not view:
            self._shown = (view, shown_state(view))
        return self._shown[1]

    @property
    def events(self) -> list[AnyEvent]:
        return self.client.events

    @property
    def humans(self) -> list[int]:
        """Only this client's own seat is played at this keyboard."""
        return [] if self.client.seat is None else [self.client.seat]

    @property
    def seat(self) -> int | None:
        return self.client.seat

    def is_bot_turn(self) -> bool:
        return False

    def play(self, command: AnyCommand) -> list[AnyEvent]:
        raise AtlantisError(_("online, commands go to the host"))

    def undo_plan(self) -> UndoPlan | None:
        return None

    def close(self) -> None:
        pass
