"""``atlantis bench-online``: games hosted at once on this machine, played over WebSockets.

The measuring lives in ``atlantis_tui.online.load_benchmark`` (its docstring
says what is timed and why each game has a host process of its own); it is
imported only when this command runs.
"""

from __future__ import annotations

import argparse
import json
import sys

from atlantis_tui.subcommands.options import (
    SEED,
    add_game_option,
    game_from,
    prefixed,
    whole_number,
)
from core.kernel.i18n import _

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "bench-online", help=_("measure games hosted at once, played by bots over WebSockets")
    )
    parser.add_argument(
        "--games",
        type=whole_number(1, 64),
        default=8,
        help=_("games hosted at once, one host process each (default 8)"),
    )
    add_game_option(parser)
    parser.add_argument(
        "--players",
        type=whole_number(1),
        default=2,
        help=_("players in each game, as many as the game seats (default 2)"),
    )
    parser.add_argument(
        "--rounds",
        type=whole_number(1),
        default=5,
        help=_("times the games are hosted and played again (default 5)"),
    )
    parser.add_argument("--seed", type=SEED, default=1, help=_("seed of the first game"))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.set_defaults(run=main)


def main(args: argparse.Namespace) -> int:
    from atlantis_tui.online.load_benchmark import run

    game = game_from(args)
    refusal = game.check_players(args.players)
    if refusal is not None:  # the game's own limits (PlayerLimits), said as play says them
        print(prefixed("atlantis bench-online", f"--players: {refusal}"), file=sys.stderr)
        return EXIT_USAGE
    result = run(
        games=args.games,
        players=args.players,
        rounds=args.rounds,
        seed=args.seed,
        game=game.id,
    )
    figures = result.figures()
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:24} {value!s:>10}")
    for problem in result.problems:
        print(prefixed("atlantis bench-online", problem), file=sys.stderr)
    complete = result.games_finished == result.games_played and result.errors == 0
    return EXIT_OK if complete else EXIT_FAILED
