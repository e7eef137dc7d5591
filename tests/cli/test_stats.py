"""``atlantis stats``: per-person and per-bot records read from a save folder."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest

from atlantis_tui.cli import main
from core.atlantis.bots import make_bot
from core.atlantis.bots.play import play_game
from core.atlantis.events import AnyEvent, GameEnded
from core.atlantis.saves import read_save, write_save
from core.games import GAMES
from core.kernel.save_lifecycle import rewrite_save
from core.services.stats import folder_stats

CREATED = "2026-03-{day:02d}T12:00:00+00:00"


def _game(seats: list[tuple[str, str]], seed: int) -> list[AnyEvent]:
    """A whole game; a human seat is played by the greedy bot."""
    bots = [
        make_bot("greedy" if kind == "human" else kind.removeprefix("bot:")) for _, kind in seats
    ]
    game, _durations = play_game(bots, seed, names=[name for name, _ in seats])
    return list(game.events)


def write_game(
    folder: Path, name: str, seats: list[tuple[str, str]], seed: int, day: int = 14
) -> list[AnyEvent]:
    """Write a finished game as ``name.atlantis.jsonl``, started on ``2026-03-<day>``."""
    events = _game(seats, seed)
    _write(folder / f"{name}.atlantis.jsonl", events, seats, day)
    return events


def _write(path: Path, events: list[AnyEvent], seats: list[tuple[str, str]], day: int) -> None:
    write_save(path, events, tuple(kind for _, kind in seats))
    saved = read_save(path)
    created = msgspec.structs.replace(saved.header, created=CREATED.format(day=day))
    rewrite_save(path, created, events, saved.actions or ())


def prepared_folder(folder: Path) -> Path:
    """Five finished games (one a tie), one unfinished, one damaged, and an example
    game under ``examples`` that must not count."""
    ann_greedy = [("Ann", "human"), ("Greedy 2", "bot:greedy")]
    write_game(folder, "2026-03-10-Ann-Greedy", ann_greedy, seed=5, day=10)
    write_game(folder, "2026-03-11-Ann-Greedy", ann_greedy, seed=6, day=11)
    trio = [("Ann", "human"), ("Bob", "human"), ("Random 3", "bot:random")]
    write_game(folder, "2026-03-12-Ann-Bob-Random", trio, seed=7, day=12)
    bots = [("Greedy 1", "bot:greedy"), ("Random 2", "bot:random")]
    write_game(folder, "2026-03-13-bots", bots, seed=8, day=13)
    # A tie between Ann and Bob: the end rewritten so that both win with 40.
    pair = [("Ann", "human"), ("Bob", "human")]
    events = _game(pair, seed=9)
    events[-1] = GameEnded(scores=(40, 40), winners=(0, 1))
    _write(folder / "2026-03-14-Ann-Bob-tie.atlantis.jsonl", events, pair, day=14)
    # Unfinished: the first moves only.
    _write(folder / "2026-03-15-Bob-unfinished.atlantis.jsonl", _game(pair, 10)[:12], pair, 15)
    # Damaged: a line that is not JSON in the middle of a finished game.
    damaged = folder / "2026-03-16-damaged.atlantis.jsonl"
    write_game(folder, "2026-03-16-damaged", [("Cleo", "human"), ("Bob", "human")], 11, 16)
    lines = damaged.read_bytes().splitlines(keepends=True)
    damaged.write_bytes(b"".join([*lines[:5], b"not json\n", *lines[5:]]))
    write_game(folder / "examples", "rulebook-X1", [("Dan", "human"), ("Ann", "human")], 12)
    return folder


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return prepared_folder(tmp_path_factory.mktemp("stats") / "saves")


def _scores(folder: Path, name: str) -> tuple[int, ...]:
    ended = read_save(folder / f"{name}.atlantis.jsonl").events[-1]
    assert isinstance(ended, GameEnded)
    return ended.scores


def stats_json(capsys: pytest.CaptureFixture[str], folder: Path) -> dict[str, Any]:
    assert main(["stats", "--json", "--save-dir", str(folder)]) == 0
    printed: dict[str, Any] = json.loads(capsys.readouterr().out)
    return printed


def test_json_counts_people_by_name_and_bots_by_kind(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = stats_json(capsys, folder)
    assert (data["finished"], data["unfinished"], data["damaged"]) == (5, 1, 1)
    assert data["folder"] == str(folder)
    people = {person["name"]: person for person in data["people"]}
    assert list(people) == ["Ann", "Bob"]  # most games first; Cleo's only game is damaged
    ann = people["Ann"]
    assert ann["games"] == 4
    assert ann["against_bots"] == {"greedy": 2, "random": 1}
    ann_scores = [
        _scores(folder, "2026-03-10-Ann-Greedy")[0],
        _scores(folder, "2026-03-11-Ann-Greedy")[0],
        _scores(folder, "2026-03-12-Ann-Bob-Random")[0],
        40,
    ]
    assert ann["mean_score"] == round(sum(ann_scores) / 4, 2)
    assert ann["best"]["score"] == max(ann_scores)
    assert ann["best"]["file"].endswith(".atlantis.jsonl")
    assert ann["best"]["date"].startswith("2026-03-1")
    bots = {bot["bot"]: bot for bot in data["bots"]}
    assert list(bots) == ["greedy", "random"]
    assert bots["greedy"]["seats"] == 3 and bots["random"]["seats"] == 2
    assert "best" in bots["greedy"] and "against_bots" not in bots["greedy"]


def test_a_tie_is_a_shared_win_for_each_winner(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = stats_json(capsys, folder)
    people = {person["name"]: person for person in data["people"]}
    assert people["Ann"]["shared_wins"] == 1 and people["Bob"]["shared_wins"] == 1
    stats = folder_stats(folder, GAMES)
    # Every win is counted: each finished game's winners, a tie's two included.
    wins = sum(r.wins for r in (*stats.people, *stats.bots))
    assert wins >= stats.finished + 1


def test_unfinished_and_damaged_saves_are_counted_apart(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = stats_json(capsys, folder)
    [damaged] = data["damaged_files"]
    assert damaged["file"] == "2026-03-16-damaged.atlantis.jsonl"
    assert damaged["problem"].startswith("line 6: the line is not valid JSON")
    assert "Cleo" not in {person["name"] for person in data["people"]}


def test_the_examples_folder_is_not_read(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert (folder / "examples" / "rulebook-X1.atlantis.jsonl").exists()
    data = stats_json(capsys, folder)
    assert "Dan" not in {person["name"] for person in data["people"]}


def test_text_shows_the_tables(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--save-dir", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "5 finished games, 1 unfinished, 1 damaged" in out
    for title in ("People", "Best games", "Bots", "Damaged saves"):
        assert title in out
    assert "(1 shared)" in out
    assert "greedy 2, random 1" in out
    assert "2026-03-16-damaged.atlantis.jsonl: line 6" in out


def test_the_save_dir_can_come_before_the_command(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--save-dir", str(folder), "stats", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["finished"] == 5


def test_the_environment_names_the_default_folder(
    folder: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ATLANTIS_SAVE_DIR", str(folder))
    assert main(["stats", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["finished"] == 5


@pytest.mark.parametrize("exists", [True, False])
def test_an_empty_or_absent_folder_has_no_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], exists: bool
) -> None:
    folder = tmp_path / "saves"
    if exists:
        folder.mkdir()
    assert main(["stats", "--save-dir", str(folder)]) == 0
    assert "No saved games yet." in capsys.readouterr().out
    data = stats_json(capsys, folder)
    assert (data["finished"], data["unfinished"], data["damaged"]) == (0, 0, 0)
    assert data["people"] == data["bots"] == data["damaged_files"] == []
    assert not folder.exists() or exists  # reading never creates the folder


def test_saves_that_cannot_be_read_at_all_never_crash_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / "empty.atlantis.jsonl").write_bytes(b"")
    (folder / "header.atlantis.jsonl").write_text("hello\n")
    (folder / "binary.atlantis.jsonl").write_bytes(b"\xff\xfe\x00garbage")
    (folder / "a-folder.atlantis.jsonl").mkdir()
    (folder / "notes.txt").write_text("not a save")
    # A finished game whose end names more scores than it has players.
    events = _game([("Ann", "human"), ("Bob", "human")], seed=3)
    events[-1] = GameEnded(scores=(1, 2, 3), winners=(2,))
    _write(folder / "odd-end.atlantis.jsonl", events, [("Ann", "human"), ("Bob", "human")], 1)
    data = stats_json(capsys, folder)
    assert (data["finished"], data["unfinished"], data["damaged"]) == (0, 0, 5)
    assert main(["stats", "--save-dir", str(folder)]) == 0
    assert "0 finished games, 5 damaged" in capsys.readouterr().out


def test_a_file_in_place_of_the_folder_is_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "saves"
    target.write_text("")
    assert main(["stats", "--save-dir", str(target)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("atlantis stats: ") and "not a folder" in err


def test_a_save_without_seats_counts_everyone_as_a_person(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "saves"
    events = _game([("Ann", "human"), ("Bob", "human")], seed=4)
    write_save(folder / "old.atlantis.jsonl", events)  # no seats recorded
    data = stats_json(capsys, folder)
    assert [person["name"] for person in data["people"]] == ["Ann", "Bob"]
    assert data["bots"] == []


def test_an_undone_end_is_not_finished(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from core.atlantis.events import EventsUndone

    folder = tmp_path / "saves"
    events = [*_game([("Ann", "human"), ("Bob", "bot:greedy")], seed=4), EventsUndone(count=1)]
    write_save(folder / "undone.atlantis.jsonl", events, ("human", "bot:greedy"))
    data = stats_json(capsys, folder)
    assert (data["finished"], data["unfinished"]) == (0, 1)


def test_help_says_the_examples_are_not_read(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["stats", "--help"])
    assert "examples" in " ".join(capsys.readouterr().out.split())
