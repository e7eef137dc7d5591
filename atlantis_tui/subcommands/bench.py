"""``atlantis bench``: the rules engine's speed with random games of any game (``--game``)."""

from __future__ import annotations

import argparse
import json
import sys

from atlantis_tui.subcommands.options import SEED, add_game_option, prefixed, whole_number
from core.kernel.i18n import _

EXIT_USAGE = 2


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:

    parser = commands.add_parser("bench", help=_("measure the rules engine's speed"))
    add_game_option(parser)
    parser.add_argument(
        "--games", type=whole_number(1), default=200, help=_("games to play (default 200)")
    )
    parser.add_argument("--seed", type=SEED, default=1, help=_("seed of the first game"))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.set_defaults(run=main)


def main(args: argparse.Namespace) -> int:
    from core.games import GAMES
    from core.kernel.benchmark import BENCH_BOT, run

    game = GAMES.get(args.game)
    if BENCH_BOT not in game.bots:
        message = _("{game} has no {bot} bot to play the benchmark with").format(
            game=game.display_name(), bot=BENCH_BOT
        )
        print(prefixed("atlantis bench", message), file=sys.stderr)
        return EXIT_USAGE
    refusal = game.refuses_bots(None)  # the benchmark plays the default options
    if refusal is not None:
        print(prefixed("atlantis bench", refusal), file=sys.stderr)
        return EXIT_USAGE
    result = run(game, games=args.games, seed=args.seed)
    figures = {
        "random_games_per_second": round(result.random_games_per_second, 2),
        "mean_turns_per_game": round(result.mean_turns_per_game, 2),
        "fold_ms_per_game": round(result.fold_ms_per_game, 4),
        "preview_us_per_call": round(result.preview_us_per_call, 2),
        "setup_ms_per_game": round(result.setup_ms_per_game, 4),
    }
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:26} {value:>12}")
    return 0
