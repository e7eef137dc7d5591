"""``atlantis host``: the lines it prints run as printed, and Ctrl+C says how to resume.

A host started by a path (``.venv/bin/atlantis``, not on the PATH) prints join
lines that start with that path, and one run with ``python -m atlantis_tui.cli``
prints that; ``atlantis`` alone only when that name runs this very program.
Ctrl+C stops the host with one line: the command that hosts the save again.
"""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.online.conftest import JOIN_LINE, WATCH_LINE

ROOT = Path(__file__).parents[2]
SCRIPT = Path(sys.executable).parent / "atlantis"
"""The ``atlantis`` command ``pip install`` put beside this interpreter."""

needs_script = pytest.mark.skipif(not SCRIPT.exists(), reason="atlantis is not installed here")


# ---------------------------------------------------------------- invoked_as


def test_run_as_a_module_it_names_the_interpreter_and_the_module() -> None:
    from atlantis_tui.online.hosting import invoked_as

    orig = ["/opt/py 3/python", "-X", "dev", "-m", "atlantis_tui.cli", "host", "--port", "0"]
    assert (
        invoked_as("/x/atlantis_tui/cli.py", orig)
        == "'/opt/py 3/python' -X dev -m atlantis_tui.cli"
    )


def test_run_by_a_path_off_the_path_it_names_that_path(tmp_path: Path) -> None:
    from atlantis_tui.online.hosting import invoked_as

    script = tmp_path / "venv bin" / "atlantis"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    given = str(script)
    assert invoked_as(given, [given, "host"], str(elsewhere)) == shlex.quote(given)
    assert invoked_as("venv/atlantis", ["venv/atlantis"], str(elsewhere)) == "venv/atlantis"


def test_atlantis_alone_when_the_path_finds_this_very_program(tmp_path: Path) -> None:
    from atlantis_tui.online.hosting import invoked_as

    script = tmp_path / "atlantis"
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    assert invoked_as(str(script), [str(script), "host"], str(tmp_path)) == "atlantis"
    other = tmp_path / "other"
    other.mkdir()
    (other / "atlantis").write_text("#!/bin/sh\n")
    (other / "atlantis").chmod(0o755)
    # Another atlantis comes first on the PATH: only the path runs this one.
    path = f"{other}{os.pathsep}{tmp_path}"
    assert invoked_as(str(script), [str(script), "host"], path) == shlex.quote(str(script))


def test_the_resume_command_quotes_the_file() -> None:
    from atlantis_tui.online.hosting import resume_command

    path = Path("/saves/Ann and Bob.atlantis.jsonl")
    assert resume_command(path, "atlantis") == (
        "atlantis host --resume '/saves/Ann and Bob.atlantis.jsonl'"
    )


@pytest.mark.parametrize(
    "program", ["atlantis", ".venv/bin/atlantis", "/usr/bin/python3 -m atlantis_tui.cli"]
)
def test_a_printed_join_line_pastes_into_the_apps_join_dialog(program: str) -> None:
    from atlantis_tui.online.menu import parse_join

    request = parse_join(f"{program} join 127.0.0.1:8700 Xy3-abc  # Ann")
    assert (request.address, request.code) == ("127.0.0.1:8700", "Xy3-abc")


# ---------------------------------------------------------------- a real host


def _path_without_atlantis() -> str:
    folders = os.environ.get("PATH", "").split(os.pathsep)
    return os.pathsep.join(f for f in folders if f and not (Path(f) / "atlantis").exists())


def _environment() -> dict[str, str]:
    return {**os.environ, "PATH": _path_without_atlantis(), "PYTHONUNBUFFERED": "1"}


def _start(command: list[str], cwd: Path = ROOT) -> subprocess.Popen[str]:
    # Ctrl+C as a terminal sends it: SIGINT, not ignored even if this test runner ignores it.
    return subprocess.Popen(
        command,
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_environment(),
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def _printed(host: subprocess.Popen[str]) -> list[str]:
    """The lines the host prints until its watch line."""
    assert host.stdout is not None
    lines: list[str] = []
    while not lines or WATCH_LINE.fullmatch(lines[-1]) is None:
        line = host.stdout.readline()
        if not line:
            host.kill()
            raise AssertionError(f"host ended early: {host.communicate()}")
        lines.append(line.rstrip("\n"))
    return lines


def _stop(process: subprocess.Popen[str]) -> None:
    if process.poll() is None:
        process.kill()
        process.communicate()


@needs_script
def test_a_host_started_by_a_path_prints_join_lines_that_run_as_printed(tmp_path: Path) -> None:
    given = os.path.relpath(SCRIPT, ROOT)  # as typed in the project: .venv/bin/atlantis
    host = _start([given, "host", "--players", "Ann,bot:random", "--port", "0",
                   "--save-dir", str(tmp_path), "--seed", "3"])  # fmt: skip
    player = None
    try:
        lines = _printed(host)
        join = JOIN_LINE.fullmatch(lines[1])
        assert join is not None and join["program"] == given, lines
        watch = WATCH_LINE.fullmatch(lines[2])
        assert watch is not None and watch["program"] == given, lines
        command = shlex.split(lines[1].split("#", 1)[0])  # the line as printed, run
        player = _start([*command, "--bot", "random", "--seed", "1"])
        out, err = player.communicate(timeout=60)
        assert player.returncode == 0, err
        assert out.startswith("Game over: Ann")
        out, err = host.communicate(timeout=30)
        assert host.returncode == 0, err
    finally:
        _stop(host)
        if player is not None:
            _stop(player)


@needs_script
def test_ctrl_c_on_a_host_says_how_to_host_the_game_again(tmp_path: Path) -> None:
    given = os.path.relpath(SCRIPT, ROOT)
    host = _start([given, "host", "--players", "Ann,Bob", "--port", "0",
                   "--save-dir", str(tmp_path)])  # fmt: skip
    try:
        save = Path(_printed(host)[0].rsplit("saving to ", 1)[1])
        host.send_signal(signal.SIGINT)
        out, err = host.communicate(timeout=30)
    finally:
        _stop(host)
    assert host.returncode == 130
    assert "Traceback" not in out + err
    resume = f"{given} host --resume {shlex.quote(str(save))}"
    assert err == f"Stopped; the game is saved. To host it again: {resume}\n"
    again = _start([*shlex.split(resume), "--port", "0"])  # the command as printed
    try:
        lines = _printed(again)
        assert lines[0].endswith(f"saving to {save}")
        again.send_signal(signal.SIGINT)
        _out, err = again.communicate(timeout=30)
        assert again.returncode == 130 and f"--resume {shlex.quote(str(save))}" in err
    finally:
        _stop(again)
