"""``atlantis check FILE``: re-run a saved game through the rules.

Exit codes: 0 consistent, 1 a rule is broken (``line N: <rule>: <reason>``),
2 the file cannot be read. Every answer is one line: the file, then what was
found. A file that cannot be opened at all (missing, a folder, not readable) is
the command's error, said as every command says one:
``atlantis check: FILE: cannot read …``.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from atlantis_tui.subcommands.options import prefixed
from core.kernel.i18n import _, ngettext

if TYPE_CHECKING:
    from core.kernel.errors import SaveFileError

EXIT_OK = 0
EXIT_INCONSISTENT = 1
EXIT_UNREADABLE = 2


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser("check", help=_("re-check a saved game against the rules"))
    parser.add_argument("file", metavar=_("file"), help=_("a save file (.jsonl)"))
    parser.set_defaults(run=main)


def _report(file: str, message: object, *, error: bool = True) -> None:
    """Print ``file: message`` on one line (a reason may quote a damaged line)."""
    text = " ".join(prefixed(file, message).split())
    print(text, file=sys.stderr if error else sys.stdout)


def _refuse(file: str, error: SaveFileError) -> None:
    """Say why the file was not read: a whole file that cannot be (``line`` 0) is the
    command's error, prefixed as every command's; a damaged line is the check's answer."""
    if error.line:
        _report(file, error)
    else:
        print(prefixed("atlantis check", " ".join(prefixed(file, error).split())), file=sys.stderr)


def main(args: argparse.Namespace) -> int:
    from atlantis_tui.saves import game_of_save
    from core.games import GAMES
    from core.kernel.errors import SaveFileError
    from core.kernel.save_lifecycle import read_checked

    try:
        game_of_save(args.file)  # a game this version does not play is not checked
        checked = read_checked(args.file, GAMES)
    except SaveFileError as error:
        _refuse(args.file, error)
        return EXIT_UNREADABLE
    saved = checked.read
    if checked.broken_rule is not None:
        # Said in full, the events quoted: this is where a damaged file is examined.
        _report(args.file, checked.broken_rule)
        return EXIT_INCONSISTENT
    if saved.error is not None and not saved.events:
        # Nothing before the bad line to check: the file is unreadable, not inconsistent.
        _report(args.file, saved.error)
        return EXIT_UNREADABLE
    if saved.error is not None:
        count = len(saved.events)
        message = ngettext(
            "{error} (the {n} event before it is consistent)",
            "{error} (the {n} events before it are consistent)",
            count,
        )
        _report(args.file, message.format(error=saved.error, n=count))
        return EXIT_UNREADABLE
    count = checked.events_checked
    if checked.finished:
        message = ngettext(
            "consistent, {n} event, game finished", "consistent, {n} events, game finished", count
        )
    else:
        message = ngettext(
            "consistent, {n} event, game in progress",
            "consistent, {n} events, game in progress",
            count,
        )
    _report(args.file, message.format(n=count), error=False)
    return EXIT_OK
