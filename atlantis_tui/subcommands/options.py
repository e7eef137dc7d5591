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
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar, overload

from core.kernel.i18n import N_, _, ngettext

if TYPE_CHECKING:
    import msgspec

    from atlantis_tui.rule_options import RuleField, RuleValue
    from core.kernel.registry import AnyGameType

# The games (``core.games``) are imported when a command is read, not with this
# module: ``atlantis`` alone opens the start menu without them.

_N = TypeVar("_N")

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
    """An argument parser whose errors are one line: ``atlantis play: <what is wrong>``.

    Once a command line is read whole, its ``--option`` words are checked against
    the game it chose (``check_rule_options``), wherever ``--game`` stood.
    """

    @overload
    def parse_known_args(
        self, args: Iterable[str] | None = None, namespace: None = None
    ) -> tuple[argparse.Namespace, list[str]]: ...

    @overload
    def parse_known_args(
        self, args: Iterable[str] | None, namespace: _N
    ) -> tuple[_N, list[str]]: ...

    @overload
    def parse_known_args(self, *, namespace: _N) -> tuple[_N, list[str]]: ...

    def parse_known_args(
        self, args: Iterable[str] | None = None, namespace: Any = None
    ) -> tuple[Any, list[str]]:
        parsed, rest = super().parse_known_args(args, namespace)
        problem = check_rule_options(parsed)
        if problem is not None:
            self.error(problem)
        return parsed, rest

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


# --- The game: ``--game ID`` ----------------------------------------------------------


def _game_id(text: str) -> str:
    """An argparse type: a registered game's id in any letter case (the README and the
    app write ``ArkantiS``), or the registry's sentence naming the games."""
    from core.games import GAMES
    from core.kernel.registry import UnknownGame

    typed = text.strip()
    # Ids are lower case; the name as the reader typed it stays in the refusal.
    spelled = {game_id.casefold(): game_id for game_id in GAMES.ids}
    try:
        return GAMES.get(spelled.get(typed.casefold(), typed)).id
    except UnknownGame as error:
        raise argparse.ArgumentTypeError(str(error)) from None


ALL_GAMES = "all"
"""``--game all``: every game, for the commands that can run each in turn (``bench``)."""


def add_game_option(parser: argparse.ArgumentParser, every_game: bool = False) -> None:
    """``--game ID``: which game a new game, the rules or a run of games is of
    (``every_game``: ``all`` is offered too, for every game in turn).

    The value is checked against ``core.games.GAMES`` (an unknown id is one line
    naming the games there are); ``game_from(args)`` gives its ``GameType``.
    """
    from core.games import DEFAULT_GAME, GAMES

    ids = (*GAMES.ids, ALL_GAMES) if every_game else GAMES.ids
    parser.add_argument(
        "--game",
        type=_game_or_all if every_game else _game_id,
        choices=ids,
        default=DEFAULT_GAME,
        metavar=_("GAME"),
        help=_("the game: {games} (default {default})").format(
            games=", ".join(ids), default=DEFAULT_GAME
        ),
    )


def _game_or_all(text: str) -> str:
    """``_game_id``, or ``all`` in any letter case."""
    return ALL_GAMES if text.strip().casefold() == ALL_GAMES else _game_id(text)


def game_from(args: argparse.Namespace) -> AnyGameType:
    """The game ``--game`` chose (the default game for a command without ``--game``)."""
    from core.games import DEFAULT_GAME, GAMES

    return GAMES.get(getattr(args, "game", None) or DEFAULT_GAME)


# --- Rule options: ``--option KEY=VALUE`` ----------------------------------------------
#
# The options are a game's (its ``options_type``), and ``--game`` may come after
# ``--option``: the words are kept as typed while the command line is read, and
# ``Parser`` checks them against the chosen game once it is read whole.


class _Unchecked(str):
    """An ``--option`` word not yet checked against the game's options."""


def _default_game(game: AnyGameType | None) -> AnyGameType:
    if game is not None:
        return game
    from core.games import DEFAULT_GAME, GAMES

    return GAMES.get(DEFAULT_GAME)


def rule_options(game: AnyGameType | None = None) -> tuple[RuleField, ...]:
    """Every rule option of ``game`` (default: the default game) the command line sets."""
    from atlantis_tui.rule_options import offered_fields

    return offered_fields(_default_game(game).options_type)


def not_offered(game: AnyGameType | None = None) -> frozenset[str]:
    """The fields of ``game``'s options that ``--option`` does not set (a tile set)."""
    from atlantis_tui.rule_options import rule_fields

    return frozenset(f.key for f in rule_fields(_default_game(game).options_type) if not f.offered)


def shown(option: RuleField) -> str:
    """``paid_cards_to=discard|box (default discard)``, as ``--help`` lists it."""
    if option.kind == "count":
        spelled = f"{option.key}=N" + ("|" + option.spelled(None) if option.optional else "")
    elif option.kind == "text":
        spelled = option.key + "=" + _("TEXT")
    else:
        spelled = f"{option.key}={'|'.join(option.values)}"
    if option.note:
        words = _("{option} ({note}; default {default})")
        return words.format(option=spelled, note=_(option.note), default=option.default)
    return _("{option} (default {default})").format(option=spelled, default=option.default)


