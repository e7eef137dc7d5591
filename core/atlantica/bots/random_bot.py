"""The ``random`` bot: a uniformly random legal command (the plain baseline).

Passing is one command among the many actions, so it passes only now and
then, as ArkantiS's random bot does. At scoring (``final_choices = ask``) it
takes the best choices, which leave it nothing to get wrong.
"""

from __future__ import annotations

import random

from core.atlantica.bots.common import scoring_choice
from core.atlantica.commands import AnyCommand
from core.atlantica.legal_commands import command_table
from core.atlantica.view import PlayerView


class RandomBot:
    name = "random"

    def decide(self, view: PlayerView, rng: random.Random) -> AnyCommand:
        state = view.state
        if state.phase == "scoring":
            return scoring_choice(state, view.seat)
        # The lazy table builds the one command chosen; the choice is the one
        # rng.choice would make from the whole list (a length, then an index).
        return rng.choice(command_table(state))
