"""An ArkantiS game played here, for the screens' tests (``tests/shell/local_session.py``)."""

from __future__ import annotations

from core.arkantis.commands import AnyCommand
from core.arkantis.events import AnyEvent
from core.arkantis.game_type import ARKANTIS
from core.arkantis.options import Options
from core.arkantis.state import State
from core.arkantis.view import PlayerView
from tests.shell.local_session import LocalSession as AnyLocalSession


class LocalSession(AnyLocalSession[State, AnyEvent, AnyCommand, PlayerView, Options]):
    """A ArkantiS game, its seats and its bots."""

    GAME = ARKANTIS