def rule_option(text: str, game: AnyGameType | None = None) -> tuple[str, RuleValue]:
    """``KEY=VALUE``, checked against ``game``'s options (default: the default game);
    raises ``argparse.ArgumentTypeError`` saying what is wrong.

    A key may be shortened while it names one option only (``paid_cards=box``).
    """
    key, equals, value = text.partition("=")
    key = key.strip()
    options = rule_options(game)
    keys = ", ".join(option.key for option in options)
    if not equals:
        message = _("{text!r} is not KEY=VALUE; the keys are {keys}")
        raise argparse.ArgumentTypeError(message.format(text=text, keys=keys))
    matches = [option for option in options if option.key == key] or [
        option for option in options if key and option.key.startswith(key)
    ]
    if len(matches) != 1:
        if key in not_offered(game):
            message = _("the option {key!r} cannot be set here; the keys are {keys}")
        else:
            message = _("unknown rule option {key!r}; the keys are {keys}")
        raise argparse.ArgumentTypeError(message.format(key=key, keys=keys))
    try:
        return matches[0].key, matches[0].parse(value)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def check_rule_options(namespace: argparse.Namespace) -> str | None:
    """Check the ``--option`` words read into ``namespace`` against its game, in
    place; returns what is wrong, as argparse words an argument's error."""
    words = getattr(namespace, "rule_options", None)
    if not words or not any(isinstance(word, _Unchecked) for word in words):
        return None
    game = game_from(namespace)
    try:
        namespace.rule_options = [
            rule_option(word, game) if isinstance(word, _Unchecked) else word for word in words
        ]
    except argparse.ArgumentTypeError as error:
        return _("argument %(argument_name)s: %(message)s") % {
            "argument_name": "--option",
            "message": error,
        }
    return None


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


def _rules_reference(game: AnyGameType) -> str:
    """The command that prints the rules of ``game``'s options: ``atlantis rules V``."""
    from core.games import DEFAULT_GAME

    section = getattr(game.options_type, "RULES_SECTION", "")
    words = ["atlantis", "rules"]
    if game.id != DEFAULT_GAME:
        words += ["--game", game.id]
    return " ".join([*words, section] if section else words)


def _options_help(game: AnyGameType) -> str:
    """What ``--help`` says of one game's options, after the list of them."""
    options = rule_options(game)
    parts = []
    bounds = {(o.least, o.most) for o in options if o.kind == "count"}
    if len(bounds) == 1:
        ((least, most),) = bounds
        parts.append(
            _("N is a whole number from {least} to {most}.").format(least=least, most=most)
        )
    elif bounds:
        for option in options:
            if option.kind == "count":
                words = _("For {key}, N is a whole number from {least} to {most}.")
                parts.append(words.format(key=option.key, least=option.least, most=option.most))
    parts.append(_("See {command}.").format(command=_rules_reference(game)))
    return " ".join(parts)


def rule_options_help() -> str:
    """The help of ``--option``: every game's options, their values and defaults."""
    from core.games import GAMES

    games = list(GAMES)
    if len(games) == 1:
        (game,) = games
        listed = "; ".join(shown(option) for option in rule_options(game))
        text = _("a rule option, as on the new-game form; repeat for several: {options}.")
        return text.format(options=listed) + " " + _options_help(game)
    intro = _(
        "a rule option of the game chosen with --game, as on the new-game form; repeat for several."
    )
    parts = [intro]
    for game in games:
        listed = "; ".join(shown(option) for option in rule_options(game))
        each = _("{game}: {options}.").format(game=game.display_name(), options=listed)
        parts.append(each + " " + _options_help(game))
    return " ".join(parts)


def add_rule_options(parser: argparse.ArgumentParser) -> None:
    """``--option KEY=VALUE``, repeatable: the rule options of the new-game form.

    Each word is checked against the game's options once the command line is read
    (``Parser``); ``options_from`` then makes the game's options of them.
    """
    parser.add_argument(
        "--option",
        dest="rule_options",
        action="append",
        type=_Unchecked,
        metavar=_("KEY=VALUE"),
        help=rule_options_help(),
    )


def options_from(
    pairs: Sequence[tuple[str, RuleValue]] | None, game: AnyGameType | None = None
) -> Any:
    """``game``'s options (default: the default game's) that ``--option`` asked for,
    the defaults for the others."""
    import msgspec

    return msgspec.structs.replace(_default_game(game).default_options(), **dict(pairs or ()))


def changed_options(options: msgspec.Struct) -> str:
    """``buy_limit=2, paid_cards_to=box``: the options that differ from the defaults."""
    from atlantis_tui.rule_options import changed_options as changed

    return changed(options)
