"""Atlantica's computer opponents. Each decides from a player's view only (``view_for``).

``BOTS`` is the list the descriptor gives the kernel: ``random`` (any legal
command), ``greedy`` (the best immediate value, ``greedy_bot``) and
``expert`` (the kernel's determinized search with the greedy bot's
judgement, ``expert_bot``).
"""

from __future__ import annotations

from core.atlantica.bots.expert_bot import ExpertBot
from core.atlantica.bots.greedy_bot import GreedyBot
from core.atlantica.bots.random_bot import RandomBot
from core.kernel.bot_settings import BotSettings
from core.kernel.bots import BotFactory


def _random(settings: BotSettings) -> RandomBot:
    return RandomBot()


def _greedy(settings: BotSettings) -> GreedyBot:
    return GreedyBot()


def _expert(settings: BotSettings) -> ExpertBot:
    return ExpertBot(time_budget=settings.time_budget, iterations=settings.iterations)


BOTS: dict[str, BotFactory] = {"random": _random, "greedy": _greedy, "expert": _expert}
"""Named factories, module-level functions so that the descriptor pickles
(``atlantis simulate --jobs`` sends it to its worker processes)."""

__all__ = ["BOTS"]
