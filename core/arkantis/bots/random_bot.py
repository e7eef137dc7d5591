"""The ``random`` bot: a uniformly random legal command (the plain baseline).

It draws from ``CommandTable``, the legal commands in their list's order made
only when picked, so it chooses what ``rng.choice(legal_commands(state))``
would without building a thousand commands to keep one.
"""

from __future__ import annotations

import random

from core.arkantis.bots.common import check_options
from core.arkantis.commands import AnyCommand
from core.arkantis.legal_commands import CommandTable
from core.arkantis.view import PlayerView


class RandomBot:
    """Chooses from the legal commands alone (a ``CommandsBot``): bot games give it
    the seat's ``CommandTable`` and build no view."""

    name = "random"

    def decide(self, view: PlayerView, rng: random.Random) -> AnyCommand:
        return self.choose(CommandTable(view.state), rng)

    def choose(self, commands: CommandTable, rng: random.Random) -> AnyCommand:
        check_options(commands.options)
        return rng.choice(commands)
