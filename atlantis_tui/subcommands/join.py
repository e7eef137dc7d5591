"""``atlantis join HOST:PORT CODE``: play your seat of a hosted game (``--bot``: headless)."""

from __future__ import annotations

import argparse
import random
import sys
from typing import TYPE_CHECKING, Any

from atlantis_tui.subcommands.options import SEED, add_budget, prefixed
from core.kernel.i18n import _

if TYPE_CHECKING:
    from atlantis_tui.online.client import OnlineClient
    from core.kernel.bot_settings import BotSettings
    from core.kernel.registry import AnyGameType

EXIT_OK = 0
EXIT_USAGE = 2


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "join",
        help=_("join a hosted game with your seat's code"),
        description=_(
            "Join a game hosted with atlantis host, using the line it printed for you: "
            "atlantis join HOST:PORT CODE, or atlantis join HOST:PORT --code CODE."
        ),
    )
    parser.add_argument(
        "address",
        metavar=_("HOST:PORT"),
        help=_("the host, e.g. 127.0.0.1:8700 (or a ws:// or wss:// address)"),
    )
    parser.add_argument("code", nargs="?", metavar=_("CODE"), help=_("your seat's secret code"))
    parser.add_argument(
        "--code",
        dest="code_option",
        metavar=_("CODE"),
        help=_("your seat's secret code, given as an option (--code=CODE for any code)"),
    )
    parser.add_argument("--bot", metavar=_("NAME"), help=_("play the seat headless with this bot"))
    add_budget(parser)
    parser.add_argument("--seed", type=SEED, help=_("seed of the bot's choices"))
    parser.set_defaults(run=main)


def main(args: argparse.Namespace) -> int:
    import asyncio  # here, not at the top: the app's start-up does not need it

    from atlantis_tui.online.client import OnlineClient, websocket_uri
    from core.games import GAMES
    from core.kernel.bot_settings import BotSettings
    from core.kernel.bots import make_bot_from

    def fail(message: object) -> int:
        print(prefixed("atlantis join", message), file=sys.stderr)
        return EXIT_USAGE

    code = seat_code(args.code, args.code_option)
    if code is None:
        return fail(_("give your seat's code once: atlantis join HOST:PORT CODE (or --code CODE)"))
    try:
        websocket_uri(args.address)
        if args.bot is not None and not any(args.bot in game.play.bots for game in GAMES):
            # The host names its game only once joined: a bot of no game is refused now.
            make_bot_from(GAMES.get(GAMES.ids[0]).play.bots, args.bot)
    except ValueError as error:
        return fail(error)
    if args.bot is None:
        from atlantis_tui.online.app import run_online_app

        return run_online_app(args.address, code, "atlantis join")
    client = OnlineClient(args.address, code)
    settings = BotSettings(time_budget=args.budget)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    return asyncio.run(_play(client, args.bot, settings, seed))


def seat_code(positional: str | None, option: str | None) -> str | None:
    """The code given, as a word or with ``--code``; ``None`` unless exactly one was.

    ``--code`` lets a code be typed whatever its first character: a word that
    begins with ``-`` reads as an option (codes printed by older hosts could)."""
    given = [code for code in (positional, option) if code is not None]
    return given[0] if len(given) == 1 and given[0] else None


async def _play(client: OnlineClient, bot: str, settings: BotSettings, seed: int) -> int:
    from atlantis_tui.online.bot_player import play_seat

    await client.connect()
    state = (await play_seat(client, bot, settings, seed)).state  # the seat's final view's
    assert client.game is not None
    scores = scores_line(client.game, state)
    print(_("Game over: {scores}").format(scores=scores), flush=True)
    return EXIT_OK


def scores_line(game: AnyGameType, state: Any) -> str:
    """``Ann 12, Bob 9``: each player's score in a finished game."""
    names = game.presentation.player_names(state)
    return ", ".join(f"{n} {s}" for n, s in zip(names, game.result(state).scores, strict=False))
