"""What a bot is, and how a game's bots are chosen by name.

A game lists its bots in its descriptor (``GameType.bots``): a plain mapping
from name to factory, built where the bots are defined, so that nothing
registers itself on import. A bot decides from one seat's view alone.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeVar

from core.kernel.bot_settings import BotSettings
from core.kernel.i18n import _

DEFAULT_SETTINGS = BotSettings()

V_contra = TypeVar("V_contra", contravariant=True)
C_co = TypeVar("C_co", covariant=True)


class Bot(Protocol[V_contra, C_co]):
    """A decision function: the next command for the seat whose view it is given."""

    name: str

    def decide(self, view: V_contra, rng: random.Random) -> C_co: ...


BotFactory = Callable[[BotSettings], Any]
"""Makes a bot from the search settings (bots that do not search ignore them)."""


def bot_names_in(bots: Mapping[str, BotFactory]) -> list[str]:
    return sorted(bots)


def make_bot_from(
    bots: Mapping[str, BotFactory], name: str, settings: BotSettings = DEFAULT_SETTINGS
) -> Any:
    """The bot called ``name``; raises ``ValueError`` listing the names that exist."""
    try:
        factory = bots[name]
    except KeyError:
        raise ValueError(
            _("unknown bot {name} (choose from {names})").format(
                name=repr(name), names=", ".join(sorted(bots))
            )
        ) from None
    return factory(settings)
