"""A hosted game played to its end by two ``join --bot`` clients and a bot seat on the host."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from tests.online.conftest import HostProcess, atlantis, run_cli, start_cli


def test_two_joined_bots_and_a_host_bot_finish_a_game_the_save_passes_check(
    tmp_path: Path,
) -> None:
    host = HostProcess(
        "--players", "Ann,Bob,bot:greedy", "--save-dir", str(tmp_path), "--seed", "7"
    )
    try:
        assert host.address.startswith("127.0.0.1:")
        joins = host.join_lines
        assert len(joins) == 2  # one line per human seat, none for the bot
        # Each runs as printed: the host was started as python -m atlantis_tui.cli.
        assert {join["program"] for join in joins} == {shlex.join(atlantis())}
        assert host.code("Ann") != host.code("Bob")
        watcher = start_cli("watch", host.address, "--text")
        players = [
            start_cli("join", host.address, host.code(name), "--bot", bot, "--seed", "1")
            for name, bot in (("Ann", "greedy"), ("Bob", "random"))
        ]
        for player in players:
            out, err = player.communicate(timeout=60)
            assert player.returncode == 0, err
            assert out.startswith("Game over: Ann")
        assert host.finish().strip().splitlines()[-1].startswith("Game over: Ann")
        watched, err = watcher.communicate(timeout=30)
        assert watcher.returncode == 0, err
        assert "Ann" in watched and "Bob" in watched
        assert watched.strip().splitlines()[-1].startswith("Final scores")
    finally:
        host.kill()
    checked = run_cli("check", str(host.save))
    assert checked.returncode == 0, checked.stderr
    assert "game finished" in checked.stdout
    header = host.save.read_text().splitlines()[0]
    assert '"seats":["human","human","bot:greedy"]' in header


@pytest.mark.long
def test_an_arkantis_game_hosted_joined_and_watched_from_the_command_line(
    tmp_path: Path,
) -> None:
    host = HostProcess(
        "--game",
        "arkantis",
        "--players",
        "Ann,Bob,bot:greedy",
        "--save-dir",
        str(tmp_path),
        "--seed",
        "7",
    )
    try:
        assert len(host.join_lines) == 2
        watcher = start_cli("watch", host.address, "--text")
        players = [
            start_cli("join", host.address, host.code(name), "--bot", bot, "--seed", "1")
            for name, bot in (("Ann", "greedy"), ("Bob", "random"))
        ]
        for player in players:
            out, err = player.communicate(timeout=120)
            assert player.returncode == 0, err
            assert out.startswith("Game over: Ann")
        final = host.finish(timeout=120).strip().splitlines()[-1]
        assert final.startswith("Game over: Ann")
        watched, err = watcher.communicate(timeout=30)
        assert watcher.returncode == 0, err
        assert "sit down" in watched and "Bob" in watched
    finally:
        host.kill()
    checked = run_cli("check", str(host.save))
    assert checked.returncode == 0, checked.stderr
    assert "game finished" in checked.stdout
    assert '"game":"arkantis"' in host.save.read_text().splitlines()[0]
