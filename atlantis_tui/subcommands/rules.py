"""``atlantis rules [--game G]``: print a game's rules, or only those named or mentioning
a word."""

from __future__ import annotations

import argparse
import sys

from atlantis_tui.subcommands.options import add_game_option, prefixed
from core.kernel.i18n import _


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "rules",
        help=_("print the rules, or those that mention a word"),
        description=_(
            "Print the rulebook, each rule with its id (T5.4); formatted through a "
            "pager on a terminal, plain Markdown when piped."
        ),
    )
    parser.add_argument(
        "rule_ids",
        nargs="*",
        metavar=_("RULE"),
        help=_("print only these rules: T5.4, T5 with the rules under it, T the whole section"),
    )
    parser.add_argument(
        "--search",
        metavar=_("WORD"),
        help=_("print only the rules whose text mentions {word}").format(word=_("WORD")),
    )
    add_game_option(parser)
    parser.set_defaults(run=main)


def main(args: argparse.Namespace) -> int:
    from core.games import GAMES
    from core.kernel.i18n import language
    from core.services.rules_text import RuleBlock, rulebook_markdown, rules_under, search_rules

    game = GAMES.get(args.game)
    if not args.rule_ids and not args.search:
        return _print_markdown(rulebook_markdown(game, language()))
    chosen: list[RuleBlock] = []
    for rule_id in args.rule_ids:
        named = rules_under(game, rule_id)
        if not named:
            message = _("no rule {rule!r}; rule ids look like T5.4 (see atlantis rules)").format(
                rule=rule_id
            )
            print(prefixed("atlantis rules", message), file=sys.stderr)
            return 2
        chosen.extend(block for block in named if block not in chosen)
    if args.search:
        matching = search_rules(game, args.search)
        chosen = [block for block in chosen if block in matching] if args.rule_ids else matching
        if not chosen:
            message = _("no rule mentions {word!r}").format(word=args.search)
            print(prefixed("atlantis rules", message), file=sys.stderr)
            return 1
    return _print_markdown("\n\n".join(block.markdown for block in chosen))


def _print_markdown(text: str) -> int:
    """Rendered by Rich through a pager on a terminal, plain Markdown when piped."""
    if not sys.stdout.isatty():
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
        return 0
    from rich.console import Console
    from rich.markdown import Markdown

    console = Console()
    with console.pager(styles=_pager_shows_styles()):
        console.print(Markdown(text))
    return 0


def _pager_shows_styles() -> bool:
    """Whether the pager shows bold and colours rather than their escape codes.

    Without a pager of the reader's choosing, pydoc's (``less``, which Rich uses)
    is told ``-R`` for the styles, ``-F`` to print what fits on one screen and
    quit, ``-X`` to leave it on the screen, unless ``$LESS`` says otherwise.
    """
    import os
    import shlex
    from pathlib import Path

    chosen = os.environ.get("MANPAGER") or os.environ.get("PAGER")
    if not chosen:
        os.environ.setdefault("LESS", "-FRX")
    try:
        words = shlex.split(chosen) if chosen else ["less"]
    except ValueError:
        return False
    if not words or Path(words[0]).name != "less":
        return False
    options = [*words[1:], *os.environ.get("LESS", "").split()]
    return any(_raw_control(option) for option in options)


def _raw_control(option: str) -> bool:
    """Whether a ``less`` option (``-R``, ``-FRX``, ``FRX`` in ``$LESS``) passes styles on."""
    if option.startswith("--"):
        return option.lower() == "--raw-control-chars"
    letters = option.removeprefix("-")
    return "R" in letters or "r" in letters
