"""The Atlantica game screen for a seat of a hosted game (``atlantis join``), or a watcher.

It is the usual game screen, given a ``RemoteSession``: the same board, players,
hand, action builder, preview and scoring dialog, with what every online seat
does alike (``atlantis_tui.online.seat_screen``); hints are off since the
expert would think from a view whose hidden cards are blanks. With
``final_choices = ask`` each seat chooses its own releases in its own dialog,
when the host says the game waits for it (E3, E5); a refused choice opens the
dialog again. The join lines are ``J`` here: ``j`` pays with a pair (T2.5).

Every count of cards in hand and hired, the piles' sizes and the ship piles' tops
are read from the view the host sent (``table_for``): a hand this seat may not see
is blank cards here, whose ids only the host knows (L4).
"""

from __future__ import annotations

from rich.text import Text

from atlantis_tui.games.atlantica.game_screen import GameScreen
from atlantis_tui.online.remote import RemoteSession
from atlantis_tui.online.seat_screen import OnlineSeat, online_bindings
from core.atlantica.commands import AnyCommand
from core.atlantica.events import AnyEvent
from core.atlantica.state import State
from core.atlantica.view import PlayerView

AtlanticaRemote = RemoteSession[State, AnyEvent, AnyCommand, PlayerView]
"""A seat of an Atlantica game hosted elsewhere."""


class OnlineGameScreen(OnlineSeat, GameScreen):
    """One seat (or a watcher) of an Atlantica game hosted elsewhere."""

    MOVE_ACTIONS = frozenset({"clear"})

    # Not j, as in the other games: j pays with a pair here (T2.5).
    BINDINGS = online_bindings(join_key="J")

    def seat_ready(self) -> None:
        # The shell asks once per position, and again after a refusal: the scoring
        # dialog opens as often, a refused choice to be made again.
        self._choosing_shown = None
        super().seat_ready()

    def _preview_panel_text(self, your_turn: bool) -> Text:
        text = super()._preview_panel_text(your_turn)
        # Above the usual lines: the game waits for someone else, not for this seat.
        return text if self.current_command() is not None else self.with_waiting(text)
