"""``atlantis bench-ui``: the app's start-up, key-to-repaint and replay-seek times.

The measuring lives in ``atlantis_tui.ui_benchmark``; it is imported only
when this command runs, so that the app's own start-up does not pay for it.
"""

from __future__ import annotations

import argparse
import json

from atlantis_tui.subcommands.options import whole_number
from core.kernel.i18n import _


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser("bench-ui", help=_("measure the app's start-up and key response"))
    parser.add_argument(
        "--runs", type=whole_number(1), default=5, help=_("start-ups of each app (default 5)")
    )
    parser.add_argument(
        "--keys", type=whole_number(1), default=60, help=_("key presses to time (default 60)")
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.set_defaults(run=main)


def main(args: argparse.Namespace) -> int:
    from atlantis_tui.games.atlantis.ui_bench import SCENARIO
    from atlantis_tui.ui_benchmark import measure

    # Atlantis's screens are the ones timed: its preview is the heaviest a key redraws.
    figures = measure(args.runs, args.keys, SCENARIO)
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:34} {value!s:>10}")
    return 0
