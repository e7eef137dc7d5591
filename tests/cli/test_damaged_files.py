"""Damaged files are refused by every reader, as ``atlantis check`` refuses them.

``atlantis log`` (text and ``--json``) and ``atlantis replay`` answer a damaged
save with one line naming the file and the line, and exit 2: no traceback, no
game made up from events the rules never gave, no event or pile quoted. The
app's Replay and Load say what is wrong before they show anything, and offer the
game up to the damaged line when there is one to show.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from atlantis_tui import cli
from atlantis_tui.app import AtlantisApp
from atlantis_tui.games.atlantis.game_screen import GameScreen
from atlantis_tui.screens.choosers import ChoiceScreen
from atlantis_tui.screens.replay import ReplayScreen
from core.atlantis.check import check_events
from core.atlantis.saves import read_save
from tests.tui.driver import settle

ROOT = Path(__file__).parents[2]
DEMO = ROOT / "saves" / "demo-4-players.atlantis.jsonl"
README = ROOT / "README.md"
TORN = 121
"""The line cut in two in the truncated save."""


def _lines() -> list[bytes]:
    return DEMO.read_bytes().splitlines(keepends=True)


def _space(value: bytes) -> Callable[[list[bytes]], bytes]:
    def damage(lines: list[bytes]) -> bytes:
        assert b'"space":8,' in lines[19]  # line 20: a tile taken from space 8
        lines[19] = lines[19].replace(b'"space":8,', b'"space":' + value + b",")
        return b"".join(lines)

    return damage


def _deleted(lines: list[bytes]) -> bytes:
    return b"".join(lines[:19] + lines[20:])


def _truncated(lines: list[bytes]) -> bytes:
    torn = lines[TORN - 1]
    return b"".join(lines[: TORN - 1]) + torn[: len(torn) // 2]


def _header_only(lines: list[bytes]) -> bytes:
    return lines[0]


DAMAGE: dict[str, tuple[Callable[[list[bytes]], bytes], int]] = {
    "space-99": (_space(b"99"), 20),
    "space-minus-1": (_space(b"-1"), 20),
    "deleted-line": (_deleted, 20),
    "truncated": (_truncated, TORN),
    "header-only": (_header_only, 2),
}
"""Each kind of damage, and the line every reader must name."""

CASES = [*DAMAGE, "readme"]


def damaged(tmp_path: Path, case: str) -> tuple[Path, int]:
    """The damaged file for ``case`` and the line to name."""
    if case == "readme":
        return README, 1
    damage, line = DAMAGE[case]
    path = tmp_path / f"{case}.atlantis.jsonl"
    path.write_bytes(damage(_lines()))
    return path, line


def assert_one_line_refusal(
    code: int, out: str, err: str, command: str, path: Path, line: int
) -> None:
    assert code == 2, (out, err)
    assert "Traceback" not in out + err
    assert out == ""
    assert len(err.splitlines()) == 1, err
    assert err.startswith(f"atlantis {command}: {path}: line {line}: "), err
    for quoted in ('"type"', '"cards"', '"deck"', "[", "{"):
        assert quoted not in err, err  # neither an event nor the pile is quoted


@pytest.fixture(autouse=True)
def _save_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "saves"
    monkeypatch.setenv("ATLANTIS_SAVE_DIR", str(folder))
    return folder


# ---------------------------------------------------------------- the command line


@pytest.mark.parametrize("json", [False, True], ids=["text", "json"])
@pytest.mark.parametrize("case", CASES)
def test_log_refuses_a_damaged_file_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str, json: bool
) -> None:
    path, line = damaged(tmp_path, case)
    code = cli.main(["log", str(path), *(["--json"] if json else [])])
    out, err = capsys.readouterr()
    assert_one_line_refusal(code, out, err, "log", path, line)


@pytest.mark.parametrize("case", CASES)
def test_replay_refuses_a_damaged_file_before_the_app_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, case: str
) -> None:
    def no_app(app: object) -> int:
        raise AssertionError("the app was started")

    monkeypatch.setattr("atlantis_tui.subcommands.play.run_app", no_app)
    path, line = damaged(tmp_path, case)
    code = cli.main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert_one_line_refusal(code, out, err, "replay", path, line)


def test_replay_opens_a_sound_save_in_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[Path | None] = []

    def app_started(app: AtlantisApp) -> int:
        opened.append(app.initial_replay)
        return 0

    monkeypatch.setattr("atlantis_tui.subcommands.play.run_app", app_started)
    assert cli.main(["replay", str(DEMO)]) == 0
    assert opened == [DEMO]


@pytest.mark.parametrize("case", CASES)
def test_check_names_the_same_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    path, line = damaged(tmp_path, case)
    assert cli.main(["check", str(path)]) in (1, 2)
    assert capsys.readouterr().err.startswith(f"{path}: line {line}: ")


# ---------------------------------------------------------------- the app

SHOWABLE = ["space-99", "space-minus-1", "deleted-line", "truncated"]


def _consistent_prefix(path: Path) -> list[object]:
    """The events before the damaged line that the rules give, as the replay must show."""
    saved = read_save(path, mode="keep_prefix")
    result = check_events(saved.events, saved.lines, saved.header)
    events = list(saved.events[: result.events_checked])
    assert check_events(events).ok
    return events


@pytest.mark.parametrize("case", SHOWABLE)
async def test_the_app_replay_says_the_damage_before_showing_the_game_up_to_it(
    tmp_path: Path, _save_dir: Path, case: str
) -> None:
    path, line = damaged(tmp_path, case)
    expected = _consistent_prefix(path)
    app = AtlantisApp(_save_dir, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        app.open_replay(path)
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, ChoiceScreen)
        assert not any(isinstance(s, ReplayScreen) for s in app.screen_stack)
        explanation = screen._explanation
        assert f"line {line}: " in explanation
        assert f"events 0 to {len(expected) - 1}" in explanation
        assert '"cards"' not in explanation and '"type"' not in explanation
        await pilot.press("enter")  # replay up to the damaged line
        await settle(pilot, app)
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert replay.replay.events == expected
        assert replay.replay.last == len(expected) - 1


@pytest.mark.parametrize("case", ["header-only", "readme"])
async def test_the_app_refuses_a_file_with_no_game_in_one_line(
    tmp_path: Path, _save_dir: Path, case: str
) -> None:
    path, line = damaged(tmp_path, case)
    app = AtlantisApp(_save_dir, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        menu = list(app.screen_stack)
        for open_file in (app.open_replay, app.open_save):
            app.clear_notifications()
            open_file(path)
            await settle(pilot, app)
            assert app.screen_stack == menu  # nothing shown, nothing offered
            notes = list(app._notifications)
            assert len(notes) == 1
            assert notes[0].severity == "error"
            assert notes[0].title == f"Cannot open {path.name}"
            assert notes[0].message.startswith(f"line {line}: ")
            assert "\n" not in notes[0].message


async def test_loading_a_save_that_breaks_a_rule_offers_the_game_before_it(
    tmp_path: Path, _save_dir: Path
) -> None:
    path, line = damaged(tmp_path, "space-99")
    app = AtlantisApp(_save_dir, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        app.open_save(path)
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, ChoiceScreen)
        assert f"line {line}: T6: " in screen._explanation
        assert '"cards"' not in screen._explanation and '"type"' not in screen._explanation
        await pilot.press("enter")  # open the game up to the damaged line
        for _ in range(3):  # the game screen mounted whole (its header too) before the app closes
            await pilot.pause()
        games = [s for s in app.screen_stack if isinstance(s, GameScreen)]
        assert games
        action = line - 3  # the damaged tile-taken event ends the move begun the line before
        assert games[0].session.events[:action] == list(read_save(DEMO).events[:action])
        assert check_events(read_save(path).events).ok
        assert path.with_name(path.name + ".damaged").exists()
