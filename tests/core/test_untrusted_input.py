"""Untrusted input: save files and save names cannot make the game run code or
escape its folder.

- No module of the engine or the app uses ``pickle``, ``marshal``, ``shelve``,
  ``eval`` or ``exec`` (read from their syntax trees, not by grepping text).
- A file over ``MAX_FILE_BYTES``, or with a line over ``MAX_LINE_BYTES``, is
  refused with one clear sentence.
- ``safe_save_path`` keeps every name inside the save folder and short enough
  for any file system.
"""

from __future__ import annotations

import ast
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from atlantis_tui import cli
from core.atlantis.saves import read_save, write_save
from core.games import GAMES
from core.kernel import savefile
from core.kernel.errors import SaveFileError
from core.kernel.savefile import MAX_NAME_BYTES, MAX_NAME_CHARS, parse_save, safe_save_path
from tests.core.helpers import seeded_game

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted([*(ROOT / "core").rglob("*.py"), *(ROOT / "atlantis_tui").rglob("*.py")])
FORBIDDEN_MODULES = {"pickle", "cPickle", "_pickle", "marshal", "shelve", "dill"}
FORBIDDEN_CALLS = {"eval", "exec"}


# ---------------------------------------------------------------- no code from data


def forbidden_uses(tree: ast.AST) -> list[str]:
    """Imports of the forbidden modules and calls of ``eval``/``exec``, at any depth."""
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[0] in FORBIDDEN_MODULES]
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module.split(".")[0] in FORBIDDEN_MODULES:
                found.append(node.module)
        elif isinstance(node, ast.Call):
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            if name in ("__import__", "import_module") and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and first.value in FORBIDDEN_MODULES:
                    found.append(str(first.value))
        elif isinstance(node, ast.Name | ast.Attribute):
            # Any mention, not only calls: ``run = eval`` then ``run(text)`` is caught too.
            name = getattr(node, "id", getattr(node, "attr", None))
            if name in FORBIDDEN_CALLS:
                found.append(str(name))
    return found


