"""How fast each rules engine plays, against a plain-Python playout of the same rules.

``python -m tools.engine_ratio --game {atlantis,arkantis,atlantica,all}
[--games N] [--batches 5] [--seed S] [--json]``

What is measured, per game:

- **engine**: complete games as ``atlantis bench`` plays them
  (``core.services.benchmark.play_random_game``): the most seats the game takes,
  the default rule options, every seat the ``random`` bot, each command built
  by the move generator and applied through ``decide``'s trusted path;
- **plain**: complete games of ``tools.plain_playouts.<game>.play``, a second
  implementation of the same rules in plain Python, written from the spec,
  choosing uniformly among the same commands.

Both sides' setups are made before any clock starts (engine:
``core.services.benchmark.opening``; plain: the module's ``setups``): dealing is
not what is compared (the engine's time still includes folding its opening
events into a state, a few microseconds, as the playout's includes copying
its setup). Game *i* of a run uses seed ``S + i`` on both sides (the
engine's opening and bots' generator; the plain setup and ``random.Random``);
the two sides play the same number of games from the same seeds, not the same
games.

Batches of ``--games`` games alternate, engine then plain, ``--batches`` times,
so that a change in the machine's load falls on both sides alike. Each batch is
timed with ``time.process_time`` (the CPU time of this process) and with
``time.perf_counter`` (wall time). The CPU clock is the figure to quote: the
machine is shared, and other processes' load lengthens the wall time of a
batch far more than its CPU time. The garbage collector runs before each
batch, so one side's garbage is not collected in the other side's time.

Printed per game: the milliseconds per game of each side (the median of its
batches), the ratio engine speed ÷ plain speed (games per second of the engine
divided by those of the playout: below 1 the engine is the slower), from the
CPU medians and from the wall medians, and the mean turns per game of each
side (counted as the engine counts them, ``core.services.simulate.turns_played``),
which should agree within noise if both sides play the same game.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from types import ModuleType
from typing import Any, NoReturn

from core.games import GAMES
from core.kernel.registry import AnyGameType
from core.services.benchmark import opening, play_random_game
from core.services.simulate import turns_played

GAME_IDS = ("atlantis", "arkantis", "atlantica")
"""The games that have (or will have) a plain playout, in the menus' order."""
PLAYOUTS = "tools.plain_playouts"


@dataclass(frozen=True)
class Batch:
    """One batch of games of one side: its CPU and wall seconds, and turns played."""

    cpu: float
    wall: float
    turns: list[int]


@dataclass(frozen=True)
class Ratio:
    """A game's figures: per side, median milliseconds per game over the batches
    (CPU and wall) and mean turns per game; the engine's speed over the playout's."""

    game: str
    games_per_batch: int
    batches: int
    seed: int
    engine_cpu_ms: float
    plain_cpu_ms: float
    engine_wall_ms: float
    plain_wall_ms: float
    engine_turns: float
    plain_turns: float

    @property
    def cpu_ratio(self) -> float:
        """Engine speed ÷ plain speed, from CPU time: plain time ÷ engine time."""
        return self.plain_cpu_ms / self.engine_cpu_ms

    @property
    def wall_ratio(self) -> float:
        """Engine speed ÷ plain speed, from wall time."""
        return self.plain_wall_ms / self.engine_wall_ms


def timed_batch(play: Callable[[int], int], indices: Sequence[int]) -> Batch:
    """Play the games ``indices`` with ``play`` (game index → turns), timed."""
    gc.collect()
    wall, cpu = time.perf_counter(), time.process_time()
    turns = [play(index) for index in indices]
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return Batch(cpu, wall, turns)


def median_ms(seconds: Iterable[float], games: int) -> float:
    """The median over batches of the milliseconds per game, from each batch's seconds."""
    return statistics.median(batch * 1000 / games for batch in seconds)


