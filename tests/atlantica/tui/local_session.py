"""An Atlantica game played here, for the screens' tests (``tests/shell/local_session.py``)."""

from __future__ import annotations

from core.atlantica.commands import AnyCommand
from core.atlantica.events import AnyEvent
from core.atlantica.game_type import ATLANTICA
from core.atlantica.options import Options
from core.atlantica.state import State
from core.atlantica.view import PlayerView
from tests.shell.local_session import LocalSession as AnyLocalSession


class LocalSession(AnyLocalSession[State, AnyEvent, AnyCommand, PlayerView, Options]):
    """A Atlantica game, its seats and its bots."""

    GAME = ATLANTICA
