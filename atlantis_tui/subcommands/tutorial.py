"""``atlantis tutorial [--game G]``: learn a game's rules in short lessons, in the app."""

from __future__ import annotations

import argparse
import sys

from atlantis_tui.subcommands.options import add_app_options, add_game_option, prefixed
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
    add_game_option(parser)
    add_app_options(parser)
    parser.set_defaults(run=main)


def main(args: argparse.Namespace) -> int:
    from atlantis_tui.saves import default_save_dir, progress_file, usable_save_dir
    from atlantis_tui.subcommands.play import run_app
    from atlantis_tui.tutorial_app import TutorialApp, has_tutorial
    from atlantis_tui.tutorial_progress import Progress, game_progress_file, save_progress
    from core.games import GAMES
    from core.kernel.bot_settings import BotSettings
    from core.kernel.tutor import lesson_index

    game = GAMES.get(args.game)
    lessons = game.presentation.lessons()
    if not lessons or not has_tutorial(game.id):
        message = _("{game} has no tutorial yet").format(game=game.display_name())
        print(prefixed("atlantis tutorial", message), file=sys.stderr)
        return 2
    start = None
    if args.lesson:
        try:
            start = lesson_index(lessons, args.lesson)
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
        game=game.id,
    )
    if args.restart:
        save_progress(game_progress_file(progress_file(save_dir), game.id), Progress(game=game.id))
    return run_app(app)