def measure(game: AnyGameType, playout: ModuleType, games: int, batches: int, seed: int) -> Ratio:
    """Alternate ``batches`` batches of ``games`` engine games and plain games."""
    total = games * batches
    # Setups first, before any clock: on both sides game i comes from seed + i.
    openings = [opening(game, seed + index) for index in range(total)]
    setups: list[object] = playout.setups(total, seed)
    plain_play: Callable[[object, random.Random], int] = playout.play

    def engine_game(index: int) -> int:
        return turns_played(game, play_random_game(game, seed + index, openings[index]))

    def plain_game(index: int) -> int:
        return plain_play(setups[index], random.Random(seed + index))

    engine: list[Batch] = []
    plain: list[Batch] = []
    for batch in range(batches):
        indices = range(batch * games, (batch + 1) * games)
        engine.append(timed_batch(engine_game, indices))
        plain.append(timed_batch(plain_game, indices))
    return Ratio(
        game.id,
        games,
        batches,
        seed,
        median_ms((batch.cpu for batch in engine), games),
        median_ms((batch.cpu for batch in plain), games),
        median_ms((batch.wall for batch in engine), games),
        median_ms((batch.wall for batch in plain), games),
        statistics.fmean(turn for batch in engine for turn in batch.turns),
        statistics.fmean(turn for batch in plain for turn in batch.turns),
    )


def load_playout(game_id: str) -> ModuleType | None:
    """``tools.plain_playouts.<game_id>``, or None when that module does not exist
    (an error inside an existing module is not hidden)."""
    name = f"{PLAYOUTS}.{game_id}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name == name:
            return None
        raise


def plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def report(ratio: Ratio) -> str:
    """The figures of one game, as printed."""
    first, last = ratio.seed, ratio.seed + ratio.games_per_batch * ratio.batches - 1
    return "\n".join(
        [
            f"{ratio.game}: {plural(ratio.batches, 'batch', 'batches')} of "
            f"{plural(ratio.games_per_batch, 'game', 'games')} per side, seeds {first}-{last}; "
            "median per game over the batches",
            f"  engine  {ratio.engine_cpu_ms:8.3f} ms CPU  {ratio.engine_wall_ms:8.3f} ms wall"
            f"  {ratio.engine_turns:7.2f} turns per game",
            f"  plain   {ratio.plain_cpu_ms:8.3f} ms CPU  {ratio.plain_wall_ms:8.3f} ms wall"
            f"  {ratio.plain_turns:7.2f} turns per game",
            f"  engine speed / plain speed: {ratio.cpu_ratio:.3f} (CPU), "
            f"{ratio.wall_ratio:.3f} (wall)",
        ]
    )


def positive(text: str) -> int:
    """An argument that must be a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is less than 1")
    return value


class _Parser(argparse.ArgumentParser):
    """An argument parser whose refusal is one line, without the usage."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message}\n")


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = _Parser(
        prog="python -m tools.engine_ratio",
        description="Time each rules engine against a plain-Python playout of its game "
        "(CPU time, median of alternating batches).",
    )
    parser.add_argument("--game", choices=(*GAME_IDS, "all"), default="all")
    parser.add_argument("--games", type=positive, default=20, help="games per batch (20)")
    parser.add_argument("--batches", type=positive, default=5, help="batches per side (5)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (1)")
    parser.add_argument("--json", action="store_true", help="one JSON object per game")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    options = parse(argv)
    chosen = GAME_IDS if options.game == "all" else (options.game,)
    for game_id in chosen:
        playout = load_playout(game_id)
        if playout is None:
            skipped = f"{PLAYOUTS}.{game_id} does not exist yet"
            line: Any = {"game": game_id, "skipped": skipped}
            print(json.dumps(line) if options.json else f"{game_id}: skipped, {skipped}")
            continue
        ratio = measure(GAMES.get(game_id), playout, options.games, options.batches, options.seed)
        if options.json:
            figures = asdict(ratio) | {"cpu_ratio": ratio.cpu_ratio, "wall_ratio": ratio.wall_ratio}
            print(json.dumps(figures))
        else:
            print(report(ratio))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
