"""``atlantis tutorial``: learn the rules in short lessons, in the app."""

from __future__ import annotations

import argparse
import sys

from atlantis_tui.subcommands.options import add_app_options, prefixed
from core.kernel.i18n import _


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "tutorial",
        help=_("learn the rules in short interactive lessons"),
        description=_(
            "Open the tutorial: ten short lessons, each a question and one move to "
            "make, with feedback naming the rule. Progress is remembered."
        ),
    )
    parser.add_argument(
        "--lesson", help=_("start at this lesson, by number (1-10) or id (e.g. water)")
    )
    parser.add_argument(
        "--restart", action="store_true", help=_("forget which lessons are completed")
    )
    add_app_options(parser)
    parser.set_defaults(run=main)


def main(args: argparse.Namespace) -> int:
    from atlantis_tui.saves import default_save_dir, progress_file, usable_save_dir
    from atlantis_tui.subcommands.play import run_app
    from atlantis_tui.tutorial_app import TutorialApp
    from atlantis_tui.tutorial_progress import Progress, save_progress
    from core.atlantis.bots import BotSettings
    from core.atlantis.lessons import lesson_index

    start = None
    if args.lesson:
        try:
            start = lesson_index(args.lesson)
        except KeyError:
            message = _("there is no lesson {lesson!r}").format(lesson=args.lesson)
            print(prefixed("atlantis tutorial", message), file=sys.stderr)
            return 2
    save_dir = usable_save_dir(args.save_dir or default_save_dir())
    app = TutorialApp(
        save_dir,
        start,
        bot_delay=args.bot_delay,
        bot_settings=BotSettings(time_budget=args.budget),
    )
    if args.restart:
        save_progress(progress_file(save_dir), Progress())
    return run_app(app)
