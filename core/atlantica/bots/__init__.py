"""Atlantica's computer opponents (a placeholder until the bots land).

``BOTS`` holds one bot, ``random``: any legal command, chosen from the seat's
view alone. The greedy and expert bots replace this module.
"""

from __future__ import annotations

import random

from core.atlantica.commands import AnyCommand
from core.atlantica.legal_commands import legal_commands
from core.atlantica.view import PlayerView
from core.kernel.bot_settings import BotSettings
from core.kernel.bots import BotFactory


class RandomBot:
    """A uniformly random legal command (the plain baseline)."""

    name = "random"

    def decide(self, view: PlayerView, rng: random.Random) -> AnyCommand:
        return rng.choice(legal_commands(view.state))


def _random(settings: BotSettings) -> RandomBot:
    return RandomBot()


BOTS: dict[str, BotFactory] = {"random": _random}
"""Named factories, module-level functions so that the descriptor pickles."""

__all__ = ["BOTS"]
