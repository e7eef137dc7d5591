"""``atlantis check FILE``: re-run a saved game through the rules.

Exit codes: 0 consistent, 1 a rule is broken (``line N: <rule>: <reason>``),
2 the file cannot be read. Every answer is one line: the file, then what was
found.
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


def _report(file: str, message: object, *, error: bool = True) -> None:
    """Print ``file: message`` on one line (a reason may quote a damaged line)."""
    text = " ".join(f"{file}: {message}".split())
    print(text, file=sys.stderr if error else sys.stdout)


def main(args: argparse.Namespace) -> int:
    from core.check import check_events
    from core.errors import SaveFileError
    from core.savefile import read_save

    try:
        saved = read_save(args.file, mode="keep_prefix")
    except SaveFileError as error:
        _report(args.file, error)
        return EXIT_UNREADABLE
    if saved.error is not None and not saved.events:
        # Nothing before the bad line to check: the file is unreadable, not inconsistent.
        _report(args.file, saved.error)
        return EXIT_UNREADABLE
    result = check_events(saved.events, saved.lines, saved.header)
    if result.problem is not None:
        _report(args.file, result.problem)
        return EXIT_INCONSISTENT
    if saved.error is not None:
        _report(
            args.file,
            f"{saved.error} (the {len(saved.events)} events before it are consistent)",
        )
        return EXIT_UNREADABLE
    state = result.state
    status = "finished" if state is not None and state.is_over else "in progress"
    _report(args.file, f"consistent, {result.events_checked} events, game {status}", error=False)
    return EXIT_OK
