"""``atlantis watch HOST:PORT``: follow a hosted game, seeing only what the table shows."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from atlantis_tui.subcommands.options import prefixed
from core.kernel.i18n import _

if TYPE_CHECKING:
    from atlantis_tui.online.client import OnlineClient

EXIT_OK = 0
EXIT_USAGE = 2


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "watch",
        help=_("watch a hosted game (public view only)"),
        description=_("Watch a game hosted with atlantis host: no hand is shown, only the table."),
    )
    parser.add_argument(
        "address",
        metavar=_("HOST:PORT"),
        help=_("the host, e.g. 127.0.0.1:8700 (or a ws:// or wss:// address)"),
    )
    parser.add_argument("--text", action="store_true", help=_("print the log as text, no screen"))
    parser.set_defaults(run=main)


def main(args: argparse.Namespace) -> int:
    import asyncio  # here, not at the top: the app's start-up does not need it

    from atlantis_tui.online.client import OnlineClient, websocket_uri

    try:
        websocket_uri(args.address)
    except ValueError as error:
        print(prefixed("atlantis watch", error), file=sys.stderr)
        return EXIT_USAGE
    if not args.text:
        from atlantis_tui.online.app import run_online_app

        return run_online_app(args.address, "", "atlantis watch")
    return asyncio.run(_print_log(OnlineClient(args.address)))


async def _print_log(client: OnlineClient) -> int:
    """One sentence per event as it happens, until the game is over."""
    from atlantis_tui.online.protocol import Presence, Update
    from core.kernel.events import EventsUndone

    await client.connect()
    game = client.game
    assert game is not None  # connected: the host has named its game
    state = None
    async for message in client.messages():
        if isinstance(message, Presence) and message.waiting:
            away = [seat.name for seat in message.seats if not seat.present]
            print(_("(waiting for {names})").format(names=", ".join(away)), flush=True)
        if not isinstance(message, Update):
            continue
        for offset, event in enumerate(message.events):
            # The game's first event opens it: it is described from the state it makes.
            opening = message.start + offset == 0
            if opening:
                state = game.fold([event])
            if state is None or isinstance(event, EventsUndone):
                continue
            print(game.presentation.describe(state, event), flush=True)
            state = state if opening else game.evolve(state, event)
    await client.close()
    return EXIT_OK
