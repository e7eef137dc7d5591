"""What the Atlantis screens draw from a session: its type, and the state the players
panel and the score table count cards in.

An Atlantis session is a ``Session`` of Atlantis's own types. Its ``state``
is whole when the game is played here; for a seat of a game hosted elsewhere
it is the seat's view's state, where the other hands and the draw pile are
empty (their sizes are in the view). The players panel and the score table
count a player's cards with ``State.hand_size`` and the pile with
``len(deck)``, so for them alone each hidden hand is drawn as a pile of as
many cards as it holds (``counted_state``). Only the counts are real: the
screens never show another seat's cards online, and nothing but drawing ever
reads this state. The session itself stays as the host sent it.
"""

from __future__ import annotations

from msgspec.structs import replace

from atlantis_tui.session_protocol import Session, own_view
from core.atlantis.commands import AnyCommand
from core.atlantis.events import AnyEvent
from core.atlantis.items import ITEM_COUNT
from core.atlantis.state import State
from core.atlantis.view import PlayerView

AtlantisSession = Session[State, AnyEvent, AnyCommand, PlayerView]
"""A session of an Atlantis game, played here or hosted elsewhere."""


def counted_state(state: State, view: PlayerView) -> State:
    """``state`` with every hand it hides as large as ``view`` says (for counting only).

    A whole state (a game played here) is returned as it is.
    """
    hands = tuple(
        hand if sum(hand) == size else (size,) + (0,) * (ITEM_COUNT - 1)
        for hand, size in zip(state.hands, view.hand_sizes, strict=True)
    )
    deck = state.deck if len(state.deck) == view.deck_size else (0,) * view.deck_size
    if hands == state.hands and deck is state.deck:
        return state
    return replace(state, hands=hands, deck=deck)


class CountedStates:
    """``counted_state`` of a session's state, worked out once per state.

    The same state gives the very same object, so that a panel that redraws only
    for a new state (by identity) is not redrawn for nothing.
    """

    def __init__(self) -> None:
        self._last: tuple[State, State] | None = None

    def __call__(self, session: AtlantisSession) -> State:
        state = session.state
        if self._last is None or self._last[0] is not state:
            self._last = (state, counted_state(state, own_view(session)))
        return self._last[1]
