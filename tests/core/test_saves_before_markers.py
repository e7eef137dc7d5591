"""Saves written before action markers (formats 0–2) keep working everywhere.

They name no game (they are Atlantis games) and do not say where each action
begins: the full check finds that, once. ``atlantis check`` finds them
consistent, ``atlantis log`` prints what it printed when they were written
(``tests/fixtures/saves-before-kernel/*.log.txt``, in English), a replay walks
through them and plays on from them, and resuming one rewrites it in the
current format with a marker before each action, where the check finds them.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from atlantis_tui import cli
from atlantis_tui.app import AtlantisApp
from atlantis_tui.games.atlantis.game_screen import GameScreen
from atlantis_tui.screens.replay import ReplayScreen
from atlantis_tui.session import GameSession
from core.atlantis.check import check_events
from core.atlantis.evolve import fold
from core.atlantis.replay import Replay, play_from_here
from core.atlantis.saves import read_checked, read_save, write_save
from core.kernel.savefile import FORMAT_VERSION, file_format
from tests.tui.driver import settle

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = sorted((ROOT / "tests" / "fixtures" / "saves-before-kernel").glob("*.jsonl"))
OLD_SAVES = [
    *FIXTURES,
    *sorted((ROOT / "saves").glob("*.jsonl")),
    *sorted((ROOT / "tests" / "core" / "golden").glob("format-[012].atlantis.jsonl")),
]


def _name(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


def test_there_are_saves_of_every_older_format() -> None:
    assert len(FIXTURES) == 4
    assert {file_format(path) for path in OLD_SAVES} == {0, 1, 2}


@pytest.mark.parametrize("path", OLD_SAVES, ids=_name)
def test_an_old_save_names_no_game_and_no_action(path: Path) -> None:
    saved = read_save(path)
    assert saved.error is None and saved.format < FORMAT_VERSION
    assert saved.header.game == "atlantis" and saved.actions is None
    assert b'"game"' not in path.read_bytes().splitlines()[0]


@pytest.mark.parametrize("path", OLD_SAVES, ids=_name)
def test_atlantis_check_finds_an_old_save_consistent(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["check", str(path)]) == 0
    assert "consistent" in capsys.readouterr().out


@pytest.mark.parametrize("path", FIXTURES, ids=_name)
def test_atlantis_log_prints_what_it_printed_when_the_save_was_written(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    expected = path.with_name(path.name.replace(".atlantis.jsonl", ".log.txt")).read_text()
    assert cli.main(["log", str(path)]) == 0
    assert capsys.readouterr().out == expected


@pytest.mark.parametrize("path", OLD_SAVES, ids=_name)
def test_atlantis_log_reads_every_old_save(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for options in ([], ["--json"]):
        assert cli.main(["log", *options, str(path)]) == 0
        out = capsys.readouterr().out
        assert len(out.splitlines()) >= len(read_save(path).events)


@pytest.mark.parametrize("path", OLD_SAVES, ids=_name)
def test_a_replay_of_an_old_save_plays_on_from_anywhere(path: Path, tmp_path: Path) -> None:
    checked = read_checked(path)
    assert checked.problem is None
    actions = checked.actions
    assert actions == check_events(checked.events).actions
    replay = Replay(checked.events, actions)
    assert replay.seek(replay.last) == len(checked.events) - 1
    assert replay.state == fold(checked.events)
    for position in (0, len(checked.events) // 3, len(checked.events) // 2, replay.last):
        kept, kept_actions = play_from_here(checked.events, position, actions)
        target = tmp_path / f"from-{position}.atlantis.jsonl"
        write_save(target, kept, checked.header.seats, kept_actions)
        saved = read_save(target)
        assert check_events(saved.events, saved.lines, saved.header, saved.actions).ok
        if not fold(kept).is_over:
            GameSession.load(target).close()


@pytest.mark.parametrize("path", OLD_SAVES, ids=_name)
def test_resuming_an_old_save_gives_it_markers_where_the_check_finds_actions(
    path: Path, tmp_path: Path
) -> None:
    copy = tmp_path / path.name
    shutil.copyfile(path, copy)
    before = read_save(copy)
    session = GameSession.load(copy)
    session.close()
    after = read_save(copy)
    assert after.format == FORMAT_VERSION and after.events == before.events
    assert after.header == before.header
    assert after.actions == check_events(before.events).actions
    assert after.actions == tuple(session.game.actions)
    assert check_events(after.events, after.lines, after.header, after.actions).ok


async def test_the_app_plays_on_from_a_replay_of_an_old_save(tmp_path: Path) -> None:
    source = FIXTURES[0]
    save_dir = tmp_path / "saves"
    app = AtlantisApp(save_dir, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        app.open_replay(source)
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.replay.actions == read_checked(source).actions
        screen.replay.seek(screen.replay.last // 2)
        await pilot.press("p")  # play from here
        await settle(pilot, app)
        games = [screen for screen in app.screen_stack if isinstance(screen, GameScreen)]
        assert games  # under the curtain of a hot-seat game
        path = games[0].session.path
        assert path is not None
        saved = read_save(path)
        assert saved.actions is not None and saved.format == FORMAT_VERSION
        assert check_events(saved.events, saved.lines, saved.header, saved.actions).ok
