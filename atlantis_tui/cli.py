"""The ``atlantis`` command line.

``atlantis`` alone opens the app; the subcommands play, check, benchmark and
simulate games. Every error a user can cause ends in one clear sentence and
an exit code, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from core.check import check_events
from core.errors import AtlantisError, SaveFileError
from core.savefile import read_save

EXIT_OK = 0
EXIT_INCONSISTENT = 1
EXIT_UNREADABLE = 2


def _check(args: argparse.Namespace) -> int:
    """``atlantis check FILE``: 0 consistent, 1 a rule broken, 2 unreadable."""
    try:
        saved = read_save(args.file, mode="keep_prefix")
    except SaveFileError as error:
        print(f"{args.file}: {error}", file=sys.stderr)
        return EXIT_UNREADABLE
    result = check_events(saved.events, saved.lines, saved.header)
    if result.problem is not None:
        print(f"{args.file}: {result.problem}", file=sys.stderr)
        return EXIT_INCONSISTENT
    if saved.error is not None:
        print(
            f"{args.file}: {saved.error} (the {len(saved.events)} events before it are consistent)",
            file=sys.stderr,
        )
        return EXIT_UNREADABLE
    state = result.state
    status = "finished" if state is not None and state.is_over else "in progress"
    print(f"{args.file}: consistent, {result.events_checked} events, game {status}")
    return EXIT_OK


def _bench(args: argparse.Namespace) -> int:
    """``atlantis bench``: engine speed with random 4-player games."""
    from core.benchmark import run

    result = run(games=args.games, seed=args.seed)
    if args.json:
        print(
            json.dumps(
                {
                    "random_games_per_second": round(result.random_games_per_second, 2),
                    "mean_turns_per_game": round(result.mean_turns_per_game, 2),
                    "fold_ms_per_game": round(result.fold_ms_per_game, 4),
                    "preview_us_per_call": round(result.preview_us_per_call, 2),
                }
            )
        )
    else:
        print(f"random_games_per_second  {result.random_games_per_second:10.1f}")
        print(f"mean_turns_per_game      {result.mean_turns_per_game:10.1f}")
        print(f"fold_ms_per_game         {result.fold_ms_per_game:10.3f}")
        print(f"preview_us_per_call      {result.preview_us_per_call:10.1f}")
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="atlantis", description="Atlantis, Leo Colovini's board game, in the terminal."
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    check = commands.add_parser("check", help="re-check a saved game against the rules")
    check.add_argument("file", help="a save file (.jsonl)")
    check.set_defaults(run=_check)

    bench = commands.add_parser("bench", help="measure the rules engine's speed")
    bench.add_argument("--games", type=int, default=200, help="games to play (default 200)")
    bench.add_argument("--seed", type=int, default=1, help="seed of the first game")
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    bench.set_defaults(run=_bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return EXIT_OK
    try:
        code: int = args.run(args)
    except AtlantisError as error:
        print(f"atlantis: {error}", file=sys.stderr)
        return EXIT_UNREADABLE
    except KeyboardInterrupt:
        return 130
    return code


if __name__ == "__main__":
    sys.exit(main())