def test_the_sources_are_scanned() -> None:
    assert len(SOURCES) > 30
    assert ROOT / "core" / "kernel" / "savefile.py" in SOURCES


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_pickle_marshal_eval_or_exec(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    assert not forbidden_uses(tree), f"{path.relative_to(ROOT)}: {forbidden_uses(tree)}"


def test_the_scan_finds_what_it_looks_for() -> None:
    text = (
        "import pickle\nfrom marshal import loads\nimport shelve as s\n"
        "eval('1')\nbuiltins.exec('x')\n__import__('pickle')\nrun = eval\n"
    )
    assert len(forbidden_uses(ast.parse(text))) == 7


# ---------------------------------------------------------------- size limits


@pytest.fixture
def save(tmp_path: Path) -> Path:
    path = tmp_path / "game.atlantis.jsonl"
    write_save(path, seeded_game(["Ann", "Bob"], 3).events)
    return path


def _one_line(capsys: pytest.CaptureFixture[str]) -> str:
    out, err = capsys.readouterr()
    printed = (out + err).splitlines()
    assert len(printed) == 1, printed
    return printed[0]


def test_a_file_over_the_size_limit_is_refused(
    save: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(savefile, "MAX_FILE_BYTES", 1000)
    readers: tuple[Callable[[], object], ...] = (
        lambda: read_save(save),
        lambda: parse_save(save.read_bytes(), GAMES),
    )
    for reader in readers:
        with pytest.raises(SaveFileError) as refused:
            reader()
        assert str(refused.value) == (
            "the file is larger than 1000 bytes, so it is not an Atlantis save"
        )
    assert cli.main(["check", str(save)]) == 2
    assert "larger than 1000 bytes" in _one_line(capsys)


def test_the_size_limit_reads_as_a_size() -> None:
    assert savefile._size_text(32 * 2**20) == "32 MiB"
    assert savefile._size_text(2**20) == "1 MiB"
    assert savefile._size_text(3 * 2**10) == "3 KiB"
    assert savefile._size_text(1500) == "1500 bytes"


def test_an_over_long_line_is_refused(
    save: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = save.read_bytes().splitlines(keepends=True)
    monkeypatch.setattr(savefile, "MAX_LINE_BYTES", 4000)
    save.write_bytes(b"".join([*lines[:4], b" " * 4001 + b"{}\n", *lines[4:]]))
    with pytest.raises(SaveFileError, match=r"^line 5: the line is longer than 4000 bytes$"):
        read_save(save)
    kept = read_save(save, mode="keep_prefix")
    assert kept.error is not None and kept.error.line == 5 and len(kept.events) == 3
    assert cli.main(["check", str(save)]) == 2
    assert "line 5: the line is longer than 4000 bytes" in _one_line(capsys)


def test_an_over_long_header_is_refused(
    save: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(savefile, "MAX_LINE_BYTES", 100)
    with pytest.raises(SaveFileError, match=r"^line 1: the header is longer than 100 bytes$"):
        read_save(save, mode="keep_prefix")
    assert cli.main(["check", str(save)]) == 2
    assert "line 1: the header is longer than 100 bytes" in _one_line(capsys)


def test_the_real_line_limit_refuses_a_huge_line(save: Path) -> None:
    lines = save.read_bytes().splitlines(keepends=True)
    huge = b'{"type":"turn-ended","player":0,"next_player":1,"x":"' + b"a" * 2**20 + b'"}\n'
    save.write_bytes(b"".join([*lines, huge]))
    with pytest.raises(SaveFileError, match="longer than 1 MiB"):
        read_save(save)


def test_a_file_that_is_not_a_file_is_refused(tmp_path: Path) -> None:
    for path in (tmp_path, tmp_path / "missing.atlantis.jsonl"):
        with pytest.raises(SaveFileError, match=r"^cannot read "):
            read_save(path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_named_pipe_is_refused_without_waiting(tmp_path: Path) -> None:
    """Reading a pipe would wait for a writer forever."""
    pipe = tmp_path / "pipe.atlantis.jsonl"
    os.mkfifo(pipe)
    with pytest.raises(SaveFileError, match="it is not a regular file"):
        read_save(pipe)


# ---------------------------------------------------------------- save names


HOSTILE_NAMES = [
    "../x",
    "../../etc/passwd",
    "/etc/passwd",
    "a/../../b",
    "..\\..\\windows\\system32",
    "x\0y",
    "name\nwith\nnewlines",
    "~/.bashrc",
    "$HOME",
    "C:\\autoexec.bat",
    "-rf",
    "x" * 10_000,
    "../" * 500 + "x",
    "é" * 300,
    "名" * 300,
    "𝔸" * 300,
    "ok.jsonl",
    "a" * 300 + ".jsonl",
]


@pytest.mark.parametrize("name", HOSTILE_NAMES, ids=range(len(HOSTILE_NAMES)))
def test_a_save_name_cannot_leave_the_folder(tmp_path: Path, name: str) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    path = safe_save_path(folder, name)
    assert path.parent == folder.resolve()
    assert path.resolve().parent == folder.resolve()
    stem = path.name.removesuffix(".jsonl").removesuffix(".atlantis")
    assert len(stem) <= MAX_NAME_CHARS and len(stem.encode()) <= MAX_NAME_BYTES
    assert len(path.name.encode()) <= 255
    assert "\0" not in path.name and "/" not in path.name and "\\" not in path.name
    write_save(path, seeded_game(["Ann", "Bob"], 1).events)  # the file system accepts it
    assert read_save(path).error is None


@pytest.mark.parametrize("name", ["", ".", "..", "...", "/", "\0\0", "-.-", "  "])
def test_an_empty_save_name_is_refused(tmp_path: Path, name: str) -> None:
    with pytest.raises(ValueError, match="a save needs a name"):
        safe_save_path(tmp_path, name)


def test_long_names_stay_distinct(tmp_path: Path) -> None:
    """Shortening keeps the start (the date) and the end (a counter such as ``-2``)."""
    stem = "20250101-120000-" + "Ann-" * 40
    paths = {safe_save_path(tmp_path, f"{stem}from-{n}") for n in range(30)}
    assert len(paths) == 30
    assert all(path.name.startswith("20250101-120000-") for path in paths)


def test_short_names_are_kept(tmp_path: Path) -> None:
    assert safe_save_path(tmp_path, "Ann vs Bob").name == "Ann-vs-Bob.atlantis.jsonl"
    assert safe_save_path(tmp_path, "game.jsonl").name == "game.jsonl"
    assert safe_save_path(tmp_path, "x" * MAX_NAME_CHARS).name == "x" * 100 + ".atlantis.jsonl"
