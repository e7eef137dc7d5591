"""A seat played headless by a bot from a client (``atlantis join --bot``): tests and load."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from atlantis_tui.online.client import OnlineClient
from atlantis_tui.online.limits import BURST, MESSAGES_PER_SECOND, RateLimit
from atlantis_tui.online.protocol import Error, Refused, Update, Welcome
from core.kernel.bot_settings import BotSettings
from core.kernel.bots import make_bot_from
from core.kernel.errors import GameError
from core.kernel.i18n import _

MAX_REFUSALS = 3
"""Refusals in a row before the bot gives up (a race with a rejoin costs at most one)."""
PACE = 0.8
"""The share of the host's rate (``limits.MESSAGES_PER_SECOND``, and of its burst) a bot
uses: a game of many quick commands, such as ArkantiS's purchases one by one, would
outrun it otherwise, and a message beyond it is dropped."""
SLOW_DOWN_SECONDS = 1.0
"""How long the bot waits before sending again a command the host dropped for rate: the
host's allowance refills meanwhile (a game of many short commands, such as ArkantiS's
purchases, can outrun it)."""


class BotRefused(GameError):
    """The host refused the bot's command (the host and the bot disagree on the rules)."""


def paced() -> RateLimit:
    """The allowance a bot keeps to, under the host's (see ``PACE``)."""
    return RateLimit(MESSAGES_PER_SECOND * PACE, BURST * PACE)


async def play_seat(client: OnlineClient, bot_name: str, settings: BotSettings, seed: int) -> Any:
    """Play the client's seat with bot ``bot_name`` (one of the game's bots, ``ValueError``
    otherwise) until the game is over; the seat's final view.

    The client has connected: the host has named the game.
    """
    assert client.game is not None
    bot = make_bot_from(client.game.play.bots, bot_name, settings)
    rng = random.Random(seed)
    acted_at = -1  # the event count at which we last sent a command
    refusals = 0
    pace = paced()
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
        if isinstance(message, Error) and message.code == "rate":
            # The command was dropped and nothing will follow it: send it again, later.
            await asyncio.sleep(SLOW_DOWN_SECONDS)
            acted_at = -1
        elif isinstance(message, Welcome | Error):
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
            await asyncio.sleep(pace.wait())
            pace.allow()
            await client.act(command)
    await client.close()
    assert client.view is not None
    return client.view
