"""Atlantis games between bots from a plain seed: the tables tests rebuild by number.

``atlantis simulate`` sets its games up from secrets (``core.services.simulate``);
this plays the older way, chance from ``random.Random(seed)`` and each seat's
bot from ``random.Random(seed * 31 + seat)``, so that a seed keeps naming the
same game (the test scenes, the damaged-save cases) whatever the kernel does.
The game is played by the kernel's loop and handed back as a ``Game``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from core.atlantis.bots import Bot
from core.atlantis.commands import AnyCommand
from core.atlantis.events import AnyEvent
from core.atlantis.game_type import ATLANTIS
from core.atlantis.options import DEFAULT_OPTIONS, Options
from core.atlantis.setup import new_game
from core.atlantis.state import State
from core.kernel.game import Game
from core.services.simulate import play_from


def play_game(
    bots: Sequence[Bot],
    seed: int,
    names: Sequence[str] | None = None,
    timed: bool = False,
    options: Options = DEFAULT_OPTIONS,
) -> tuple[Game[State, AnyEvent, AnyCommand], list[list[float]]]:
    """Play one game between ``bots`` (one per seat) with the rule ``options``; bots
    see only their views. Also returns, when ``timed``, each seat's decision times."""
    names = tuple(names or (f"{bot.name}-{seat + 1}" for seat, bot in enumerate(bots)))
    rngs = [random.Random(seed * 31 + seat) for seat in range(len(bots))]
    played, durations = play_from(ATLANTIS, new_game(names, seed, options), bots, rngs, timed)
    return Game(ATLANTIS, played.events, actions=played.actions), durations
