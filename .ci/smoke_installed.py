"""Smoke test of the installed app, run by .ci/run from a folder outside the checkout.

Drives the app installed from the wheel (not the checkout's sources) with
Textual's headless pilot: the start menu, the Rules screen, and the tutorial's
feedback on a wrong move, which quotes the rules text. Any exception, or a
screen that does not appear, exits non-zero.

Usage: python smoke_installed.py CHECKOUT [LANGUAGE]

With a LANGUAGE (``fr``), the same run in that language, which must come from the
installed compiled catalogue: the menu's first entry must not be English.
"""

from __future__ import annotations

import asyncio
import sys
import sysconfig
import tempfile
from pathlib import Path


def main(checkout: Path, code: str = "en") -> int:
    import atlantis_tui
    import core

    installed = Path(sysconfig.get_paths()["purelib"]).resolve()
    for package in (atlantis_tui, core):
        where = Path(package.__file__ or "").resolve()
        if installed not in where.parents:
            print(f"smoke: {package.__name__} comes from {where}, not the installed wheel")
            return 1
    # The pilot's key helpers live with the tests; the installed packages stay first.
    sys.path.append(str(checkout))
    from core.kernel.i18n import set_language

    set_language(code)
    asyncio.run(_drive(code))
    print(f"smoke ({code}): start menu, rules and tutorial feedback work from the installed wheel")
    return 0


async def _drive(code: str) -> None:
    from textual.widgets import OptionList

    from atlantis_tui.app import AtlantisApp
    from atlantis_tui.games.atlantis.tutorial_screen import TutorialScreen
    from atlantis_tui.screens.rules import RulesScreen
    from atlantis_tui.screens.start import StartScreen
    from atlantis_tui.tutorial_app import TutorialApp
    from core.atlantis.lessons import LESSONS
    from tests.tui.driver import make

    with tempfile.TemporaryDirectory() as folder:
        save_dir = Path(folder)
        app = AtlantisApp(save_dir, bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, StartScreen), app.screen
            menu = app.screen.query_one("#menu", OptionList)
            first = str(menu.get_option_at_index(0).prompt)
            assert (first == "New game") == (code == "en"), first
            app.action_rules("T5.4")
            await pilot.pause()
            assert isinstance(app.screen, RulesScreen), app.screen
            assert len(app.screen.blocks) > 20
            await pilot.press("escape")
            await pilot.pause()
        assert app.return_code in (None, 0), app.return_code

        index, lesson = next((i, each) for i, each in enumerate(LESSONS) if each.wrong)
        tutorial = TutorialApp(save_dir, index, bot_delay=0)
        async with tutorial.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = tutorial.screen
            assert isinstance(screen, TutorialScreen), screen
            await make(pilot, tutorial, lesson.wrong[0])
            shown = str(screen.query_one("#tut-feedback").render())
            assert screen.verdict is not None and not screen.verdict.done
            assert lesson.wrong[0].rule in shown, shown
        assert tutorial.return_code in (None, 0), tutorial.return_code


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]).resolve(), *sys.argv[2:3]))
