"""Ratings read from a save folder: ``folder_stats`` gives each record its rating, and
``atlantis stats`` shows it (a column of the tables, a ``rating`` field in JSON)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from atlantis_tui.cli import main
from core.games import GAMES
from core.kernel.savefile import read_save
from core.services.stats import folder_stats
from tests.ratings.saves import atlantica_save, atlantis_save, created

ANN_BOB = [("Ann", "human"), ("Bob", "human")]
WITH_BOTS = [("Ann", "human"), ("Greedy 1", "bot:greedy"), ("Bob", "human"), ("G2", "bot:greedy")]


def _json(folder: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(["stats", "--json", "--save-dir", str(folder)]) == 0
    printed: dict[str, Any] = json.loads(capsys.readouterr().out)
    return printed


def _ratings(data: dict[str, Any]) -> dict[str, Any]:
    """Name (or ``bot:kind``) → its rating field."""
    found = {person["name"]: person["rating"] for person in data["people"]}
    found |= {f"bot:{bot['bot']}": bot["rating"] for bot in data["bots"]}
    return found


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Ann beats Bob in every game, the greedy bots between them; one tie; one
    unfinished game that Bob would have won."""
    saves = tmp_path_factory.mktemp("ratings") / "saves"
    for day in range(1, 5):
        atlantis_save(
            saves / f"{day:02d}-four.atlantis.jsonl", WITH_BOTS, [50, 40, 10, 30], created(day), day
        )
    atlantis_save(saves / "05-tie.atlantis.jsonl", ANN_BOB, [30, 30], created(5), seed=5)
    atlantis_save(saves / "06-open.atlantis.jsonl", ANN_BOB, [0, 99], created(6), 6, False)
    return saves


def test_who_always_wins_rates_above_who_always_loses(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ratings = _ratings(_json(folder, capsys))
    assert ratings["Ann"]["value"] > ratings["bot:greedy"]["value"] > ratings["Bob"]["value"]
    assert ratings["Ann"]["games"] == 5 and ratings["Bob"]["games"] == 5
    # The greedy bots are one kind: two seats a game.
    assert ratings["bot:greedy"]["games"] == 8
    assert set(ratings["Ann"]) == {"value", "mu", "sigma", "games"}


def test_unfinished_games_rate_nothing(
    folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    finished_only = tmp_path / "saves"
    shutil.copytree(folder, finished_only)
    (finished_only / "06-open.atlantis.jsonl").unlink()
    assert _ratings(_json(folder, capsys)) == _ratings(_json(finished_only, capsys))


def test_the_names_of_the_files_do_not_change_the_ratings(
    folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same saves under names that sort the other way rate alike: the games are
    rated in the order they were started."""
    renamed = tmp_path / "renamed"
    renamed.mkdir()
    for index, save in enumerate(sorted(folder.glob("*.atlantis.jsonl"))):
        shutil.copy(save, renamed / f"{99 - index:02d}-{save.name}")
    assert _ratings(_json(renamed, capsys)) == _ratings(_json(folder, capsys))


def test_a_tie_rates_the_tied_alike(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    atlantis_save(tmp_path / "tie.atlantis.jsonl", ANN_BOB, [30, 30], created(1))
    ratings = _ratings(_json(tmp_path, capsys))
    assert ratings["Ann"] == ratings["Bob"]


def test_five_players_and_a_bot_in_atlantica(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    seats = [(name, "human") for name in ("Ann", "Bob", "Cleo", "Dan")] + [("R", "bot:random")]
    save = atlantica_save(tmp_path / "five.atlantis.jsonl", seats, created(1))
    stats = folder_stats(tmp_path, GAMES)
    game = GAMES.get("atlantica")
    ranks = game.result(game.fold(read_save(save, GAMES).events)).ranks
    records = [*stats.people, *stats.bots]
    by_seat = {record.name: record for record in records}
    names = ["Ann", "Bob", "Cleo", "Dan", "random"]
    for seat, other in ((a, b) for a in range(5) for b in range(5)):
        mine, theirs = by_seat[names[seat]].rating, by_seat[names[other]].rating
        assert mine is not None and theirs is not None
        if ranks[seat] < ranks[other]:
            assert mine.mu > theirs.mu
        elif ranks[seat] == ranks[other]:
            assert mine.mu == pytest.approx(theirs.mu)
    assert all(record.rating is not None and record.rating.games == 1 for record in records)


def test_the_tables_show_a_rating_column(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _ratings(_json(folder, capsys))
    assert main(["stats", "--save-dir", str(folder)]) == 0
    out = capsys.readouterr().out
    assert out.count(" rating ┃") == 2  # the people's table and the bots'
    ann_row = next(line for line in out.splitlines() if "│ Ann " in line)
    assert f" {data['Ann']['value']} " in ann_row


def test_the_help_says_what_the_ratings_are(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["stats", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "rating per game" in said and "starts at 1000" in said
    assert "puzzle rating per game" in said
