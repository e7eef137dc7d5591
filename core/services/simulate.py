"""Headless games between bots (``atlantis simulate``), for any game.

The game comes as its descriptor (``GameType``): its bots by name, its setup,
rules and result. Seats are rotated fairly: game *g* seats the bots shifted
by *g*, so each bot plays every seat equally often over a multiple of the
player count. Each game is set up from a secret derived from the run's seed
and its number (``secret_from_seed``), and each bot draws from its seat's
stream of that secret, so a run is reproducible whatever the number of
processes. Saved games are numbered on from the highest ``game-NNNNN`` the
folder already holds, so a second run into the same folder adds to the first
instead of stopping on its files.

With several processes the descriptor is sent to each of them: a game's
descriptor must pickle (module-level functions, no lambdas).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from core.kernel.bot_settings import BotSettings
from core.kernel.bots import DEFAULT_SETTINGS, chooser_of, make_bot_from
from core.kernel.chance import bot_random, secret_from_seed
from core.kernel.events import Action
from core.kernel.registry import AnyGameType
from core.kernel.save_names import simulation_number, simulation_save_name
from core.kernel.savefile import make_header, write_save

Bot = Any
"""A bot of the game being played (``core.kernel.bots.Bot`` of its view and commands)."""


class GameRecord(msgspec.Struct, frozen=True):
    """One finished game: who sat where, the scores, winners and turns played."""

    number: int
    seed: int
    bots: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    turns: int
    decision_seconds: tuple[tuple[float, ...], ...] = ()
    """Per seat, how long each of its decisions took (when timed)."""
    searches: tuple[tuple[int, float], ...] = ()
    """Per seat, (iterations, seconds) its searches ran, for bots that search (when timed)."""


class BotSummary(msgspec.Struct, frozen=True):
    bot: str
    seats: int
    wins: float
    win_rate: float
    win_rate_low: float
    win_rate_high: float
    mean_score: float
    mean_turns: float
    median_decision_seconds: float | None = None
    iterations_per_second: float | None = None
    """Search iterations per second of searching, for bots that search (when timed)."""


def seating(bots: Sequence[str], number: int) -> tuple[str, ...]:
    """Game ``number``'s seats: the list of bots rotated by the game number."""
    shift = number % len(bots)
    return tuple(bots[shift:]) + tuple(bots[:shift])


def game_seed(seed: int, number: int) -> int:
    return random.Random(seed * 1_000_003 + number).getrandbits(32)


class PlayedGame(msgspec.Struct):
    """A game played to its end: its events, the state they fold to, the commands given
    and the action each one made (where its events begin: the save's markers)."""

    events: list[Any]
    state: Any
    commands: int = 0
    actions: list[Action] = msgspec.field(default_factory=list)


def turns_played(game: AnyGameType, played: PlayedGame) -> int:
    """The turns a game played, as the game counts them (else the commands given)."""
    if game.play.turn_count is not None:
        return game.play.turn_count(played.state)
    return played.commands


def play_from(
    game: AnyGameType,
    opening: Sequence[Any],
    bots: Sequence[Bot],
    rngs: Sequence[random.Random],
    timed: bool = False,
    trusted: bool = False,
) -> tuple[PlayedGame, list[list[float]]]:
    """Play on from the events ``opening`` to the end, one bot and one generator per
    seat; each bot sees only its view, or the legal commands of its seat when it
    chooses from them alone (``CommandsBot``). Every command is judged in full (``decide``),
    unless ``trusted``: bots whose commands come from the game's move generator
    (the benchmark's). Also returns, when ``timed``, how long each seat's decisions
    took."""
    events = list(opening)
    state = game.fold(events)
    durations: list[list[float]] = [[] for _ in bots]
    commands = 0
    actions: list[Action] = []
    is_over, to_act, view_for = game.is_over, game.to_act, game.privacy.view_for
    decide = game.decide_trusted if trusted else game.decide
    advance = game.play.evolve_all or game.advance
    # A bot that chooses from the legal commands alone is given them, not a view
    # (building a view would be most of its decision's cost).
    choosers = [chooser_of(bot) for bot in bots]
    commands_of = game.play.bot_commands or game.legal_commands
    while not is_over(state):
        seat = to_act(state)
        assert seat is not None
        choose = choosers[seat]
        if choose is not None:
            start = time.perf_counter() if timed else 0.0
            command = choose(commands_of(state), rngs[seat])
        else:
            view = view_for(state, seat)  # built outside the bot's time, as it always was
            start = time.perf_counter() if timed else 0.0
            command = bots[seat].decide(view, rngs[seat])
        if timed:
            durations[seat].append(time.perf_counter() - start)
        caused = decide(state, command)
        state = advance(state, caused)
        actions.append(Action(len(events), seat, len(caused)))
        events += caused
        commands += 1
    return PlayedGame(events, state, commands, actions), durations


def player_names(bots: Sequence[Bot]) -> tuple[str, ...]:
    """The names bots play under: their own and their seat (``greedy-2``)."""
    return tuple(f"{bot.name}-{seat + 1}" for seat, bot in enumerate(bots))


def play_game(
    game: AnyGameType,
    bots: Sequence[Bot],
    secret: str,
    names: Sequence[str] | None = None,
    timed: bool = False,
    options: Any = None,
) -> tuple[PlayedGame, list[list[float]]]:
    """Play one game between ``bots`` (one per seat) with the rule ``options`` (the
    game's defaults if ``None``), its chance and the bots' keyed by ``secret``."""
    names = tuple(names or player_names(bots))
    chosen = options if options is not None else game.default_options()
    opening = game.setup(names, chosen, secret)
    rngs = [bot_random(secret, seat) for seat in range(len(bots))]
    return play_from(game, opening, bots, rngs, timed)


