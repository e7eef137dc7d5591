"""A seat played headless by a bot from a client (``atlantis join --bot``): tests and load."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from atlantis_tui.online.client import OnlineClient
from atlantis_tui.online.protocol import Error, Refused, Update, Welcome
from core.kernel.bot_settings import BotSettings
from core.kernel.bots import make_bot_from
from core.kernel.errors import AtlantisError
from core.kernel.i18n import _

MAX_REFUSALS = 3
"""Refusals in a row before the bot gives up (a race with a rejoin costs at most one)."""


class BotRefused(AtlantisError):
    """The host refused the bot's command (the host and the bot disagree on the rules)."""


async def play_seat(client: OnlineClient, bot_name: str, settings: BotSettings, seed: int) -> Any:
    """Play the client's seat with bot ``bot_name`` (one of the game's bots, ``ValueError``
    otherwise) until the game is over; the seat's final view.

    The client has connected: the host has named the game.
    """
    assert client.game is not None
    bot = make_bot_from(client.game.bots, bot_name, settings)
    rng = random.Random(seed)
    acted_at = -1  # the event count at which we last sent a command
    refusals = 0
    async for message in client.messages():
        if isinstance(message, Refused):
            refusals += 1
            if refusals >= MAX_REFUSALS:
                raise BotRefused(
                    _("the host refused the bot's move: {rule}: {reason}").format(
                        rule=message.rule, reason=message.reason
                    )
                )
            acted_at = -1
        if isinstance(message, Update):
            refusals = 0
        if isinstance(message, Welcome | Error):
            # Joined again, or somebody left before our command arrived: the
            # update that follows says whether to send it again.
            acted_at = -1
            continue
        if client.is_over:
            break
        if client.my_turn and acted_at != len(client.events):
            assert client.view is not None
            acted_at = len(client.events)
            command = await asyncio.to_thread(bot.decide, client.view, rng)
            await client.act(command)
    await client.close()
    assert client.view is not None
    return client.view
