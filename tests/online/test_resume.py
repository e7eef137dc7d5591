"""``atlantis host --resume``: a host stopped mid-game hosts its save again, and it finishes."""

from __future__ import annotations

import time
from pathlib import Path

from tests.online.conftest import HostProcess, run_cli, start_cli


def test_a_killed_host_resumes_its_save_and_the_game_finishes(tmp_path: Path) -> None:
    first = HostProcess(
        "--players", "Ann,Bob,bot:random", "--save-dir", str(tmp_path), "--bot-delay", "0.02"
    )
    joined = [
        start_cli("join", first.address, first.code(name), "--bot", "random")
        for name in ("Ann", "Bob")
    ]
    try:
        deadline = time.monotonic() + 30
        while len(first.save.read_bytes().splitlines()) < 40:
            assert time.monotonic() < deadline
            time.sleep(0.005)
    finally:
        first.kill()
        for process in joined:
            process.kill()
            process.communicate()
    assert "game-ended" not in first.save.read_text()
    held = len(first.save.read_bytes().splitlines())

    again = HostProcess("--resume", str(first.save))
    try:
        assert again.save == first.save
        assert again.code("Ann") != first.code("Ann")  # new codes each time a game is hosted
        players = [
            start_cli("join", again.address, again.code(name), "--bot", "greedy")
            for name in ("Ann", "Bob")
        ]
        for player in players:
            _out, err = player.communicate(timeout=60)
            assert player.returncode == 0, err
        again.finish()
    finally:
        again.kill()
    assert len(first.save.read_bytes().splitlines()) > held
    checked = run_cli("check", str(first.save))
    assert checked.returncode == 0, checked.stderr
    assert "game finished" in checked.stdout
    finished = run_cli("host", "--resume", str(first.save))
    assert finished.returncode == 2 and "is over" in finished.stderr
