"""A save file's life on disk: names, atomic rewrites, copies, resuming."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from core.atlantis.bots import make_bot
from core.atlantis.bots.play import play_game
from core.atlantis.events import TurnEnded
from core.atlantis.saves import read_save, resume_save, write_save
from core.kernel.atomic_files import replace_atomically
from core.kernel.errors import SaveFileError
from core.kernel.save_lifecycle import copy_save, rewrite_save, unused_save_path
from core.kernel.save_names import SUFFIX


def _saved(folder: Path, name: str = "game") -> Path:
    """A game cut where a turn ends, about a third of the way in."""
    played, _ = play_game([make_bot("random"), make_bot("random")], 4)
    cut = next(
        n for n in range(80, len(played.events)) if isinstance(played.events[n - 1], TurnEnded)
    )
    path = folder / f"{name}{SUFFIX}"
    write_save(path, played.events[:cut], ("human", "bot:random"))
    return path


def test_unused_names_never_overwrite(tmp_path: Path) -> None:
    first = unused_save_path(tmp_path, "Ann-Bob")
    assert first.name == f"Ann-Bob{SUFFIX}"
    first.write_text("x")
    second = unused_save_path(tmp_path, "Ann-Bob")
    assert second.name == f"Ann-Bob-2{SUFFIX}"
    second.write_text("x")
    assert unused_save_path(tmp_path, "Ann-Bob").name == f"Ann-Bob-3{SUFFIX}"


def test_copies_never_overwrite_an_earlier_copy(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    first = copy_save(path)
    path.write_bytes(path.read_bytes())  # the game went on
    second = copy_save(path)
    assert first != second and first.exists() and second.exists()
    assert second.name == f"game-copy-2{SUFFIX}"
    assert read_save(first).events == read_save(path).events


def test_replace_atomically_leaves_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "progress.json"
    replace_atomically(target, b"one")
    replace_atomically(target, b"two")
    assert target.read_bytes() == b"two"
    assert sorted(os.listdir(tmp_path)) == ["progress.json"]


def test_a_rewrite_keeps_the_header(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    before = read_save(path)
    assert before.actions is not None
    actions = before.actions[:5]
    rewrite_save(path, before.header, list(before.events[: actions[-1].end]), actions)
    after = read_save(path)
    assert after.header == before.header  # creation time and seats included
    assert after.events == before.events[: actions[-1].end]
    assert after.actions == actions


def test_resuming_reads_once_and_gives_where_actions_start(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    resumed = resume_save(path)
    assert not resumed.repaired
    assert resumed.command_starts and resumed.command_starts == tuple(
        sorted(resumed.command_starts)
    )
    assert resumed.events == read_save(path).events


def test_a_damaged_save_is_refused_unless_repaired(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join([*lines[:50], b"{not json\n", *lines[50:]]))
    with pytest.raises(SaveFileError) as refused:
        resume_save(path)
    assert refused.value.line == 51
    resumed = resume_save(path, repair=True)
    assert resumed.repaired
    assert (tmp_path / f"game{SUFFIX}.damaged").exists()
    assert read_save(path).events == resumed.events
    assert max(resumed.command_starts) < len(resumed.events)
