"""V1: ``round_spaces=marked`` with a data file that marks no space is refused, in one
line naming the file, wherever a new game is asked for: the new-game form and the
``--option`` of ``atlantis play``, ``simulate`` and ``host``. (A save that claims it
is refused by ``atlantis check``: ``tests/atlantica/core/test_save_checks.py``.)
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Select

from atlantis_tui.app import AtlantisApp
from atlantis_tui.screens.new_game import NewGameRequest, NewGameScreen
from core.atlantica.data import DEFAULT_PATH
from core.atlantica.game_type import ATLANTICA
from tests.cli.helpers import fails

MARKED = ["--game", "atlantica", "--option", "round_spaces=marked"]
COMMANDS = {
    "play": ["play", "--players", "Ann,Bob"],
    "simulate": ["simulate", "--games", "1", "--players", "random,random", "--json"],
    "host": ["host", "--players", "Ann,bot:random", "--port", "0"],
}


@pytest.fixture(autouse=True)
def _no_app(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Nothing here opens the app or a port; saves land in a temporary folder."""
    monkeypatch.setattr(AtlantisApp, "run", lambda self: None)

    async def no_serving(*_args: object) -> None:
        raise AssertionError("the game was hosted")

    monkeypatch.setattr("atlantis_tui.online.hosting.run_host", no_serving)
    monkeypatch.setenv("ATLANTIS_SAVE_DIR", str(tmp_path / "saves"))


@pytest.mark.parametrize("command", list(COMMANDS))
def test_V1_the_command_line_refuses_marked_in_one_line(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    line = fails([*COMMANDS[command], *MARKED], capsys)
    assert "V1" in line and str(DEFAULT_PATH) in line, line
    assert f"atlantis {command}" in line


def test_V1_the_command_line_still_takes_every(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [*COMMANDS["simulate"], "--game", "atlantica", "--option", "round_spaces=every"]
    from atlantis_tui.cli import main

    assert main(argv) == 0
    capsys.readouterr()


@pytest.mark.parametrize("seats", ["with a bot", "humans only"])
async def test_V1_the_new_game_form_refuses_marked_in_one_line(
    seats: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ATLANTIS_SAVE_DIR", str(tmp_path))
    app = AtlantisApp(tmp_path, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        form = NewGameScreen(ATLANTICA, "greedy")
        app.push_screen(form)
        await pilot.pause()
        if seats == "humans only":
            for seat in range(ATLANTICA.players.most):
                kind = form.query_one(f"#kind-{seat}", Select)
                if kind.value not in ("none", "human"):
                    kind.value = "human"
        form.query_one("#option-round_spaces", Select).value = "marked"
        refusal = form._request()
        assert isinstance(refusal, str), refusal
        assert "V1" in refusal and str(DEFAULT_PATH) in refusal and "\n" not in refusal
        form.query_one("#option-round_spaces", Select).value = "every"
        assert isinstance(form._request(), NewGameRequest)
