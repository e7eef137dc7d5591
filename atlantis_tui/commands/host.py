"""``atlantis host``: run a game on this machine for players who join from others."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from atlantis_tui.commands.options import SEED, add_app_options

EXIT_OK = 0
EXIT_USAGE = 2
DEFAULT_PORT = 8700


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "host",
        help="host a game that players join from other machines",
        description='Host a game, e.g. atlantis host --players "Ann,Bob,bot:expert". '
        "Prints one join line per human seat, each with its own secret code.",
    )
    parser.add_argument("--players", default="Ann,Bob", help='e.g. "Ann,Bob,bot:expert"')
    parser.add_argument(
        "--bind",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 for a LAN)",
    )
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0: any)"
    )
    parser.add_argument("--resume", type=Path, metavar="FILE", help="host an unfinished save")
    parser.add_argument("--seed", type=SEED, help="seed for the path and the cards")
    add_app_options(parser)
    parser.set_defaults(run=main)


def main(args: argparse.Namespace) -> int:
    import asyncio  # here, not at the top: the app's start-up does not need it

    from atlantis_tui.online.hosting import (
        join_lines,
        new_table,
        resumed_table,
        run_host,
        shown_host,
    )
    from atlantis_tui.saves import default_save_dir
    from atlantis_tui.session import parse_players
    from core.bots import BotSettings
    from core.errors import AtlantisError

    def fail(message: object) -> int:
        print(f"atlantis host: {message}", file=sys.stderr)
        return EXIT_USAGE

    if not 0 <= args.port < 65536:
        return fail(f"--port {args.port} is not a port (0 to 65535)")
    settings = BotSettings(time_budget=args.budget)
    try:
        if args.resume is not None:
            table = resumed_table(args.resume, settings)
        else:
            table = new_table(
                parse_players(args.players),
                args.save_dir or default_save_dir(),
                args.seed,
                settings,
            )
    except (AtlantisError, ValueError, OSError) as error:
        return fail(error)

    def ready(port: int) -> None:
        address = f"{shown_host(args.bind)}:{port}"
        names = ", ".join(seat.name for seat in table.session.seats)
        print(f"Hosting {names} on {address}; saving to {table.session.path}")
        print("\n".join(join_lines(table, address)))
        print(f"atlantis watch {address}  # anyone, public view only", flush=True)

    try:
        asyncio.run(run_host(table, args.bind, args.port, args.bot_delay, ready))
    except OSError as error:
        table.session.close()
        if args.resume is None and table.session.path is not None:
            # Nobody could join, so the game never began: leave no empty save behind.
            table.session.path.unlink(missing_ok=True)
        return fail(f"cannot listen on {args.bind}:{args.port}: {error.strerror or error}")
    state = table.session.state
    scores = ", ".join(f"{n} {s}" for n, s in zip(state.players, state.scores, strict=False))
    print(f"Game over: {scores}", flush=True)
    return EXIT_OK
