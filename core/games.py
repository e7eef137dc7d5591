"""The games this program offers: the one place they are listed.

Adding a game is one line here (and its folder beside ``core/atlantis``).
Nothing is registered by importing a module.
"""

from __future__ import annotations

from core.arkantis.game_type import ARKANTIS
from core.atlantica.game_type import ATLANTICA
from core.atlantis.game_type import ATLANTIS
from core.kernel.registry import DEFAULT_GAME, GameRegistry

GAMES = GameRegistry([ATLANTIS, ARKANTIS, ATLANTICA])
"""Every game, in the order the menus offer them."""

__all__ = ["DEFAULT_GAME", "GAMES"]
