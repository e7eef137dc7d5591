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

DEFAULT_BOT_DELAY = 0.6
DEFAULT_BUDGET = 1.0

# Reasonable ceilings: a bot that waits an hour per move, or thinks for a day, is a typo.
MAX_BOT_DELAY = 60.0
MAX_BUDGET = 600.0


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line: ``atlantis play: <what is wrong>``."""

    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: {message} (see '{self.prog} --help')", file=sys.stderr)
        raise SystemExit(2)


def number_between(low: float, high: float, *, include_low: bool = True) -> Callable[[str], float]:
    """An argparse type: a finite number in ``[low, high]`` (or ``(low, high]``)."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        too_low = value < low if include_low else value <= low
        if not math.isfinite(value) or too_low or value > high:
            bound = "at least" if include_low else "more than"
            raise argparse.ArgumentTypeError(
                f"{text!r} must be {bound} {low:g} and at most {high:g}"
            )
        return value

    return parse


def whole_number(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``low`` (and at most ``high``)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < low or (high is not None and value > high):
            # A bound nobody would type (a seed's 2**63 - 1) is not worth reading out.
            shown = high is not None and high < 10**6
            bounds = f"at least {low}" + (f" and at most {high}" if shown else "")
            if high is not None and value > high and not shown:
                bounds = "a smaller number"
            raise argparse.ArgumentTypeError(f"{text!r} must be {bounds}")
        return value

    return parse


SEED = whole_number(0, 2**63 - 1)


def add_save_dir(parser: argparse.ArgumentParser, *, top_level: bool = False) -> None:
    parser.add_argument(
        "--save-dir",
        type=Path,
        metavar="DIR",
        default=None if top_level else argparse.SUPPRESS,
        help="folder for saved games (default: your data folder, or $ATLANTIS_SAVE_DIR)",
    )


def add_bot_delay(parser: argparse.ArgumentParser, *, top_level: bool = False) -> None:
    parser.add_argument(
        "--bot-delay",
        type=number_between(0, MAX_BOT_DELAY),
        metavar="SECONDS",
        default=DEFAULT_BOT_DELAY if top_level else argparse.SUPPRESS,
        help=f"how long a bot's move stays in view (default {DEFAULT_BOT_DELAY:g})",
    )


def add_budget(parser: argparse.ArgumentParser, *, top_level: bool = False) -> None:
    parser.add_argument(
        "--budget",
        type=number_between(0, MAX_BUDGET, include_low=False),
        metavar="SECONDS",
        default=DEFAULT_BUDGET if top_level else argparse.SUPPRESS,
        help=f"seconds the expert bot thinks per move (default {DEFAULT_BUDGET:g})",
    )


def add_app_options(parser: argparse.ArgumentParser, *, top_level: bool = False) -> None:
    """The options of every command that opens the app with games and bots."""
    add_save_dir(parser, top_level=top_level)
    add_bot_delay(parser, top_level=top_level)
    add_budget(parser, top_level=top_level)
