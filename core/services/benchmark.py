"""The engine benchmark behind ``atlantis bench``, for any game.

It plays complete games with the most seats the game takes, every seat its
``random`` bot, on one core, and measures, separately: games per second
(from a game's opening events to its end, deciding and applying every
command; the bots' commands take ``decide``'s trusted path, as in bot-only
play), mean turns per game, the time to rebuild a finished game's state from
its events (``fold``), for a game that has one (``GameType.play.preview``) the time
of one preview, and the time to set a game up.

Game *i* of a run is set up from the secret ``secret_from_seed(seed + i)``,
so a run is reproducible from its seed. The setups are timed apart, before
the games are played: their chance is drawn from keyed streams
(``core.kernel.chance``), whose cost is the chance module's, not the rules'.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

import msgspec

from core.kernel.bots import make_bot_from
from core.kernel.chance import secret_from_seed
from core.kernel.registry import AnyGameType
from core.services.simulate import PlayedGame, play_from, turns_played

PLAYERS = ("Ann", "Bob", "Cleo", "Dan", "Eve")
BENCH_BOT = "random"
"""The bot every seat plays: the cheapest legal play, so the engine's cost shows."""
PREVIEW_SAMPLE_GAMES = 20
PREVIEW_EVERY = 7
"""Previews are timed in the states after every 7th event of the first 20 games."""


class BenchResult(msgspec.Struct, frozen=True):
    """Each figure on the wall clock, and its ``cpu_`` twin on this process's CPU clock:
    on a busy machine the wall clock counts the time others took, the CPU clock not."""

    random_games_per_second: float
    mean_turns_per_game: float
    fold_ms_per_game: float
    preview_us_per_call: float
    """0 for a game without a preview."""
    setup_ms_per_game: float = 0.0
    cpu_random_games_per_second: float = 0.0
    cpu_fold_ms_per_game: float = 0.0
    cpu_preview_us_per_call: float = 0.0
    cpu_setup_ms_per_game: float = 0.0


class _Clocks:
    """The wall clock and the process's CPU clock, read together."""

    def __init__(self) -> None:
        self.wall = time.perf_counter()
        self.cpu = time.process_time()

    def elapsed(self) -> tuple[float, float]:
        """Seconds since the start: (wall, CPU); never zero, to divide by."""
        wall = time.perf_counter() - self.wall
        cpu = time.process_time() - self.cpu
        return max(wall, 1e-9), max(cpu, 1e-9)


def seat_names(count: int) -> tuple[str, ...]:
    """Names for ``count`` seats (only told apart; the benchmark never shows them)."""
    return tuple(PLAYERS[seat] if seat < len(PLAYERS) else f"{seat + 1}" for seat in range(count))


def opening(game: AnyGameType, seed: int, players: Sequence[str] | None = None) -> list[Any]:
    """The events that open benchmark game ``seed``: the most seats, default options."""
    names = tuple(players) if players is not None else seat_names(game.players.most)
    return list(game.setup(names, game.default_options(), secret_from_seed(seed)))


def play_random_game(game: AnyGameType, seed: int, events: list[Any] | None = None) -> PlayedGame:
    """Game ``seed`` played to its end by ``random`` bots, from its ``opening``
    (``events``, when it was made beforehand); reproducible from ``seed``."""
    bot = make_bot_from(game.play.bots, BENCH_BOT)
    rng = random.Random(seed)  # one generator for every seat, as the bench always had
    seats = game.players.most
    opening_events = events if events is not None else opening(game, seed)
    # The bot's commands come from the move generator: decide's trusted path.
    played, _durations = play_from(game, opening_events, [bot] * seats, [rng] * seats, trusted=True)
    return played


def _sample_states(game: AnyGameType, events: list[Any]) -> list[Any]:
    """States along a game, to time previews in positions that really occur."""
    states = []
    state = game.fold(events[:1])
    for index, event in enumerate(events[1:], start=1):
        state = game.evolve(state, event)
        if index % PREVIEW_EVERY == 0 and not game.is_over(state):
            states.append(state)
    return states


def run(game: AnyGameType, games: int = 200, seed: int = 1) -> BenchResult:
    """Play ``games`` games of ``game``, then time folding them and previewing."""
    clocks = _Clocks()
    openings = [opening(game, seed + index) for index in range(games)]
    setup_wall, setup_cpu = clocks.elapsed()

    played: list[PlayedGame] = []
    clocks = _Clocks()
    for index, events in enumerate(openings):
        played.append(play_random_game(game, seed + index, events))
    play_wall, play_cpu = clocks.elapsed()
    turns = statistics.fmean(turns_played(game, one) for one in played)

    clocks = _Clocks()
    for one in played:
        game.fold(one.events)
    fold_wall, fold_cpu = clocks.elapsed()

    preview_wall = preview_cpu = 0.0
    if game.play.preview is not None:
        preview = game.play.preview
        states = [
            s for one in played[:PREVIEW_SAMPLE_GAMES] for s in _sample_states(game, one.events)
        ]
        calls = 0
        clocks = _Clocks()
        for state in states:
            calls += preview(state)
        wall, cpu = clocks.elapsed()
        preview_wall, preview_cpu = wall * 1e6 / max(calls, 1), cpu * 1e6 / max(calls, 1)
    return BenchResult(
        games / play_wall,
        turns,
        fold_wall * 1000 / games,
        preview_wall,
        setup_wall * 1000 / games,
        games / play_cpu,
        fold_cpu * 1000 / games,
        preview_cpu,
        setup_cpu * 1000 / games,
    )
