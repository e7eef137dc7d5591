"""Rebuild a shipped puzzle set: ``python -m tools.build_puzzles --game G [--jobs N]``.

Plays bot games and mines them (``core.services.puzzles.shipped``), then writes
``core/services/puzzles/data/<game>.jsonl`` all at once. The same command gives
the same file (the bot games and the searches are seeded, and count playouts,
not seconds).
"""

from __future__ import annotations

import argparse
import resource
import sys
import time

from core.games import GAMES
from core.services.puzzles.files import write_set
from core.services.puzzles.shipped import ShippedPlan, build_shipped, shipped_path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.build_puzzles", description=__doc__)
    parser.add_argument("--game", required=True, choices=[game.id for game in GAMES])
    parser.add_argument("--jobs", type=int, default=1, help="processes to use (default 1)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the bot games and searches")
    args = parser.parse_args(argv)
    game = GAMES.get(args.game)
    started, cpu = time.perf_counter(), time.process_time()

    def progress(played: int, found: int) -> None:
        print(f"{played} games played, {found} puzzles", file=sys.stderr, flush=True)

    header, puzzles = build_shipped(
        game, GAMES, ShippedPlan(args.game, seed=args.seed), args.jobs, progress
    )
    path = write_set(shipped_path(args.game), header, puzzles)
    wall = time.perf_counter() - started
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    spent = time.process_time() - cpu + children.ru_utime + children.ru_stime
    print(
        f"{path}: {len(puzzles)} puzzles in {wall:.0f} s, {spent:.0f} s of CPU",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
