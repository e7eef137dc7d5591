"""The command line on ArkantiS games: simulate saves them, check judges them whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from atlantis_tui.cli import main
from core.arkantis.game_type import ARKANTIS
from core.games import GAMES
from core.kernel.savefile import read_save


def test_simulated_games_are_checked_consistent_and_finished(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--game", "arkantis", "--games", "2", "--players", "greedy,random"]
    assert main([*argv, "--seed", "4", "--save-dir", str(tmp_path)]) == 0
    saves = sorted(tmp_path.glob("*.jsonl"))
    assert len(saves) == 2
    capsys.readouterr()
    for path in saves:
        assert ARKANTIS.is_finished(read_save(path, GAMES).events)
        assert main(["check", str(path)]) == 0
        assert capsys.readouterr().out.strip().endswith("game finished")


def test_simulate_refuses_a_game_without_a_move_limit(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--game", "arkantis", "--games", "1", "--players", "greedy,random"]
    assert main([*argv, "--option", "move_limit=none"]) != 0
    assert "E1.4" in capsys.readouterr().err


def _with_opening(save: Path, change: object, target: Path) -> Path:
    """A copy of ``save`` whose game-started (line 2) is changed by ``change(dict)``."""
    import json

    lines = save.read_text().splitlines()
    started = json.loads(lines[1])
    change(started)  # type: ignore[operator]
    lines[1] = json.dumps(started, separators=(",", ":"))
    target.write_text("\n".join(lines) + "\n")
    return target


def test_cards_that_are_not_the_data_set_they_name_are_damaged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """S1.6: game-started carries the data set's cards, its name and its hash; a kind's
    value raised under the default data set's name and hash is not that data set."""
    argv = ["simulate", "--game", "arkantis", "--games", "1", "--players", "greedy,random"]
    assert main([*argv, "--seed", "2", "--save-dir", str(tmp_path)]) == 0
    (save,) = tmp_path.glob("*.jsonl")

    def raise_a_value(started: dict[str, list[dict[str, int]]]) -> None:
        started["kinds"][0]["value"] += 1

    damaged = _with_opening(save, raise_a_value, tmp_path / "raised.jsonl")
    capsys.readouterr()
    assert main(["check", str(damaged)]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "line 2: S1.6: the cards are not those of the data set default" in err


def test_cards_changed_with_a_hash_made_to_fit_are_not_the_default_data_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """S1.6: under the default data set's name, only the cards it was ever shipped with
    (or the file in place now) are that data set, whatever hash the opening gives."""
    import msgspec

    from core.arkantis.cards import Kind
    from core.arkantis.data import content_hash

    argv = ["simulate", "--game", "arkantis", "--games", "1", "--players", "greedy,random"]
    assert main([*argv, "--seed", "2", "--save-dir", str(tmp_path)]) == 0
    (save,) = tmp_path.glob("*.jsonl")

    def raise_a_value_and_its_hash(started: dict[str, object]) -> None:
        kinds = started["kinds"]
        assert isinstance(kinds, list)
        kinds[0]["value"] += 1
        decoded = msgspec.convert(kinds, tuple[Kind, ...])
        started["data_hash"] = content_hash(str(started["free_column"]), decoded)

    damaged = _with_opening(save, raise_a_value_and_its_hash, tmp_path / "fitted.jsonl")
    capsys.readouterr()
    assert main(["check", str(damaged)]) == 1
    assert "line 2: S1.6: " in capsys.readouterr().err


def test_a_game_of_the_shipped_cards_still_checks_once_an_owner_replaced_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The data file is there for an owner of the printed game to replace."""
    import msgspec

    from core.arkantis import data

    argv = ["simulate", "--game", "arkantis", "--games", "1", "--players", "greedy,random"]
    assert main([*argv, "--seed", "3", "--save-dir", str(tmp_path)]) == 0
    (save,) = tmp_path.glob("*.jsonl")
    shipped = data.default_data_set()
    kinds = (msgspec.structs.replace(shipped.kinds[0], value=shipped.kinds[0].value + 1),)
    owners = msgspec.structs.replace(
        shipped,
        kinds=kinds + shipped.kinds[1:],
        hash=data.content_hash(shipped.free_column, kinds + shipped.kinds[1:]),
    )
    monkeypatch.setattr(data, "default_data_set", lambda: owners)
    capsys.readouterr()
    assert main(["check", str(save)]) == 0, capsys.readouterr().err
