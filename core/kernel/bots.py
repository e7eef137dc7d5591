"""What a bot is, and the one way a game lists its bots and they are chosen by name.

A game lists its bots in its descriptor (``GameType.play.bots``): a plain mapping
from name to factory, built where the bots are defined with ``bot_list``, so that
nothing registers itself on import. A bot decides from one seat's view alone,
or, a ``CommandsBot``, from the legal commands of the seat to act.
A factory takes the search settings (``BotSettings``): a bot that searches is made
with their budgets, the others ignore them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from core.kernel.bot_settings import BotSettings
from core.kernel.i18n import _

DEFAULT_SETTINGS = BotSettings()

V = TypeVar("V")
C = TypeVar("C")
V_contra = TypeVar("V_contra", contravariant=True)
C_co = TypeVar("C_co", covariant=True)


class Bot(Protocol[V_contra, C_co]):
    """A decision function: the next command for the seat whose view it is given."""

    name: str

    def decide(self, view: V_contra, rng: random.Random) -> C_co: ...


T_contra = TypeVar("T_contra", contravariant=True)


class CommandsBot(Protocol[T_contra, C_co]):
    """A bot that chooses from the legal commands of the seat to act alone.

    It is a ``Bot`` too (``decide`` from a view, for whoever holds only a view),
    and declares with ``choose`` that the legal commands are all it reads: the
    places that run bots (``core.services.simulate.play_from``, the benchmark,
    the app's bot turns) then give it ``GameType.play.bot_commands(state)`` and
    build no view. ``choose(commands, rng)`` must pick what ``decide(view, rng)``
    picks from the same seat's view, drawing from ``rng`` alike.

    Privacy holds: the legal commands of the seat to act are what that seat
    could list from its own view (``legal_commands(view.state)``), so a bot that
    reads them learns nothing its view would not show. The conformance kit
    checks it for every game at every position of its playouts
    (``tests/conformance/test_bot_commands.py``).
    """

    name: str

    def choose(self, commands: T_contra, rng: random.Random) -> C_co: ...


def chooser_of(bot: object) -> Callable[[Any, random.Random], Any] | None:
    """``bot.choose`` when the bot chooses from the legal commands alone (a
    ``CommandsBot``), else ``None``: it decides from a view. Read as an attribute,
    not with ``isinstance``: a protocol's check costs as much as a whole game."""
    choose = getattr(bot, "choose", None)
    return choose if callable(choose) else None


BotFactory = Callable[[BotSettings], Bot[V, C]]
"""Makes a bot from the search settings (bots that do not search ignore them)."""


@dataclass(frozen=True)
class _Plain(Generic[V, C]):
    """The factory of a bot that does not search: made alike whatever the settings.

    A value, not a closure, so that a descriptor pickles (``atlantis simulate
    --jobs`` sends it to its worker processes)."""

    make: Callable[[], Bot[V, C]]

    def __call__(self, settings: BotSettings) -> Bot[V, C]:
        return self.make()


@dataclass(frozen=True)
class _Searching(Generic[V, C]):
    """The factory of a bot that searches: made with the settings' time budget and
    iterations, in that order (``DeterminizedSearch``'s)."""

    make: Callable[[float | None, int | None], Bot[V, C]]

    def __call__(self, settings: BotSettings) -> Bot[V, C]:
        return self.make(settings.time_budget, settings.iterations)


def bot_list(
    plain: Mapping[str, Callable[[], Bot[V, C]]],
    searching: Mapping[str, Callable[[float | None, int | None], Bot[V, C]]],
) -> dict[str, BotFactory[V, C]]:
    """A game's bots by name, as its descriptor gives them (``GameType.play.bots``).

    ``plain`` are made with no argument (their classes, usually); ``searching``
    with the time budget and the iterations of the settings the player chose.
    """
    named: dict[str, BotFactory[V, C]] = {name: _Plain(make) for name, make in plain.items()}
    for name, search in searching.items():
        if name in named:
            raise ValueError(f"two bots are called {name}")
        named[name] = _Searching(search)
    return named


def bot_names_in(bots: Mapping[str, BotFactory[V, C]]) -> list[str]:
    return sorted(bots)


def make_bot_from(
    bots: Mapping[str, BotFactory[V, C]], name: str, settings: BotSettings = DEFAULT_SETTINGS
) -> Bot[V, C]:
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
