"""The ``random`` bot: a uniformly random legal command (the plain baseline)."""

from __future__ import annotations

import random

from core.arkantis.commands import AnyCommand
from core.arkantis.legal_commands import legal_commands
from core.arkantis.view import PlayerView


class RandomBot:
    name = "random"

    def decide(self, view: PlayerView, rng: random.Random) -> AnyCommand:
        return rng.choice(legal_commands(view.state))
