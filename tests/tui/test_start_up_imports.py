"""The start menu's first frame waits for no rules engine: the games' registry, which
gives the shell's catalogue the games' sentences, is loaded once the menu is drawn, and
before any command's text is written. Each check runs in a fresh interpreter, since the
test session itself has loaded every game."""

from __future__ import annotations

import subprocess
import sys
import textwrap

APP = textwrap.dedent(
    """
    import asyncio, sys, tempfile
    from pathlib import Path
    from atlantis_tui.app import AtlantisApp
    from atlantis_tui.cli import menu_args

    assert menu_args([]) is not None
    before = "core.games" in sys.modules

    async def main():
        app = AtlantisApp(Path(tempfile.mkdtemp()), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            print(before, "core.games" in sys.modules)

    asyncio.run(main())
    """
)

COMMAND = textwrap.dedent(
    """
    import sys
    from atlantis_tui.cli import build_parser
    build_parser()
    print("core.games" in sys.modules)
    """
)


def run(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    return done.stdout.strip()


def test_the_games_are_loaded_after_the_start_menu_is_drawn() -> None:
    assert run(APP) == "False True"


def test_every_command_has_the_games_before_it_speaks() -> None:
    assert run(COMMAND) == "True"
