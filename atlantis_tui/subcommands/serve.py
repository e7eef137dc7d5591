"""``atlantis serve``: the app in a web browser, through textual-serve.

Each browser tab gets its own run of the app (textual-serve starts
``atlantis`` per connection), with the same save folder. Only its owner can
drive it: the printed address holds a secret token, pages of other sites are
refused, and at most ``--max-sessions`` apps run at once (see
``atlantis_tui.serving``). Like ``host``, it listens on this machine only
unless ``--bind`` says otherwise.
"""

from __future__ import annotations

import argparse
import shlex
import sys

from atlantis_tui.subcommands.options import add_app_options, prefixed
from core.kernel.i18n import _

EXIT_OK = 0
EXIT_USAGE = 2
DEFAULT_PORT = 8000


def default_max_sessions() -> int:
    """Tabs served at once by default: one for each seat of the largest table a game
    takes (``GameType.players``), so that a whole table can play from one server."""
    from core.games import GAMES

    return max(game.players.most for game in GAMES)


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "serve",
        help=_("serve the app to web browsers"),
        description=_("Serve the app over HTTP: open the printed address in a browser."),
    )
    parser.add_argument(
        "--bind", default="127.0.0.1", help=_("address to listen on (default 127.0.0.1)")
    )
    parser.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        help=_("port (default {port})").format(port=DEFAULT_PORT),
    )
    parser.add_argument("--public-url", help=_("the address browsers use, behind a proxy"))
    sessions = default_max_sessions()
    parser.add_argument(
        "--max-sessions",
        type=int,
        default=sessions,
        help=_("browser tabs served at once, each with its own app (default {count})").format(
            count=sessions
        ),
    )
    add_app_options(parser)
    parser.set_defaults(run=main)


def app_command(args: argparse.Namespace) -> str:
    """The shell command textual-serve runs for each browser: this ``atlantis``, same options."""
    words = [sys.executable, "-m", "atlantis_tui.cli"]
    if args.save_dir is not None:
        words += ["--save-dir", str(args.save_dir.resolve())]
    words += ["--bot-delay", str(args.bot_delay), "--budget", str(args.budget)]
    return shlex.join(words)


def main(args: argparse.Namespace) -> int:
    def fail(message: object) -> int:
        print(prefixed("atlantis serve", message), file=sys.stderr)
        return EXIT_USAGE

    if not 0 < args.port < 65536:
        return fail(_("--port {port} is not a port (1 to 65535)").format(port=args.port))
    if args.max_sessions < 1:
        message = _("--max-sessions {count} is not a number of tabs (1 or more)")
        return fail(message.format(count=args.max_sessions))
    from atlantis_tui.online.hosting import shown_host
    from atlantis_tui.serving import GuardedServer, listen, origin_of

    if args.public_url is not None and origin_of(args.public_url) is None:
        message = _("--public-url {url} is not an http:// or https:// address")
        return fail(message.format(url=args.public_url))
    try:
        listening = listen(args.bind, args.port)
    except OSError as error:
        message = _("cannot listen on {bind}:{port}: {reason}").format(
            bind=args.bind, port=args.port, reason=error.strerror or error
        )
        return fail(message)
    public_url = args.public_url or f"http://{shown_host(args.bind)}:{args.port}"
    server = GuardedServer(
        app_command(args),
        listening,
        public_url.rstrip("/"),
        max_sessions=args.max_sessions,
        title="Atlantis",
    )
    server.serve()
    return EXIT_OK
