"""``atlantis rules``: print the rules, or only those that mention a word."""

from __future__ import annotations

import argparse
import sys

from atlantis_tui.commands.options import prefixed
from core.i18n import _


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "rules",
        help=_("print the rules, or those that mention a word"),
        description=_(
            "Print the rulebook, each rule with its id (T5.4); formatted on a "
            "terminal, plain Markdown when piped."
        ),
    )
    parser.add_argument(
        "--search",
        metavar=_("WORD"),
        help=_("print only the rules whose text mentions {word}").format(word=_("WORD")),
    )
    parser.set_defaults(run=main)


def main(args: argparse.Namespace) -> int:
    from core.i18n import language
    from core.rules_text import rulebook_markdown, search_rules

    if args.search:
        found = search_rules(args.search)
        if not found:
            message = _("no rule mentions {word!r}").format(word=args.search)
            print(prefixed("atlantis rules", message), file=sys.stderr)
            return 1
        text = "\n\n".join(block.markdown for block in found)
    else:
        text = rulebook_markdown(language())
    if sys.stdout.isatty():
        from rich.console import Console
        from rich.markdown import Markdown

        Console().print(Markdown(text))
    else:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
    return 0
