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

EXIT_OK = 0
EXIT_ERROR = 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="atlantis", description="Atlantis, Leo Colovini's board game, in the terminal."
    )
    play.add_app_options(parser)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
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
    parser = build_parser()
    args = parser.parse_args(argv)
    from core.errors import AtlantisError

    try:
        code: int = play.open_menu(args) if args.command is None else args.run(args)
    except AtlantisError as error:
        print(f"atlantis: {error}", file=sys.stderr)
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
