"""Whose turn it is and whose eyes the screen is drawn for."""

from __future__ import annotations

from typing import Any

from atlantis_tui.session_protocol import WATCHER, Session
from core.kernel.registry import AnyGameType


class Seats:
    """The seat at the keyboard (``viewer``) and who may act now.

    A lone human always sees his own hand; in hot-seat play (two humans or more)
    the hand-over curtain decides who sits at the keyboard.
    """

    GAME: AnyGameType
    """The game the screen plays (its descriptor)."""
    session: Session[Any, Any, Any, Any]
    viewer: int | None
    show_all_hands: bool
    _busy: bool
    """A bot is thinking (or, online, the host has a command to judge)."""

    def game_over(self) -> bool:
        """Whether the session's game is over."""
        return bool(self.GAME.is_over(self.session.state))

    def player_name(self, seat: int) -> str:
        """The name of the player at ``seat``."""
        return self.session.seats[seat].name

    def _initial_viewer(self) -> int | None:
        humans = self.session.humans
        return humans[0] if len(humans) == 1 else None

    def _hot_seat(self) -> bool:
        return len(self.session.humans) > 1

    def _human_to_act(self) -> int | None:
        """The seat at the keyboard, if it is its turn to act now; else None."""
        seat = self.session.to_act
        if seat is None or self.session.is_bot_turn() or self._busy:
            return None
        if seat not in self.session.humans:
            return None
        if self._hot_seat() and seat != self.viewer:
            return None
        return seat

    def shown_hand(self) -> int | None:
        """Whose hand the hand panel draws: the viewer's; the player to act's once every
        hand is shown or the game is over."""
        if self.show_all_hands or self.game_over():
            to_act = self.session.to_act
            return to_act if to_act is not None else self.viewer
        return self.viewer

    def _log_viewer(self) -> int | None:
        """Whose eyes the log is written for: a lone human, or nobody's hand at all."""
        if self.GAME.open_hands_in(self.session.state):
            return None
        humans = self.session.humans
        if len(humans) == 1:
            return humans[0]
        return WATCHER if humans else None
