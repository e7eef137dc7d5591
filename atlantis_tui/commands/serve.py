"""``atlantis serve``: the app in a web browser, through textual-serve.

Each browser tab gets its own run of the app (textual-serve starts
``atlantis`` per connection), with the same save folder. Like ``host``, it
listens on this machine only unless ``--bind`` says otherwise.
"""

from __future__ import annotations

import argparse
import shlex
import sys

from atlantis_tui.commands.options import add_app_options, prefixed
from core.i18n import _

EXIT_OK = 0
EXIT_USAGE = 2
DEFAULT_PORT = 8000


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
    if not 0 < args.port < 65536:
        message = _("--port {port} is not a port (1 to 65535)").format(port=args.port)
        print(prefixed("atlantis serve", message), file=sys.stderr)
        return EXIT_USAGE
    from textual_serve.server import Server

    server = Server(
        app_command(args),
        host=args.bind,
        port=args.port,
        title="Atlantis",
        public_url=args.public_url,
    )
    try:
        server.serve()
    except OSError as error:
        message = _("cannot listen on {bind}:{port}: {reason}").format(
            bind=args.bind, port=args.port, reason=error.strerror or error
        )
        print(prefixed("atlantis serve", message), file=sys.stderr)
        return EXIT_USAGE
    return EXIT_OK
