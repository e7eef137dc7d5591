"""``atlantis host``: run a game on this machine for players who join from others."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from atlantis_tui.subcommands.options import (
    add_app_options,
    add_game_option,
    add_rule_options,
    add_seed,
    game_from,
    options_from,
    prefixed,
)
from core.kernel.i18n import _

EXIT_OK = 0
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
"""Ctrl+C, as the shell reports a program it interrupted (128 + SIGINT)."""
DEFAULT_PORT = 8700


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "host",
        help=_("host a game that players join from other machines"),
        description=_(
            'Host a game, e.g. atlantis host --players "Ann,Bob,bot:expert". '
            "Prints one join line per human seat, each with its own secret code."
        ),
    )
    parser.add_argument("--players", default="Ann,Bob", help=_('e.g. "Ann,Bob,bot:expert"'))
    parser.add_argument(
        "--bind",
        default="127.0.0.1",
        help=_("address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 for a LAN)"),
    )
    parser.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        help=_("port (default {port}; 0: any)").format(port=DEFAULT_PORT),
    )
    parser.add_argument("--resume", type=Path, metavar=_("FILE"), help=_("host an unfinished save"))
    add_game_option(parser)
    add_seed(parser)
    add_rule_options(parser)
    parser.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar=_("ORIGIN"),
        help=_(
            "also accept connections from web pages of ORIGIN, e.g. https://example.org "
            "(repeatable; web pages are refused otherwise)"
        ),
    )
    add_app_options(parser)
    parser.set_defaults(run=main)


def main(args: argparse.Namespace) -> int:
    import asyncio  # here, not at the top: the app's start-up does not need it

    from atlantis_tui.online.hosting import (
        invoked_as,
        join_lines,
        new_table,
        resume_command,
        resumed_table,
        run_host,
        shown_host,
    )
    from atlantis_tui.saves import default_save_dir, game_of_save
    from atlantis_tui.session import parse_players
    from atlantis_tui.subcommands.join import scores_line
    from core.kernel.bot_settings import BotSettings
    from core.kernel.errors import GameError

    def fail(message: object) -> int:
        print(prefixed("atlantis host", message), file=sys.stderr)
        return EXIT_USAGE

    if not 0 <= args.port < 65536:
        return fail(_("--port {port} is not a port (0 to 65535)").format(port=args.port))
    settings = BotSettings(time_budget=args.budget)
    try:
        if args.resume is not None and args.rule_options:
            return fail(_("--option cannot change the options of a saved game"))
        if args.resume is not None:
            # The save says its game: --game cannot make it another.
            table = resumed_table(args.resume, settings, game_of_save(args.resume))
        else:
            game = game_from(args)
            table = new_table(
                parse_players(args.players, game),
                args.save_dir or default_save_dir(),
                args.seed,
                settings,
                options_from(args.rule_options, game),
                game,
            )
    except (GameError, ValueError, OSError) as error:
        return fail(error)
    if args.resume is None and args.seed is not None:
        # The secret is made from the seed: a watcher may try seeds until one lays
        # the table he sees. Allowed (to play a table again), but said.
        warning = _(
            "--seed {seed} makes this game's chance: anyone watching who guesses the seed "
            "knows every hand and draw; leave --seed out for a secret nobody can guess"
        )
        print(prefixed("atlantis host", warning.format(seed=args.seed)), file=sys.stderr)

    program = invoked_as()  # the lines printed run as printed, atlantis on the PATH or not

    def ready(port: int) -> None:
        address = f"{shown_host(args.bind)}:{port}"
        names = ", ".join(seat.name for seat in table.session.seats)
        hosting = _("Hosting {names} on {address}; saving to {path}")
        print(hosting.format(names=names, address=address, path=table.session.path))
        print("\n".join(join_lines(table, address, program)))
        watch = _("{program} watch {address}  # anyone, public view only")
        print(watch.format(program=program, address=address), flush=True)

    try:
        asyncio.run(run_host(table, args.bind, args.port, args.bot_delay, ready, args.allow_origin))
    except KeyboardInterrupt:
        table.session.close()
        path = table.session.path
        if not table.game.is_over(table.session.state) and path is not None:
            # Every event is saved as it happens: say how to take the game up again.
            stopped = _("Stopped; the game is saved. To host it again: {command}")
            print(stopped.format(command=resume_command(path, program)), file=sys.stderr)
            return EXIT_INTERRUPTED
    except OSError as error:
        table.session.close()
        if args.resume is None and table.session.path is not None:
            # Nobody could join, so the game never began: leave no empty save behind.
            table.session.path.unlink(missing_ok=True)
        return fail(
            _("cannot listen on {bind}:{port}: {reason}").format(
                bind=args.bind, port=args.port, reason=error.strerror or error
            )
        )
    scores = scores_line(table.game, table.session.state)
    print(_("Game over: {scores}").format(scores=scores), flush=True)
    return EXIT_OK
