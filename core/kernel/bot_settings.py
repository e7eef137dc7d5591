"""How long the bots that search may think: a module of its own, outside any game's bots.

The command line builds these settings before it opens the start menu. Importing
a game's bots (``core.atlantis.bots``) would load its engine and every bot first,
and a msgspec struct would load msgspec; the menu needs neither (see
``atlantis bench-ui``). Each game's bot factories (``GameType.play.bots``) read them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class BotSettings:
    """Budgets for the bots that search; the others ignore them.

    ``time_budget`` is in seconds per decision; ``iterations``, when set, caps
    the search so that a seeded decision is reproducible on any machine.
    """

    time_budget: float | None = 1.0
    iterations: int | None = None
