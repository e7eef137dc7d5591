"""Computer opponents. Each decides from a player's view only (``view_for``)."""

from core.bots.base import Bot, BotSettings, bot_names, make_bot

__all__ = ["Bot", "BotSettings", "bot_names", "make_bot"]
