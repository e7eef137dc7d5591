"""Atlantica's computer opponents. Each decides from a player's view only (``view_for``).

``BOTS`` is the list the descriptor gives the kernel: ``random`` (any legal
command), ``greedy`` (the best immediate value, ``greedy_bot``) and
``expert`` (the kernel's determinized search with greedy playouts, each
judged by the final scores its end foretells, ``expert_bot`` and
``judgement``).
"""

from __future__ import annotations

from core.atlantica.bots.expert_bot import ExpertBot
from core.atlantica.bots.greedy_bot import GreedyBot
from core.atlantica.bots.random_bot import RandomBot
from core.atlantica.commands import AnyCommand
from core.atlantica.view import PlayerView
from core.kernel.bots import BotFactory, bot_list

BOTS: dict[str, BotFactory[PlayerView, AnyCommand]] = bot_list(
    plain={"random": RandomBot, "greedy": GreedyBot}, searching={"expert": ExpertBot}
)
"""The bots by name (``core.kernel.bots.bot_list``): the expert searches with the
budgets the player chose, the others need none."""

__all__ = ["BOTS"]
