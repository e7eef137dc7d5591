"""``read_checked``: the one way a save is read to be shown, logged or checked.

Whatever the damage, it either refuses the whole file (``SaveFileError``) or
hands back events the rules give, cut before the first damaged line, and names
that line in one sentence that quotes no event: the line ``atlantis check``
names too.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from core.atlantis.check import check_events
from core.atlantis.saves import read_checked, read_save, resume_save
from core.kernel.errors import SaveFileError
from core.kernel.save_lifecycle import DamagedSave

DEMO = Path(__file__).parents[2] / "saves" / "demo-4-players.atlantis.jsonl"


def _check_line(path: Path) -> int | None:
    """The line ``atlantis check`` names first, or None when the file is sound."""
    saved = read_save(path, mode="keep_prefix")
    result = check_events(saved.events, saved.lines, saved.header)
    if result.problem is not None and saved.events:
        return result.problem.line
    return saved.error.line if saved.error is not None else None


def test_a_sound_save_is_read_whole() -> None:
    checked = read_checked(DEMO)
    assert checked.problem is None
    assert checked.events == read_save(DEMO).events
    assert checked.game.events == checked.events and checked.game.error is None


def test_a_broken_rule_cuts_the_game_before_it_and_quotes_no_event(tmp_path: Path) -> None:
    lines = DEMO.read_bytes().splitlines(keepends=True)
    lines[19] = lines[19].replace(b'"space":8,', b'"space":99,')
    path = tmp_path / "game.atlantis.jsonl"
    path.write_bytes(b"".join(lines))
    checked = read_checked(path)
    assert checked.problem is not None and checked.problem.line == 20
    assert str(checked.problem) == (
        "line 20: T6: the file's tile-taken event is not the one the rules give here"
    )
    assert len(checked.events) == 18 and check_events(checked.events).ok
    assert checked.broken_rule is not None and '"space":99' in checked.broken_rule.reason
    assert checked.game.error == checked.problem


def test_a_header_alone_is_a_problem_with_nothing_to_keep(tmp_path: Path) -> None:
    path = tmp_path / "game.atlantis.jsonl"
    path.write_bytes(DEMO.read_bytes().splitlines(keepends=True)[0])
    checked = read_checked(path)
    assert checked.events == ()
    assert checked.problem is not None and checked.problem.line == 2
    with pytest.raises(DamagedSave) as refused:
        resume_save(path)
    assert refused.value.kept == 0


def test_resuming_a_damaged_save_says_how_much_a_repair_keeps(tmp_path: Path) -> None:
    lines = DEMO.read_bytes().splitlines(keepends=True)
    path = tmp_path / "game.atlantis.jsonl"
    path.write_bytes(b"".join(lines[:19] + lines[20:]))  # a tile-taken line deleted
    with pytest.raises(DamagedSave) as refused:
        resume_save(path)
    assert refused.value.line == 20 and '"cards"' not in str(refused.value)
    resumed = resume_save(path, repair=True)
    assert len(resumed.events) == refused.value.kept == 17  # the damaged move is dropped


@pytest.mark.parametrize("seed", range(12))
def test_random_damage_is_refused_or_cut_before_the_line_check_names(
    tmp_path: Path, seed: int
) -> None:
    rng = random.Random(seed)
    data = bytearray(DEMO.read_bytes())
    path = tmp_path / "game.atlantis.jsonl"
    for _ in range(25):
        damaged = bytearray(data)
        if rng.random() < 0.3:
            damaged = damaged[: rng.randrange(len(damaged))]
        else:
            # A digit of an event after the opening one (which holds most of the digits).
            start = damaged.index(b"\n", damaged.index(b"\n") + 1) + 1
            digits = [i for i in range(start, len(damaged)) if chr(damaged[i]).isdigit()]
            damaged[rng.choice(digits)] = ord(rng.choice("0123456789-"))
        path.write_bytes(bytes(damaged))
        try:
            checked = read_checked(path)
        except SaveFileError:
            with pytest.raises(SaveFileError):
                read_save(path, mode="keep_prefix")
            continue
        assert not checked.events or check_events(checked.events).ok
        if checked.problem is None:
            assert _check_line(path) is None
            continue
        assert checked.problem.line == _check_line(path)
        assert checked.problem.line >= len(checked.events) + 2
        assert "{" not in str(checked.problem) and "[" not in str(checked.problem)
