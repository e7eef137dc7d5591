"""``atlantis bench``: the rules engine's speed with random games of any game (``--game``,
or ``--game all`` for each in turn), on the wall clock and on the CPU clock."""

from __future__ import annotations

import argparse
import json
import sys

from atlantis_tui.subcommands.options import (
    ALL_GAMES,
    SEED,
    add_game_option,
    prefixed,
    whole_number,
)
from core.kernel.i18n import _
from core.kernel.registry import AnyGameType

EXIT_USAGE = 2


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:

    parser = commands.add_parser("bench", help=_("measure the rules engine's speed"))
    add_game_option(parser, every_game=True)
    parser.add_argument(
        "--games", type=whole_number(1), default=200, help=_("games to play (default 200)")
    )
    parser.add_argument("--seed", type=SEED, default=1, help=_("seed of the first game"))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.set_defaults(run=main)


def main(args: argparse.Namespace) -> int:
    from core.games import GAMES

    chosen = list(GAMES) if args.game == ALL_GAMES else [GAMES.get(args.game)]
    results: dict[str, dict[str, float]] = {}
    for game in chosen:
        refusal = _refusal(game)
        if refusal is not None:
            print(prefixed("atlantis bench", refusal), file=sys.stderr)
            return EXIT_USAGE
    for game in chosen:
        results[game.id] = _figures(game, args.games, args.seed)
    if args.json:
        # One game: its figures; every game: each game's, by id.
        print(json.dumps(results if args.game == ALL_GAMES else results[chosen[0].id]))
        return 0
    for game_id, figures in results.items():
        if len(results) > 1:
            print(GAMES.get(game_id).display_name())
        for key, value in figures.items():
            print(f"{key:30} {value:>12}")
    return 0


def _refusal(game: AnyGameType) -> str | None:
    """Why ``game`` cannot be benched, or ``None``."""
    from core.services.benchmark import BENCH_BOT

    if BENCH_BOT not in game.play.bots:
        return _("{game} has no {bot} bot to play the benchmark with").format(
            game=game.display_name(), bot=BENCH_BOT
        )
    return game.refuses_bots(None)  # the benchmark plays the default options


def _figures(game: AnyGameType, games: int, seed: int) -> dict[str, float]:
    """The benchmark's figures for ``game``, rounded for reading: wall clock, then CPU."""
    from core.services.benchmark import run

    result = run(game, games=games, seed=seed)
    return {
        "random_games_per_second": round(result.random_games_per_second, 2),
        "mean_turns_per_game": round(result.mean_turns_per_game, 2),
        "fold_ms_per_game": round(result.fold_ms_per_game, 4),
        "preview_us_per_call": round(result.preview_us_per_call, 2),
        "setup_ms_per_game": round(result.setup_ms_per_game, 4),
        "cpu_random_games_per_second": round(result.cpu_random_games_per_second, 2),
        "cpu_fold_ms_per_game": round(result.cpu_fold_ms_per_game, 4),
        "cpu_preview_us_per_call": round(result.cpu_preview_us_per_call, 2),
        "cpu_setup_ms_per_game": round(result.cpu_setup_ms_per_game, 4),
    }
