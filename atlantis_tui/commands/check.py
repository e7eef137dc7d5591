"""``atlantis check FILE``: re-run a saved game through the rules.

Exit codes: 0 consistent, 1 a rule is broken (``line N: <rule>: <reason>``),
2 the file cannot be read.
"""

from __future__ import annotations

import argparse
import sys

EXIT_OK = 0
EXIT_INCONSISTENT = 1
EXIT_UNREADABLE = 2


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser("check", help="re-check a saved game against the rules")
    parser.add_argument("file", help="a save file (.jsonl)")
    parser.set_defaults(run=main)


def main(args: argparse.Namespace) -> int:
    from core.check import check_events
    from core.errors import SaveFileError
    from core.savefile import read_save

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
