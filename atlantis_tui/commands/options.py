"""Options shared by several subcommands, and the parser that reports bad input in one line.

The app options (``--save-dir``, ``--bot-delay``, ``--budget``) are accepted both
before the subcommand (``atlantis --save-dir D play``) and after it
(``atlantis play --save-dir D``). The top-level parser holds the defaults; the
subcommands' copies default to ``argparse.SUPPRESS``, so that a subcommand
which was not given an option leaves the top-level value alone instead of
overwriting it with its own default.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

from core.i18n import N_, _, ngettext

DEFAULT_BOT_DELAY = 0.6
DEFAULT_BUDGET = 1.0

# Reasonable ceilings: a bot that waits an hour per move, or thinks for a day, is a typo.
MAX_BOT_DELAY = 60.0
MAX_BUDGET = 600.0


#: argparse's own words that reach the reader; ``speak_argparse`` has argparse say them
#: in the reader's language.
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("expected one argument"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
)


def speak_argparse() -> None:
    """Have argparse word its help and errors through our catalogue (it looks its
    ``_`` up when it speaks, in gettext's default domain, which holds nothing)."""
    setattr(argparse, "_", _)  # noqa: B010 - a module attribute, not a typo
    setattr(argparse, "ngettext", ngettext)  # noqa: B010


def prefixed(where: object, message: object) -> str:
    """``where: message``, e.g. ``atlantis play: <what is wrong>``, in the reader's
    language (French, for one, puts a space before the colon)."""
    return _("{where}: {message}").format(where=where, message=message)


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line: ``atlantis play: <what is wrong>``."""

    def error(self, message: str) -> NoReturn:
        line = _("{program}: {message} (see '{program} --help')")
        print(line.format(program=self.prog, message=message), file=sys.stderr)
        raise SystemExit(2)


def number_between(low: float, high: float, *, include_low: bool = True) -> Callable[[str], float]:
    """An argparse type: a finite number in ``[low, high]`` (or ``(low, high]``)."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            message = _("{value!r} is not a number").format(value=text)
            raise argparse.ArgumentTypeError(message) from None
        too_low = value < low if include_low else value <= low
        if not math.isfinite(value) or too_low or value > high:
            if include_low:
                message = _("{value!r} must be at least {low} and at most {high}")
            else:
                message = _("{value!r} must be more than {low} and at most {high}")
            raise argparse.ArgumentTypeError(
                message.format(value=text, low=f"{low:g}", high=f"{high:g}")
            )
        return value

    return parse


def whole_number(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``low`` (and at most ``high``)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            message = _("{value!r} is not a whole number").format(value=text)
            raise argparse.ArgumentTypeError(message) from None
        if value < low or (high is not None and value > high):
            # A bound nobody would type (a seed's 2**63 - 1) is not worth reading out.
            shown = high is not None and high < 10**6
            if high is not None and value > high and not shown:
                message = _("{value!r} must be a smaller number")
            elif shown:
                message = _("{value!r} must be at least {low} and at most {high}")
            else:
                message = _("{value!r} must be at least {low}")
            raise argparse.ArgumentTypeError(message.format(value=text, low=low, high=high))
        return value

    return parse


SEED = whole_number(0, 2**63 - 1)


def add_save_dir(parser: argparse.ArgumentParser, *, top_level: bool = False) -> None:
    parser.add_argument(
        "--save-dir",
        type=Path,
        metavar=_("DIR"),
        default=None if top_level else argparse.SUPPRESS,
        help=_("folder for saved games (default: your data folder, or $ATLANTIS_SAVE_DIR)"),
    )


def add_bot_delay(parser: argparse.ArgumentParser, *, top_level: bool = False) -> None:
    parser.add_argument(
        "--bot-delay",
        type=number_between(0, MAX_BOT_DELAY),
        metavar=_("SECONDS"),
        default=DEFAULT_BOT_DELAY if top_level else argparse.SUPPRESS,
        help=_("how long a bot's move stays in view (default {seconds})").format(
            seconds=f"{DEFAULT_BOT_DELAY:g}"
        ),
    )


def add_budget(parser: argparse.ArgumentParser, *, top_level: bool = False) -> None:
    parser.add_argument(
        "--budget",
        type=number_between(0, MAX_BUDGET, include_low=False),
        metavar=_("SECONDS"),
        default=DEFAULT_BUDGET if top_level else argparse.SUPPRESS,
        help=_("seconds the expert bot thinks per move (default {seconds})").format(
            seconds=f"{DEFAULT_BUDGET:g}"
        ),
    )


def add_app_options(parser: argparse.ArgumentParser, *, top_level: bool = False) -> None:
    """The options of every command that opens the app with games and bots."""
    add_save_dir(parser, top_level=top_level)
    add_bot_delay(parser, top_level=top_level)
    add_budget(parser, top_level=top_level)
