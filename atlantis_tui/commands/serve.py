"""``atlantis serve``: the app in a web browser, through textual-serve."""

from __future__ import annotations

import argparse


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser("serve", help="serve the app to web browsers")
    parser.set_defaults(run=main)


def main(args: argparse.Namespace) -> int:
    return 0
