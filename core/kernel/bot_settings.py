"""How long the bots that search may think: a module of its own, outside ``core.atlantis.bots``.

The command line builds these settings before it opens the start menu. Importing
``core.atlantis.bots`` would load the engine and every bot first, and a msgspec struct
would load msgspec; the menu needs neither (see ``atlantis bench-ui``).
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
