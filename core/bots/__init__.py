"""Computer opponents. Each decides from a player's view only (``view_for``)."""

from core.bot_settings import BotSettings
from core.bots.base import Bot, bot_names, make_bot

__all__ = ["Bot", "BotSettings", "bot_names", "make_bot"]
