"""``atlantis simulate``: many headless games between bots, with a strength table.

Any registered game (``--game``): its bots, its number of seats and its rules
come from its descriptor.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import TYPE_CHECKING

from atlantis_tui.subcommands.options import (
    SEED,
    add_budget,
    add_game_option,
    add_rule_options,
    add_save_dir,
    changed_options,
    options_from,
    prefixed,
    whole_number,
)
from core.kernel.i18n import _, ngettext

if TYPE_CHECKING:
    from core.kernel.bot_settings import BotSettings
    from core.kernel.registry import AnyGameType
    from core.services.simulate import GameRecord

EXIT_OK = 0
EXIT_USAGE = 2


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from core.games import DEFAULT_GAME, GAMES

    default = GAMES.get(DEFAULT_GAME)
    parser = commands.add_parser(
        "simulate",
        help=_("play many games between bots"),
        description=_("Play games between bots, seats rotated fairly, and compare them."),
    )
    parser.add_argument(
        "--games", type=whole_number(1), default=100, help=_("number of games (default 100)")
    )
    add_game_option(parser)
    parser.add_argument(
        "--players",
        default="greedy,random",
        help=_("bot names, comma-separated, one per seat ({seats}); {game}'s bots: {bots}").format(
            seats=", ".join(
                f"{game.display_name()} {game.players.least}–{game.players.most}" for game in GAMES
            ),
            game=default.display_name(),
            bots=", ".join(default.play.bots),
        ),
    )
    parser.add_argument("--seed", type=SEED, default=1, help=_("seed of the whole run (default 1)"))
    parser.add_argument(
        "--jobs", type=whole_number(1, 256), default=1, help=_("processes to use (default 1)")
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    add_rule_options(parser)
    add_save_dir(parser)
    add_budget(parser)
    parser.add_argument(
        "--iterations", type=whole_number(1), help=_("iterations per decision for search bots")
    )
    parser.add_argument(
        "--timing",
        action="store_true",
        help=_("time every decision; show each bot's median and a search bot's iterations/s"),
    )
    parser.set_defaults(run=main)


def main(args: argparse.Namespace) -> int:
    import msgspec

    from core.games import GAMES
    from core.kernel.bot_settings import BotSettings
    from core.kernel.bots import bot_names_in
    from core.services.simulate import summarize

    game = GAMES.get(args.game)
    names = bot_names_in(game.play.bots)
    bots = [name.strip() for name in args.players.split(",") if name.strip()]
    unknown = [name for name in bots if name not in names]
    if unknown:
        message = _("unknown bot {name!r}; choose from {bots}").format(
            name=unknown[0], bots=", ".join(names)
        )
        print(prefixed("atlantis simulate", message), file=sys.stderr)
        return EXIT_USAGE
    if not game.players.allows(len(bots)):
        message = _("--players needs {least} to {most} bots").format(
            least=game.players.least, most=game.players.most
        )
        print(prefixed("atlantis simulate", message), file=sys.stderr)
        return EXIT_USAGE
    if args.save_dir is not None:
        from atlantis_tui.saves import usable_save_dir

        usable_save_dir(args.save_dir)  # a file or a folder we cannot write: say so now
    settings = BotSettings(time_budget=args.budget, iterations=args.iterations)
    start = time.perf_counter()
    options = options_from(args.rule_options, game) if args.rule_options else None
    refusal = game.refuses_bots(options)
    if refusal is not None:  # the game's bots cannot play with these options
        print(prefixed("atlantis simulate", refusal), file=sys.stderr)
        return EXIT_USAGE
    if options is None:
        options = game.default_options()
    records = _run_with_progress(args, game, bots, settings, options)
    elapsed = time.perf_counter() - start
    summaries = summarize(records)
    mean_turns = sum(record.turns for record in records) / len(records)
    if args.json:
        print(
            json.dumps(
                {
                    "games": len(records),
                    "games_per_second": round(len(records) / elapsed, 3),
                    "bots": [
                        {
                            "bot": s.bot,
                            "seats": s.seats,
                            "wins": round(s.wins, 4),
                            "win_rate": round(s.win_rate, 4),
                            "mean_score": round(s.mean_score, 2),
                            **(
                                {"iterations_per_second": round(s.iterations_per_second, 1)}
                                if s.iterations_per_second is not None
                                else {}
                            ),
                        }
                        for s in summaries
                    ],
                    "mean_turns": round(mean_turns, 2),
                    "options": msgspec.to_builtins(options),
                }
            )
        )
        return EXIT_OK
    from rich.console import Console
    from rich.table import Table

    games = len(records)
    title = ngettext("{n} game, {bots}, seed {seed}", "{n} games, {bots}, seed {seed}", games)
    table = Table(title=title.format(n=games, bots=", ".join(bots), seed=args.seed))
    if args.rule_options and (changed := changed_options(options)):
        table.caption = _("rule options: {options}").format(options=changed)
    columns = [_("bot"), _("seats"), _("wins"), _("win rate (95% CI)")]
    columns += [_("mean score"), _("mean turns")]
    if args.timing:
        columns += [_("median decision"), _("iterations/s")]
    for index, column in enumerate(columns):
        table.add_column(column, justify="left" if index == 0 else "right")
    for s in summaries:
        cells = [
            s.bot,
            str(s.seats),
            f"{s.wins:g}",
            f"{s.win_rate:.1%} ({s.win_rate_low:.1%}–{s.win_rate_high:.1%})",
            f"{s.mean_score:.1f}",
            f"{s.mean_turns:.1f}",
        ]
        if args.timing:
            seconds = s.median_decision_seconds
            shown = _("{ms} ms").format(ms=f"{seconds * 1000:.1f}") if seconds is not None else "-"
            cells.append(shown)
            rate = s.iterations_per_second
            cells.append(f"{rate:.0f}" if rate is not None else "-")
        table.add_row(*cells)
    # Off a terminal (a file, a pipe) Rich would assume 80 columns and fold the table.
    console = Console() if sys.stdout.isatty() else Console(width=120)
    console.print(table)
    speed = ngettext(
        "{rate} games/s over {seconds} s, {jobs} process",
        "{rate} games/s over {seconds} s, {jobs} processes",
        args.jobs,
    )
    console.print(
        speed.format(rate=f"{games / elapsed:.2f}", seconds=f"{elapsed:.1f}", jobs=args.jobs)
    )
    return EXIT_OK


def _run_with_progress(
    args: argparse.Namespace,
    game: AnyGameType,
    bots: list[str],
    settings: BotSettings,
    options: object,
) -> list[GameRecord]:
    from core.services.simulate import run

    common = {
        "game": game,
        "games": args.games,
        "bots": bots,
        "seed": args.seed,
        "jobs": args.jobs,
        "save_dir": str(args.save_dir) if args.save_dir is not None else None,
        "settings": settings,
        "timed": args.timing,
        "options": options,
    }
    if not sys.stderr.isatty():
        return run(**common)
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as progress:
        speed = _("{rate} games/s")
        task = progress.add_task(_("simulating"), total=args.games, rate=speed.format(rate="-"))
        started = time.perf_counter()

        def advance(record: GameRecord) -> None:
            done = progress.tasks[0].completed + 1
            rate = done / max(time.perf_counter() - started, 1e-9)
            progress.update(task, advance=1, rate=speed.format(rate=f"{rate:.1f}"))

        return run(**common, on_game=advance)
