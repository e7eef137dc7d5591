"""``atlantis replay FILE``: open a saved game in the replay viewer.

A damaged save (see ``atlantis check``) is refused in one line naming the file
and the line before the app starts; the app's Replay offers such a save up to
that line.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from atlantis_tui.subcommands.options import add_app_options, prefixed
from core.kernel.i18n import _


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "replay",
        help=_("step through a saved game"),
        description=_(
            "Open a saved game in the replay viewer; p there starts a new game "
            "from the position shown, saved in the save folder."
        ),
    )
    parser.add_argument("file", type=Path, metavar=_("file"), help=_("a save file (.jsonl)"))
    add_app_options(parser)
    parser.set_defaults(run=main)


def main(args: argparse.Namespace) -> int:
    from atlantis_tui.app import AtlantisApp
    from atlantis_tui.saves import default_save_dir, game_of_save, usable_save_dir
    from atlantis_tui.subcommands.play import run_app
    from core.games import GAMES
    from core.kernel.bot_settings import BotSettings
    from core.kernel.errors import SaveFileError
    from core.kernel.save_lifecycle import read_checked

    try:
        game = game_of_save(args.file)
        checked = read_checked(args.file, GAMES)
        if checked.problem is not None:
            # Said before anything is shown, in the words ``atlantis log`` uses.
            raise checked.problem
    except SaveFileError as error:
        print(prefixed("atlantis replay", prefixed(args.file, error)), file=sys.stderr)
        return 2
    save_dir = usable_save_dir(args.save_dir or default_save_dir())
    settings = BotSettings(time_budget=args.budget)
    app = AtlantisApp(save_dir, None, args.bot_delay, settings, replay=args.file, game=game.id)
    return run_app(app)
