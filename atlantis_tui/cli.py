"""The ``atlantis`` command line.

``atlantis`` alone opens the app; the subcommands play, check, benchmark and
simulate games. Every error a user can cause ends in one clear sentence and
an exit code, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from atlantis_tui.language import UnknownLanguage, start_language
from atlantis_tui.subcommands import play
from atlantis_tui.subcommands.options import Parser, add_app_options, prefixed, speak_argparse
from core.kernel.i18n import LANGUAGES, _
from core.kernel.version import APP_VERSION

EXIT_OK = 0
EXIT_ERROR = 2


def build_parser() -> argparse.ArgumentParser:
    # The commands' modules are imported here, not at the top: ``atlantis`` alone
    # opens the start menu without them (``menu_args``). So are the games: the registry
    # gives the shell's catalogue the games' sentences, which any command may print.
    import core.games  # noqa: F401
    from atlantis_tui.subcommands import (
        bench,
        bench_online,
        bench_ui,
        check,
        host,
        join,
        log,
        puzzles,
        replay,
        review,
        rules,
        serve,
        simulate,
        stats,
        tutorial,
        watch,
    )

    parser = Parser(
        prog="atlantis",
        description=_(
            "Atlantis, Leo Colovini's board game, in the terminal. "
            "Without a command, opens the start menu."
        ),
        epilog=_(
            "Options given before the command apply to it: "
            "atlantis --save-dir DIR play is atlantis play --save-dir DIR."
        ),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"atlantis {APP_VERSION}",
        help=_("show the version and exit"),
    )
    parser.add_argument(
        "--lang",
        choices=list(LANGUAGES),
        help=_("the language to speak (default: $ATLANTIS_LANG, the app's choice, the locale)"),
    )
    add_app_options(parser, top_level=True)
    commands = parser.add_subparsers(dest="command", metavar=_("COMMAND"), title=_("commands"))
    for module in (
        play,
        tutorial,
        rules,
        check,
        bench,
        bench_ui,
        bench_online,
        simulate,
        stats,
        review,
        puzzles,
        replay,
        log,
        host,
        join,
        watch,
        serve,
    ):
        module.add_parser(commands)
    return parser


class _NotTheMenu(Exception):
    """The command line asks for more than the start menu with app options."""


class _MenuParser(Parser):
    def error(self, message: str) -> NoReturn:
        raise _NotTheMenu(message)


def menu_args(argv: Sequence[str] | None) -> argparse.Namespace | None:
    """The options of ``atlantis [--save-dir DIR] [--bot-delay S] [--budget S]``, or None.

    Opening the start menu is the common case, and its first frame should not wait
    for every command's module (see ``atlantis bench-ui``). Anything else (a command,
    ``--help``, ``--version``, a bad value) returns None: the full parser reads it,
    and reports any error in its own words.
    """
    parser = _MenuParser(prog="atlantis", add_help=False)
    add_app_options(parser, top_level=True)
    try:
        args, rest = parser.parse_known_args(argv)
    except _NotTheMenu:
        return None
    if rest:
        return None
    args.command = None
    return args


def main(argv: Sequence[str] | None = None) -> int:
    try:
        rest = start_language(sys.argv[1:] if argv is None else argv)
    except UnknownLanguage as error:
        print(prefixed("atlantis", error), file=sys.stderr)
        return EXIT_ERROR
    args = menu_args(rest)
    if args is None:
        speak_argparse()
        args = build_parser().parse_args(rest)
    from core.kernel.errors import GameError

    try:
        code: int = play.open_menu(args) if args.command is None else args.run(args)
    except GameError as error:
        where = f"atlantis {args.command}" if args.command else "atlantis"
        print(prefixed(where, error), file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader (e.g. ``| head``) went away: stop quietly, as Unix tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return code


if __name__ == "__main__":
    sys.exit(main())
