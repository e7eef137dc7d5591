"""Atlantis's computer opponents. Each decides from a player's view only (``view_for``).

``BOTS`` is the list the descriptor gives the kernel; ``make_bot`` and
``bot_names`` read it for code that knows it plays Atlantis.
"""

from __future__ import annotations

from core.atlantis.bots.expert_bot import ExpertBot
from core.atlantis.bots.greedy_bot import GreedyBot
from core.atlantis.bots.random_bot import RandomBot
from core.atlantis.commands import AnyCommand
from core.atlantis.view import PlayerView
from core.kernel.bot_settings import BotSettings
from core.kernel.bots import DEFAULT_SETTINGS, BotFactory, bot_list, bot_names_in, make_bot_from
from core.kernel.bots import Bot as AnyBot

Bot = AnyBot[PlayerView, AnyCommand]
"""An Atlantis bot: a view in, a command out."""


BOTS: dict[str, BotFactory[PlayerView, AnyCommand]] = bot_list(
    plain={"random": RandomBot, "greedy": GreedyBot}, searching={"expert": ExpertBot}
)
"""The bots by name (``core.kernel.bots.bot_list``): the expert searches with the
budgets the player chose, the others need none."""


def bot_names() -> list[str]:
    return bot_names_in(BOTS)


def make_bot(name: str, settings: BotSettings = DEFAULT_SETTINGS) -> Bot:
    """An Atlantis bot by name; raises ``ValueError`` listing the names that exist."""
    return make_bot_from(BOTS, name, settings)


__all__ = ["BOTS", "Bot", "BotSettings", "bot_names", "make_bot"]
