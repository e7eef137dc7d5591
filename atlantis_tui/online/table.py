"""The game a host runs: seats with their secret codes, who is present, what each may see.

A ``Table`` wraps a ``GameSession`` (the same ``decide``/``evolve`` and the
same save file, appended per event) and adds what online play needs: one
random code per human seat, checked in constant time; presence, since the
game waits while a human seat is away; and the update each seat or watcher
may receive, projected for it by the game's descriptor (``event_for``,
``view_for``, ``with_revealed``). It does no networking, so its rules are
tested without sockets.
"""

from __future__ import annotations

import hmac
import secrets
from typing import Any

from atlantis_tui.online.protocol import SeatInfo, Update
from atlantis_tui.online.seeded import check_events
from atlantis_tui.session import GameSession
from atlantis_tui.session_protocol import WATCHER
from core.kernel.events import EventsUndone
from core.kernel.registry import AnyGameType

CODE_BYTES = 12
"""Secret codes carry 96 random bits, written in 16 URL-safe characters."""


def new_code() -> str:
    """A fresh secret code for one seat (``secrets``: unguessable, not merely random).

    A code that starts with ``-`` would read as an option on the join line, so
    such a draw is replaced by another.
    """
    while (code := secrets.token_urlsafe(CODE_BYTES)).startswith("-"):
        pass
    return code


class Table:
    """One game hosted online. Seats are indexes into ``session.seats``.

    ``game`` is the descriptor of the game the session plays: every rule and
    every projection for a seat is read from it.

    A game whose opening event holds no secret is refused (``SeededChance``):
    its chance could be worked out by anyone watching (``online.seeded``).
    """

    def __init__(
        self,
        session: GameSession,
        codes: dict[int, str] | None = None,
        game: AnyGameType | None = None,
    ) -> None:
        check_events(session.events, session.path)
        self.session = session
        self.game = game if game is not None else session.game_type
        self.codes = codes if codes is not None else {seat: new_code() for seat in session.humans}
        self.present: set[int] = set()
        self._revealed: list[Any] = []
        self._folded: Any = None

    @property
    def events(self) -> list[Any]:
        return self.session.events

    def revealed_events(self) -> list[Any]:
        """The game's events, each carrying what it made public (``with_revealed``).

        Worked out once per event, by folding along as the game grows (an undo
        marker, which only a resumed save can hold, is folded from the start).
        """
        events = self.events
        while len(self._revealed) < len(events):
            index = len(self._revealed)
            event = events[index]
            game = self.game
            if self._folded is None or isinstance(event, EventsUndone):
                self._folded = game.fold(events[: index + 1])
            else:
                self._folded = game.evolve(self._folded, event)
            self._revealed.append(game.privacy.with_revealed(event, self._folded))
        return self._revealed

    @property
    def is_over(self) -> bool:
        return self.game.is_over(self.session.state)

    def seat_for_code(self, code: str) -> int | None:
        """The human seat whose code this is, or ``None``.

        Every code is compared, each with ``hmac.compare_digest``, so the time
        taken says nothing about which seat or how many characters matched.
        """
        given = code.encode()
        found = None
        for seat, secret in self.codes.items():
            if hmac.compare_digest(given, secret.encode()):
                found = seat
        return found

    @property
    def waiting(self) -> bool:
        """The game waits while any human seat still in the game has nobody connected
        (one who resigned, E5, is not waited for).

        A game whose state has no ``resigned`` seats waits for every human seat."""
        resigned = getattr(self.session.state, "resigned", ())
        return not self.is_over and any(
            seat not in self.present and seat not in resigned for seat in self.codes
        )

    def seat_infos(self) -> tuple[SeatInfo, ...]:
        return tuple(
            SeatInfo(seat.name, seat.recorded, not seat.is_human or index in self.present)
            for index, seat in enumerate(self.session.seats)
        )

    def bot_to_act(self) -> int | None:
        """The bot seat the game waits for, when the table is complete."""
        if self.waiting or not self.session.is_bot_turn():
            return None
        return self.session.to_act

    def play(self, command: Any) -> list[Any]:
        """Apply a command checked by ``decide``; ``IllegalMove`` changes nothing."""
        return self.session.play(command)

    def update_for(self, seat: int | None, have: int) -> Update[Any, Any]:
        """The events from number ``have`` on and the state after them, as ``seat`` sees them.

        ``None`` (a watcher) sees as nobody: every hand, every draw, the pile
        order and the tiles under the top stay hidden, as from any seat.
        """
        game, state = self.game, self.session.state
        viewer = WATCHER if seat is None else seat
        # Every hand open is a rule option (``GameType.privacy.hands_open``); a game without it
        # keeps hands hidden.
        open_hands = game.open_hands_in(state)
        revealed = self.revealed_events()[have:]
        events = tuple(game.privacy.event_for(event, viewer, open_hands) for event in revealed)
        return Update(
            have,
            events,
            game.privacy.view_for(state, viewer),
            game.to_act(state),
            game.is_over(state),
        )