def next_save_number(directory: str | Path) -> int:
    """The number after the highest ``game-NNNNN`` save in ``directory`` (0 if none),
    whether its name names its game or was saved before names did."""
    folder = Path(directory)
    if not folder.is_dir():
        return 0
    numbers = [
        number for path in folder.iterdir() if (number := simulation_number(path.name)) is not None
    ]
    return max(numbers, default=-1) + 1


@dataclass(frozen=True)
class _Job:
    """One game of a run, as sent to a worker process (so the descriptor must pickle)."""

    game: AnyGameType
    number: int
    seed: int
    seats: tuple[str, ...]
    settings: BotSettings
    save_dir: str | None
    timed: bool
    options: Any
    file_number: int = 0
    """The number in the saved game's name (the folder's numbering goes on)."""


def _play_numbered(job: _Job) -> GameRecord:
    game, number, seed, seats, timed = job.game, job.number, job.seed, job.seats, job.timed
    bots = [make_bot_from(game.play.bots, name, job.settings) for name in seats]
    played, durations = play_game(
        game, bots, secret_from_seed(seed), timed=timed, options=job.options
    )
    if job.save_dir is not None:
        path = Path(job.save_dir) / simulation_save_name(job.file_number, game.id)
        header = make_header(
            game.id,
            game.default_options() if job.options is None else job.options,
            player_names(bots),
            0,
            tuple(f"bot:{name}" for name in seats),
        )
        write_save(path, header, played.events, played.actions)
    result = game.result(played.state)
    return GameRecord(
        number,
        seed,
        seats,
        result.scores,
        result.winners,
        turns_played(game, played),
        tuple(tuple(seconds) for seconds in durations),
        tuple(search_totals(bot) for bot in bots) if timed else (),
    )


def search_totals(bot: Bot) -> tuple[int, float]:
    """(iterations, seconds) a searching bot has run so far; (0, 0.0) for the others."""
    return getattr(bot, "searched_iterations", 0), getattr(bot, "searched_seconds", 0.0)


def run(
    game: AnyGameType,
    games: int,
    bots: Sequence[str],
    seed: int,
    jobs: int = 1,
    save_dir: str | None = None,
    timed: bool = False,
    on_game: Callable[[GameRecord], None] | None = None,
    settings: BotSettings = DEFAULT_SETTINGS,
    options: Any = None,
) -> list[GameRecord]:
    """Play ``games`` games of ``game`` with the rule ``options`` (the game's defaults
    if ``None``); ``on_game`` hears each as it finishes (for progress). Saved games
    are numbered on from those ``save_dir`` already holds (see ``next_save_number``);
    the games themselves are the same."""
    for name in bots:
        make_bot_from(game.play.bots, name)  # fail early, with the list of names, on a typo
    chosen = options if options is not None else game.default_options()
    first_file = next_save_number(save_dir) if save_dir is not None else 0
    jobs_list = [
        _Job(
            game,
            number,
            game_seed(seed, number),
            seating(bots, number),
            settings,
            save_dir,
            timed,
            chosen,
            first_file + number,
        )
        for number in range(games)
    ]
    records: list[GameRecord] = []
    results: Iterator[GameRecord]
    if jobs <= 1:
        results = map(_play_numbered, jobs_list)
        for record in results:
            records.append(record)
            if on_game is not None:
                on_game(record)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for record in pool.map(_play_numbered, jobs_list, chunksize=4):
                records.append(record)
                if on_game is not None:
                    on_game(record)
    return sorted(records, key=lambda record: record.number)


def wilson_interval(wins: float, total: int, z: float = 1.96) -> tuple[float, float]:
    """95% confidence interval of a win rate (Wilson score interval)."""
    if total == 0:
        return 0.0, 0.0
    rate = wins / total
    denominator = 1 + z * z / total
    centre = (rate + z * z / (2 * total)) / denominator
    spread = z * math.sqrt(rate * (1 - rate) / total + z * z / (4 * total * total)) / denominator
    return max(0.0, centre - spread), min(1.0, centre + spread)


def summarize(records: Sequence[GameRecord]) -> list[BotSummary]:
    """Per bot name: seats played, wins (a tie shares the win), win rate, mean score."""
    seats: dict[str, int] = {}
    wins: dict[str, float] = {}
    scores: dict[str, int] = {}
    turns: dict[str, int] = {}
    timings: dict[str, list[float]] = {}
    searched: dict[str, list[float]] = {}
    for record in records:
        share = 1 / len(record.winners)
        for seat, name in enumerate(record.bots):
            seats[name] = seats.get(name, 0) + 1
            scores[name] = scores.get(name, 0) + record.scores[seat]
            turns[name] = turns.get(name, 0) + record.turns
            if record.decision_seconds:
                timings.setdefault(name, []).extend(record.decision_seconds[seat])
            if record.searches and record.searches[seat][0]:
                totals = searched.setdefault(name, [0.0, 0.0])
                totals[0] += record.searches[seat][0]
                totals[1] += record.searches[seat][1]
            if seat in record.winners:
                wins[name] = wins.get(name, 0.0) + share
    summaries = []
    for name in sorted(seats, key=lambda n: -wins.get(n, 0.0) / seats[n]):
        won = wins.get(name, 0.0)
        low, high = wilson_interval(won, seats[name])
        count = seats[name]
        summaries.append(
            BotSummary(
                name,
                count,
                won,
                won / count,
                low,
                high,
                scores[name] / count,
                turns[name] / count,
                statistics.median(timings[name]) if timings.get(name) else None,
                searched[name][0] / searched[name][1] if searched.get(name) else None,
            )
        )
    return summaries
