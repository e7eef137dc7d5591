"""The play loop: whoever acts next gets the game (a bot in a worker thread, a
human behind the hot-seat curtain), and the end screen once it is over."""

from __future__ import annotations

import time
from typing import Any

from textual import work
from textual.screen import Screen

from atlantis_tui.screens.game.seats import Seats
from atlantis_tui.screens.simple import CurtainScreen
from atlantis_tui.screens.translated_keys import TranslatedKeys


class PlayLoop(Seats, TranslatedKeys, Screen[None]):
    """``advance`` after every change; a game says what its end screen is
    (``end_screen``) and what a human seat is asked as soon as it gets the game
    (``seat_ready``: a payment that cannot wait, a scoring choice)."""

    bot_delay: float

    # -- what a game provides ----------------------------------------------------------------
    def end_screen(self) -> Screen[Any]:
        """The scores, for a finished game."""
        raise NotImplementedError

    def seat_ready(self) -> None:
        """Called when a human seat has the game and the table is shown to it."""

    def refresh_all(self) -> None:
        """Draw every panel again from the session."""
        raise NotImplementedError

    def apply(self, command: Any) -> Any:
        """Play ``command`` (a bot's, here)."""
        raise NotImplementedError

    # -- the loop --------------------------------------------------------------------------
    def advance(self) -> None:
        """Hand the game to whoever acts next: a bot, a human, or the end screen."""
        if not self.is_attached:
            return  # queued before the screen left (popped, or the app closing): nothing to draw
        if self.game_over():
            self.refresh_bindings()
            self.refresh_all()
            # A refusal or a hint from the last turn would otherwise linger over the scores.
            self.app.clear_notifications()
            self.app.push_screen(self.end_screen())
            return
        seat = self.session.to_act
        if seat is None:
            return
        session = self.session
        if session.is_bot_turn():
            self._busy = True
            self.refresh_all()
            self.run_bot()
            return
        humans = session.humans
        if self._hot_seat() and seat != self.viewer and seat in humans:
            self.viewer = None
            self.refresh_all()
            self.app.push_screen(
                CurtainScreen(self.player_name(seat)), lambda _: self._reveal(seat)
            )
            return
        if seat in humans:
            self.viewer = seat
        self.refresh_all()
        self.seat_ready()

    def _reveal(self, seat: int) -> None:
        if not self.is_attached:
            return
        self.viewer = seat
        self.refresh_all()
        self.seat_ready()

    @work(thread=True, exclusive=True, group="bot")
    def run_bot(self) -> None:
        """The bot's command, worked out away from the screen, after ``bot_delay``."""
        started = time.perf_counter()
        session = self.session
        asked = session.state
        command = session.bot_command()
        pause = self.bot_delay - (time.perf_counter() - started)
        if pause > 0:
            time.sleep(pause)
        self.app.call_from_thread(self._bot_done, command, asked)

    def _bot_done(self, command: Any, asked: object) -> None:
        self._busy = False
        if self.session.state is not asked or not self.is_attached:
            # An undo changed the game while the bot was thinking, or the screen left:
            # the bot thinks again when the game is shown.
            return
        self.apply(command)

    # -- the finished board -------------------------------------------------------------------
    def action_scores(self) -> None:
        """Back to the end screen (the scores, a new game, the replay) from the board."""
        if self.game_over():
            self.app.push_screen(self.end_screen())
