"""``atlantis stats`` reads each save with its own game: the result of its events,
a game it does not know, events that make no game, and a folder of several games."""

from __future__ import annotations

import dataclasses
import io
import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from atlantis_tui.cli import main
from atlantis_tui.subcommands.stats import stats_renderables
from core.atlantis.check import actions_of
from core.atlantis.commands import Resign
from core.atlantis.events import AnyEvent, CardsDrawn, GameEnded, GameStarted
from core.atlantis.game_type import ATLANTIS
from core.atlantis.scoring import final_scores
from core.games import GAMES
from core.kernel.registry import GameRegistry
from core.kernel.savefile import make_header, write_save
from core.services.stats import FolderStats, folder_stats, stats_json
from tests.cli.test_stats import write_game
from tests.core.helpers import seeded_game

SEATS = ("human", "bot:greedy")


def _save(path: Path, events: list[AnyEvent], game: str | None = None) -> Path:
    """A save of ``events`` whose header names ``game`` (Atlantis's rules whatever it says)."""
    started = events[0]
    assert isinstance(started, GameStarted)
    header = make_header(game or ATLANTIS.id, started.options, started.players, 0, SEATS)
    write_save(path, header, events, actions_of(events))
    return path


def _json(folder: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(["stats", "--json", "--save-dir", str(folder)]) == 0
    printed: dict[str, Any] = json.loads(capsys.readouterr().out)
    return printed


def test_a_game_ended_by_resignation_counts_the_scores_its_end_recorded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """E5: the last player left wins, with the scores of the pawns crossed as if now."""
    game = seeded_game(["Ann", "Greedy"], seed=3)
    seat = game.state.to_act
    assert seat is not None
    game.play(Resign(seat))
    ended = game.events[-1]
    assert isinstance(ended, GameEnded)
    _save(tmp_path / "resigned.atlantis.jsonl", list(game.events))
    data = _json(tmp_path, capsys)
    assert data["finished"] == 1
    scores = {r["name"]: r["mean_score"] for r in data["people"]}
    scores.update({r["bot"]: r["mean_score"] for r in data["bots"]})
    assert (scores["Ann"], scores["greedy"]) == ended.scores
    # Not the scores the tiles and cards held would give: the pawns' crossing is paid.
    assert ended.scores != final_scores(game.state)
    wins = {r["name"]: r["wins"] for r in data["people"]}
    wins.update({r["bot"]: r["wins"] for r in data["bots"]})
    assert (wins["Ann"], wins["greedy"]) == ((0, 1) if seat == 0 else (1, 0))


def test_a_save_of_a_game_this_version_does_not_know_is_damaged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    events = write_game(tmp_path, "known", [("Ann", "human"), ("Greedy", "bot:greedy")], seed=2)
    _save(tmp_path / "unknown.atlantis.jsonl", events, game="chess")
    data = _json(tmp_path, capsys)
    assert (data["finished"], data["damaged"]) == (1, 1)
    [damaged] = data["damaged_files"]
    assert damaged["file"] == "unknown.atlantis.jsonl"
    assert "'chess'" in damaged["problem"] and "atlantis" in damaged["problem"]


def test_events_that_make_no_game_are_a_damaged_save_not_a_crash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each line reads, but a hand-edited file draws cards for a seat nobody has."""
    events = write_game(tmp_path, "whole", [("Ann", "human"), ("Greedy", "bot:greedy")], seed=4)
    broken = [*events[:5], CardsDrawn(player=9, cards=(1,), count=1, reason="turn"), *events[5:]]
    _save(tmp_path / "edited.atlantis.jsonl", broken)
    data = _json(tmp_path, capsys)
    assert (data["finished"], data["unfinished"], data["damaged"]) == (1, 0, 1)
    [damaged] = data["damaged_files"]
    assert damaged == {
        "file": "edited.atlantis.jsonl",
        "problem": "its events do not make a game of Atlantis",
    }


VARIANT = dataclasses.replace(ATLANTIS, id="atlantis-b", name="Atlantis B")
"""A second game for the tests: Atlantis's rules under another id and name."""


def _two_games(folder: Path) -> Path:
    seats = [("Ann", "human"), ("Greedy", "bot:greedy")]
    write_game(folder, "first", seats, seed=5)
    events = write_game(folder, "second", seats, seed=6)
    _save(folder / "second-b.atlantis.jsonl", events, game=VARIANT.id)
    return folder


def _text(stats: FolderStats) -> str:
    out = io.StringIO()
    console = Console(file=out, width=120)
    for renderable in stats_renderables(stats):
        console.print(renderable)
    return out.getvalue()


def test_a_folder_of_several_games_counts_each_game_apart(tmp_path: Path) -> None:
    stats = folder_stats(_two_games(tmp_path), GameRegistry([ATLANTIS, VARIANT]))
    assert stats.finished == 3 and stats.several_games
    assert [(r.name, r.game, r.games) for r in stats.people] == [
        ("Ann", "atlantis", 2),
        ("Ann", "atlantis-b", 1),
    ]
    assert [(r.name, r.game) for r in stats.bots] == [
        ("greedy", "atlantis"),
        ("greedy", "atlantis-b"),
    ]
    people = stats_json(stats)["people"]
    assert isinstance(people, list)
    assert [person["game"] for person in people] == ["atlantis", "atlantis-b"]
    text = _text(stats)
    assert "game" in text and "Atlantis B" in text


def test_a_folder_of_one_game_shows_no_game_column(tmp_path: Path) -> None:
    """One game's output is as it always was: no game column, no game key."""
    stats = folder_stats(_two_games(tmp_path), GAMES)  # the variant is unknown here: damaged
    assert (stats.finished, len(stats.damaged)) == (2, 1)
    assert not stats.several_games
    people = stats_json(stats)["people"]
    assert isinstance(people, list)
    assert all("game" not in person for person in people)
    assert "│ game" not in _text(stats) and "Atlantis B" not in _text(stats)
