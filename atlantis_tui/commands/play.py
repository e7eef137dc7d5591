"""``atlantis`` and ``atlantis play``: open the app, or start a game straight away."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "play",
        help="start a game straight away",
        description='Start a game, e.g. atlantis play --players "Ann,Bob,bot:expert".',
    )
    parser.add_argument(
        "--players",
        default="You,bot:greedy",
        help='comma-separated names; "bot:random", "bot:greedy" or "bot:expert" for bots',
    )
    parser.add_argument("--seed", type=int, help="seed for the path and the cards")
    add_app_options(parser)
    parser.set_defaults(run=main)


def add_app_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--save-dir", type=Path, help="folder for saved games")
    parser.add_argument(
        "--bot-delay", type=float, default=0.6, help="seconds a bot's move stays visible (0.6)"
    )
    parser.add_argument("--budget", type=float, default=1.0, help="expert bot seconds per move")


def main(args: argparse.Namespace) -> int:
    from atlantis_tui.app import AtlantisApp
    from atlantis_tui.saves import default_save_dir
    from atlantis_tui.session import GameSession, parse_players
    from core.bots import BotSettings
    from core.errors import AtlantisError

    save_dir = args.save_dir or default_save_dir()
    settings = BotSettings(time_budget=args.budget)
    try:
        seats = parse_players(args.players)
    except ValueError as error:
        print(f"atlantis play: {error}", file=sys.stderr)
        return 2
    if not 2 <= len(seats) <= 4:
        print("atlantis play: Atlantis is for 2 to 4 players", file=sys.stderr)
        return 2
    try:
        session = GameSession.new(seats, args.seed, save_dir=save_dir, bot_settings=settings)
    except (AtlantisError, OSError) as error:
        print(f"atlantis play: {error}", file=sys.stderr)
        return 2
    AtlantisApp(save_dir, session, args.bot_delay, settings).run()
    session.close()
    return 0


def open_menu(args: argparse.Namespace) -> int:
    from atlantis_tui.app import AtlantisApp
    from core.bots import BotSettings

    AtlantisApp(args.save_dir, None, args.bot_delay, BotSettings(time_budget=args.budget)).run()
    return 0
