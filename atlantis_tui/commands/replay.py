"""``atlantis replay FILE``: open a saved game in the replay viewer."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser("replay", help="step through a saved game")
    parser.add_argument("file", type=Path, help="a save file (.jsonl)")
    parser.set_defaults(run=main)


def main(args: argparse.Namespace) -> int:
    from atlantis_tui.app import AtlantisApp
    from core.errors import SaveFileError
    from core.savefile import read_save

    try:
        read_save(args.file, mode="keep_prefix")
    except SaveFileError as error:
        print(f"atlantis replay: {args.file}: {error}", file=sys.stderr)
        return 2
    AtlantisApp(args.save_dir, None, args.bot_delay, replay=args.file).run()
    return 0
