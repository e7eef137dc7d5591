"""``atlantis`` and ``atlantis play``: open the app, or start a game straight away."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from atlantis_tui.subcommands.options import (
    add_app_options,
    add_game_option,
    add_rule_options,
    add_seed,
    game_from,
    options_from,
    prefixed,
)
from core.kernel.i18n import _

if TYPE_CHECKING:
    from textual.app import App


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "play",
        help=_("start a game straight away"),
        description=_('Start a game, e.g. atlantis play --players "Ann,Bob,bot:expert".'),
    )
    parser.add_argument(
        "--players",
        default="Ann,bot:greedy",
        help=_('comma-separated names; "bot:random", "bot:greedy" or "bot:expert" for bots'),
    )
    add_game_option(parser)
    add_seed(parser)
    add_rule_options(parser)
    add_app_options(parser)
    parser.set_defaults(run=main)


def main(args: argparse.Namespace) -> int:
    from atlantis_tui.app import AtlantisApp
    from atlantis_tui.saves import default_save_dir, usable_save_dir
    from atlantis_tui.session import GameSession, parse_players
    from core.kernel.bot_settings import BotSettings
    from core.kernel.errors import GameError

    game = game_from(args)
    settings = BotSettings(time_budget=args.budget)
    try:
        seats = parse_players(args.players, game)
    except ValueError as error:
        print(prefixed("atlantis play", error), file=sys.stderr)
        return 2
    try:
        save_dir = usable_save_dir(args.save_dir or default_save_dir())
        options = options_from(args.rule_options, game)
        session = GameSession.new(
            seats, args.seed, options, save_dir=save_dir, bot_settings=settings, game=game
        )
    except (GameError, OSError, ValueError) as error:
        print(prefixed("atlantis play", error), file=sys.stderr)
        return 2
    app = AtlantisApp(save_dir, session, args.bot_delay, settings, game=game.id)
    try:
        return run_app(app)
    finally:
        session.close()


def open_menu(args: argparse.Namespace) -> int:
    from atlantis_tui.app import AtlantisApp
    from atlantis_tui.saves import default_save_dir, usable_save_dir
    from core.kernel.bot_settings import BotSettings  # the menu needs no bot yet

    save_dir = usable_save_dir(args.save_dir or default_save_dir())
    app = AtlantisApp(save_dir, None, args.bot_delay, BotSettings(time_budget=args.budget))
    return run_app(app)


def run_app(app: App[None]) -> int:
    """Run the app; an exception that ended it exits non-zero (Textual has printed it)."""
    app.run()
    return app.return_code or 0
