"""A save that cannot be read at all: every command that reads one says so the same way.

``atlantis check|log|replay|review FILE`` with a file that is missing, that the
system will not let us read, that is a folder, or that is a pipe (which would
wait for a writer for ever): one line, ``atlantis COMMAND: FILE: cannot read …``,
exit 2, no traceback and no ``[Errno …]``.
"""

from __future__ import annotations

import builtins
import contextlib
import io
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from atlantis_tui.app import AtlantisApp
from tests.cli.helpers import fails

COMMANDS = ["check", "log", "replay", "review"]
SHIPPED = Path(__file__).parents[2] / "saves" / "rulebook-X1.atlantis.jsonl"
READERS_WAIT = 20.0
"""Seconds a command may take on a pipe before the test gives it a writer and fails."""


@pytest.fixture(autouse=True)
def _no_app(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Nothing here may open the app; a save folder, if any, is a temporary one."""
    monkeypatch.setattr(AtlantisApp, "run", lambda self: pytest.fail("the app opened"))
    monkeypatch.setenv("ATLANTIS_SAVE_DIR", str(tmp_path / "saves"))


def _refused_by_the_system(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    """Opening ``path`` fails as a file without read permission does (tests may run as
    root, whom ``chmod 000`` does not stop)."""

    def refusing(opener: Callable[..., Any]) -> Callable[..., Any]:
        def opened(file: Any, *args: Any, **kwargs: Any) -> Any:
            if isinstance(file, str | Path) and Path(file).resolve() == path.resolve():
                raise PermissionError(13, "Permission denied", str(file))
            return opener(file, *args, **kwargs)

        return opened

    monkeypatch.setattr(builtins, "open", refusing(builtins.open))
    monkeypatch.setattr(io, "open", refusing(io.open))
    monkeypatch.setattr(os, "open", refusing(os.open))


def _said(command: str, path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    line = fails([command, str(path)], capsys)
    assert line.startswith(f"atlantis {command}: "), line
    assert "cannot read" in line and "Errno" not in line, line
    return line


@pytest.mark.parametrize("command", COMMANDS)
def test_a_missing_file(command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    line = _said(command, tmp_path / "gone.atlantis.jsonl", capsys)
    assert line.endswith("No such file or directory"), line


@pytest.mark.parametrize("command", COMMANDS)
def test_a_folder(command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "a-folder.atlantis.jsonl"
    folder.mkdir()
    assert _said(command, folder, capsys).endswith("it is not a regular file")


@pytest.mark.parametrize("command", COMMANDS)
def test_a_file_the_system_will_not_let_us_read(
    command: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "locked.atlantis.jsonl"
    path.write_text("{}\n")
    _refused_by_the_system(monkeypatch, path)
    assert _said(command, path, capsys).endswith("Permission denied")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize("command", COMMANDS)
def test_a_pipe_is_refused_without_waiting_for_a_writer(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pipe = tmp_path / "pipe.atlantis.jsonl"
    os.mkfifo(pipe)
    said: list[str] = []
    reader = threading.Thread(target=lambda: said.append(_said(command, pipe, capsys)))
    reader.start()
    reader.join(READERS_WAIT)
    if reader.is_alive():
        # Let the blocked reader go (it reads an empty pipe, as often as it opens it).
        while reader.is_alive():
            with contextlib.suppress(OSError):  # nobody is waiting to read just now
                os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
            reader.join(0.1)
        pytest.fail(f"atlantis {command} waited for a writer on a pipe")
    assert said and said[0].endswith("it is not a regular file"), said


def test_a_review_that_cannot_be_kept_is_shown_and_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The review took a while: shown all the same, with one line saying why it is not
    kept beside the save, and exit 2."""
    import shutil

    from atlantis_tui.cli import main

    path = tmp_path / "x1.atlantis.jsonl"
    shutil.copyfile(SHIPPED, path)

    def refused(target: Path, data: bytes) -> None:
        raise PermissionError(13, "Permission denied", str(target))

    monkeypatch.setattr("core.services.review.replace_atomically", refused)
    assert main(["review", str(path), "--budget", "0.01"]) == 2
    out, err = capsys.readouterr()
    assert "mean loss" in out
    kept = tmp_path / "x1.review.json"
    assert err == f"atlantis review: {path}: cannot keep the review in {kept}: Permission denied\n"
