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

from atlantis_tui.commands import (
    bench,
    bench_ui,
    check,
    host,
    join,
    log,
    play,
    replay,
    rules,
    serve,
    simulate,
    tutorial,
    watch,
)
from atlantis_tui.commands.options import Parser, add_app_options, prefixed, speak_argparse
from atlantis_tui.language import UnknownLanguage, start_language
from core.i18n import LANGUAGES, _
from core.version import APP_VERSION

EXIT_OK = 0
EXIT_ERROR = 2


def build_parser() -> argparse.ArgumentParser:
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
        simulate,
        replay,
        log,
        host,
        join,
        watch,
        serve,
    ):
        module.add_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        rest = start_language(sys.argv[1:] if argv is None else argv)
    except UnknownLanguage as error:
        print(prefixed("atlantis", error), file=sys.stderr)
        return EXIT_ERROR
    speak_argparse()
    parser = build_parser()
    args = parser.parse_args(rest)
    from core.errors import AtlantisError

    try:
        code: int = play.open_menu(args) if args.command is None else args.run(args)
    except AtlantisError as error:
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
