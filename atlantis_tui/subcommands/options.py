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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Literal, NoReturn, get_args, get_origin

from core.kernel.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from core.atlantis.options import Options

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


# --- Rule options (RULES.md V): ``--option KEY=VALUE`` -------------------------------

#: Fields of ``Options`` that ``--option`` does not set: a tile set is its tiles,
#: read from a file with them, and a name alone would record a set the game does not use.
NOT_ON_THE_COMMAND_LINE = frozenset({"tile_set"})

#: What a number means, for the options where 0 is special.
NOTES = {"buy_limit": N_("0: no limit")}

#: The largest count an option takes (more purchases than a turn can hold is a typo).
MAX_COUNT = 99

#: The words for yes and no; ``--help`` shows the first two.
BOOLEANS = {"true": True, "false": False, "on": True, "off": False, "yes": True, "no": False}

RuleValue = int | bool | str


@dataclass(frozen=True)
class RuleOption:
    """One field of ``Options`` as the command line spells it: a ``count`` (a whole
    number from 0), a ``switch`` (true or false) or a ``choice`` among ``values``."""

    key: str
    kind: Literal["count", "switch", "choice"]
    values: tuple[str, ...]
    default: str

    def parse(self, text: str) -> RuleValue:
        """The value ``text`` stands for; raises ``argparse.ArgumentTypeError``."""
        word = text.strip()
        if self.kind == "count":
            if word.isascii() and word.isdigit() and int(word) <= MAX_COUNT:
                return int(word)
            message = _("{key} takes a whole number from 0 to {most}, not {value!r}")
            raise argparse.ArgumentTypeError(
                message.format(key=self.key, most=MAX_COUNT, value=text)
            )
        if self.kind == "switch" and word.lower() in BOOLEANS:
            return BOOLEANS[word.lower()]
        if self.kind == "choice" and word.lower() in self.values:
            return word.lower()
        message = _("{key} takes one of {values}, not {value!r}")
        raise argparse.ArgumentTypeError(
            message.format(key=self.key, values=", ".join(self.values), value=text)
        )

    def shown(self) -> str:
        """``paid_cards_to=discard|box (default discard)``, as ``--help`` lists it."""
        spelled = f"{self.key}={'|'.join(self.values) if self.values else 'N'}"
        if self.key in NOTES:
            words = _("{option} ({note}; default {default})")
            return words.format(option=spelled, note=_(NOTES[self.key]), default=self.default)
        return _("{option} (default {default})").format(option=spelled, default=self.default)


def _spelled(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


@cache
def rule_options() -> tuple[RuleOption, ...]:
    """Every rule option the command line sets, read from the ``Options`` struct."""
    import msgspec  # here, not at the top: the start menu does not need it yet

    from core.atlantis.options import Options

    found = []
    for field in msgspec.structs.fields(Options):
        if field.name in NOT_ON_THE_COMMAND_LINE:
            continue
        default = _spelled(field.default)
        if field.type is bool:
            found.append(RuleOption(field.name, "switch", ("true", "false"), default))
        elif field.type is int:
            found.append(RuleOption(field.name, "count", (), default))
        elif get_origin(field.type) is Literal:
            values = tuple(str(value) for value in get_args(field.type))
            found.append(RuleOption(field.name, "choice", values, default))
        else:  # a new kind of option: say here how the command line spells it
            raise TypeError(f"no command-line form for option {field.name}: {field.type}")
    return tuple(found)


def rule_option(text: str) -> tuple[str, RuleValue]:
    """An argparse type: ``KEY=VALUE``, checked against the ``Options`` struct.

    A key may be shortened while it names one option only (``paid_cards=box``).
    """
    key, equals, value = text.partition("=")
    key = key.strip()
    options = rule_options()
    keys = ", ".join(option.key for option in options)
    if not equals:
        message = _("{text!r} is not KEY=VALUE; the keys are {keys}")
        raise argparse.ArgumentTypeError(message.format(text=text, keys=keys))
    matches = [option for option in options if option.key == key] or [
        option for option in options if key and option.key.startswith(key)
    ]
    if len(matches) != 1:
        if key in NOT_ON_THE_COMMAND_LINE:
            message = _("the option {key!r} cannot be set here; the keys are {keys}")
        else:
            message = _("unknown rule option {key!r}; the keys are {keys}")
        raise argparse.ArgumentTypeError(message.format(key=key, keys=keys))
    return matches[0].key, matches[0].parse(value)


def add_seed(parser: argparse.ArgumentParser) -> None:
    """``--seed``: a chosen seed makes the game's secret, so the table can be played again."""
    parser.add_argument(
        "--seed",
        type=SEED,
        help=_(
            "seed of the game's chance, to lay the same table again "
            "(whoever knows it knows the pile)"
        ),
    )


def add_rule_options(parser: argparse.ArgumentParser) -> None:
    """``--option KEY=VALUE``, repeatable: the rule options of the new-game form."""
    parser.add_argument(
        "--option",
        dest="rule_options",
        action="append",
        type=rule_option,
        metavar=_("KEY=VALUE"),
        help=_(
            "a rule option, as on the new-game form; repeat for several: {options}. "
            "N is a whole number from 0 to {most}. See atlantis rules V"
        ).format(options="; ".join(option.shown() for option in rule_options()), most=MAX_COUNT),
    )


def options_from(pairs: Sequence[tuple[str, RuleValue]] | None) -> Options:
    """The ``Options`` that ``--option`` asked for (the defaults for the others)."""
    import msgspec

    from core.atlantis.options import DEFAULT_OPTIONS

    return msgspec.structs.replace(DEFAULT_OPTIONS, **dict(pairs or ()))


def changed_options(options: Options) -> str:
    """``buy_limit=2, paid_cards_to=box``: the options that differ from the defaults."""
    import msgspec

    from core.atlantis.options import DEFAULT_OPTIONS, Options

    return ", ".join(
        f"{field.name}={_spelled(getattr(options, field.name))}"
        for field in msgspec.structs.fields(Options)
        if getattr(options, field.name) != getattr(DEFAULT_OPTIONS, field.name)
    )
