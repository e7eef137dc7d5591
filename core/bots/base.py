"""What a bot is, and the registry the app and the command line choose from."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from core.bot_settings import BotSettings
from core.commands import AnyCommand
from core.i18n import _
from core.view import PlayerView

DEFAULT_SETTINGS = BotSettings()


class Bot(Protocol):
    """A decision function: the next command for the seat whose view it is given."""

    name: str

    def decide(self, view: PlayerView, rng: random.Random) -> AnyCommand: ...


_REGISTRY: dict[str, Callable[[BotSettings], Bot]] = {}


def register(name: str, factory: Callable[[BotSettings], Bot]) -> None:
    _REGISTRY[name] = factory


def bot_names() -> list[str]:
    _load_all()
    return sorted(_REGISTRY)


def make_bot(name: str, settings: BotSettings = DEFAULT_SETTINGS) -> Bot:
    """A bot by name; raises ``ValueError`` listing the names that exist."""
    _load_all()
    try:
        return _REGISTRY[name](settings)
    except KeyError:
        raise ValueError(
            _("unknown bot {name} (choose from {names})").format(
                name=repr(name), names=", ".join(sorted(_REGISTRY))
            )
        ) from None


def _load_all() -> None:
    # Imported here so that each bot module can register itself without cycles.
    from core.bots import expert_bot, greedy_bot, random_bot  # noqa: F401
