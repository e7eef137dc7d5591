"""ArkantiS's computer opponents. Each decides from a player's view only (``view_for``).

``BOTS`` is the list the descriptor gives the kernel.
"""

from __future__ import annotations

from core.arkantis.bots.random_bot import RandomBot
from core.kernel.bot_settings import BotSettings
from core.kernel.bots import BotFactory


def _random(settings: BotSettings) -> RandomBot:
    return RandomBot()


BOTS: dict[str, BotFactory] = {"random": _random}
"""Named factories, module-level functions so that the descriptor pickles."""

__all__ = ["BOTS"]
