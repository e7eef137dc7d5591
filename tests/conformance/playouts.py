"""Whole games played through the descriptor alone, recorded for every check of the kit.

A playout opens a game with ``setup`` from a secret, then asks a policy for the
command of the seat to act until the game is over: ``uniform`` picks any
command of ``legal_commands`` (it resigns and ends games early as readily as it
moves), and ``bot:NAME`` lets one of the game's bots play every seat from its
view (long games, deep positions). Each playout keeps its commands, its events
and the state after each event, built one event at a time with ``evolve``.

The playouts of a game are played once per test session (``playouts``): several
secrets, every player count the game allows, every policy. They are seeded, so
a failure is the same on every run.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from core.kernel.bot_settings import BotSettings
from core.kernel.bots import make_bot_from
from core.kernel.chance import secret_from_seed
from core.kernel.registry import AnyGameType

NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hal")
BOT_SETTINGS = BotSettings(time_budget=None, iterations=4)
"""A bot that searches stops after a few iterations, not a time: fast and reproducible."""
UNIFORM_SECRETS = 3
"""Uniform playouts per player count (each from its own secret); bots play one each."""

Policy = Callable[[Any, int, random.Random], Any]
"""``policy(state, seat, rng)``: the command ``seat`` gives in ``state``."""


@dataclass(frozen=True, eq=False)
class Playout:
    """One whole game. ``states[i]`` is the state after ``events[: i + 1]``;
    ``commands[k]`` caused ``events[starts[k] : starts[k + 1]]``."""

    game: AnyGameType
    players: tuple[str, ...]
    options: Any
    secret: str
    policy: str
    commands: tuple[Any, ...]
    starts: tuple[int, ...]
    events: tuple[Any, ...]
    states: tuple[Any, ...]

    @property
    def label(self) -> str:
        return f"{self.game.id}, {len(self.players)} players, {self.policy}, {self.secret[:8]}"

    @property
    def opening(self) -> int:
        """How many events ``setup`` gave, before the first command."""
        return self.starts[0] if self.starts else len(self.events)

    def before(self, command: int) -> Any:
        """The state in which ``commands[command]`` was given."""
        return self.states[self.starts[command] - 1]

    def command_span(self, index: int) -> tuple[int, int]:
        """The events of the action ``events[index]`` belongs to: ``(first, end)``
        (the opening counts as one action)."""
        bounds = [0, *self.starts, len(self.events)]
        for first, end in itertools.pairwise(bounds):
            if first <= index < end:
                return first, end
        raise IndexError(index)


def players_for(count: int) -> tuple[str, ...]:
    return tuple(NAMES[seat] if seat < len(NAMES) else f"P{seat + 1}" for seat in range(count))


def uniform(game: AnyGameType) -> Policy:
    """Any command the move generator lists, each as likely."""

    def choose(state: Any, seat: int, rng: random.Random) -> Any:
        commands = game.legal_commands(state)
        assert commands, f"{game.id}: seat {seat} is to act and has no legal command"
        return rng.choice(commands)

    return choose


def bot_policy(game: AnyGameType, name: str) -> Policy:
    """Bot ``name`` plays every seat, each decision from that seat's view."""
    bot = make_bot_from(game.play.bots, name, BOT_SETTINGS)

    def choose(state: Any, seat: int, rng: random.Random) -> Any:
        return bot.decide(game.privacy.view_for(state, seat), rng)

    return choose


def policy_named(game: AnyGameType, name: str) -> Policy:
    return uniform(game) if name == "uniform" else bot_policy(game, name.removeprefix("bot:"))


def play(
    game: AnyGameType,
    players: tuple[str, ...],
    secret: str,
    policy: str,
    seed: int,
    options: Any = None,
) -> Playout:
    """A whole game; fails if it waits for nobody before its end, or outlasts
    ``game.play.longest_game`` commands."""
    options = game.default_options() if options is None else options
    choose = policy_named(game, policy)
    rng = random.Random(seed)
    events = list(game.setup(players, options, secret))
    assert events, f"{game.id}: setup gave no event"
    state = game.fold(events[:1])
    states = [state]
    for event in events[1:]:
        state = game.evolve(state, event)
        states.append(state)
    commands: list[Any] = []
    starts: list[int] = []
    while not game.is_over(state):
        seat = game.to_act(state)
        assert seat is not None, f"{game.id}: the game is not over and waits for nobody"
        assert len(commands) < game.play.longest_game, (
            f"{game.id}: {policy} played {len(commands)} commands without ending the game"
        )
        command = choose(state, seat, rng)
        caused = game.decide(state, command)
        assert caused, f"{game.id}: {command} caused no event"
        commands.append(command)
        starts.append(len(events))
        for event in caused:
            state = game.evolve(state, event)
            states.append(state)
        events += caused
    return Playout(
        game,
        players,
        options,
        secret,
        policy,
        tuple(commands),
        tuple(starts),
        tuple(events),
        tuple(states),
    )


def policies(game: AnyGameType) -> list[str]:
    return ["uniform", *(f"bot:{name}" for name in sorted(game.play.bots))]


@functools.cache
def playouts(game: AnyGameType) -> tuple[Playout, ...]:
    """The kit's games for ``game``: for every player count, ``UNIFORM_SECRETS``
    uniform playouts and one per bot, each from its own secret."""
    played = []
    for count in range(game.players.least, game.players.most + 1):
        runs = ["uniform"] * UNIFORM_SECRETS + policies(game)[1:]
        for number, policy in enumerate(runs):
            seed = count * 1_000 + number
            played.append(play(game, players_for(count), secret_from_seed(seed), policy, seed))
    return tuple(played)


def longest(game: AnyGameType) -> tuple[Playout, ...]:
    """For every player count, the playout with the most events (the saves' tests)."""
    best: dict[int, Playout] = {}
    for playout in playouts(game):
        count = len(playout.players)
        if count not in best or len(playout.events) > len(best[count].events):
            best[count] = playout
    return tuple(best.values())


def command_positions(game: AnyGameType, every: int = 1) -> list[tuple[Playout, int]]:
    """(playout, command number) of every ``every``-th command of every playout."""
    return [
        (playout, number)
        for playout in playouts(game)
        for number in range(0, len(playout.commands), every)
    ]
