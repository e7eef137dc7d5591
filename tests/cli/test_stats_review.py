"""``atlantis stats`` and the reviews kept beside the saves: each player's mean loss
per decision with a choice, weighed by decisions across saves, one game at a time;
a review that no longer matches its save, or an unfinished hot-seat game's, is left
out."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from atlantis_tui.cli import main
from atlantis_tui.subcommands.stats import stats_renderables
from core.games import GAMES
from core.kernel.bots import make_bot_from
from core.kernel.chance import secret_from_seed
from core.kernel.registry import AnyGameType
from core.kernel.savefile import make_header, write_save
from core.services.review import FORCED, review_file, review_path, write_review
from core.services.simulate import play_game
from core.services.stats import FolderStats, Record, folder_stats

pytestmark = pytest.mark.xdist_group("stats-review")
"""One worker reviews the module's games (``folder``) for all its tests."""

BUDGET = 0.01
"""Seconds per decision, about: the fewest playouts."""
ATLANTIS = GAMES.get("atlantis")
ARKANTIS = GAMES.get("arkantis")


def write_game(
    folder: Path,
    name: str,
    game: AnyGameType,
    seats: list[tuple[str, str]],
    seed: int,
    cut: int | None = None,
) -> Path:
    """A game of greedy bots under the seats' names and kinds, saved as ``name``;
    ``cut``: only its first ``cut`` actions (an unfinished game)."""
    bots = [make_bot_from(game.play.bots, "greedy") for _ in seats]
    names = [seat_name for seat_name, _ in seats]
    played, _ = play_game(game, bots, secret_from_seed(seed), names=names)
    events, actions = list(played.events), list(played.actions)
    if cut is not None:
        actions = actions[:cut]
        events = events[: actions[-1].end]
    header = make_header(game.id, game.default_options(), names, 0, tuple(k for _, k in seats))
    path = folder / f"{name}.atlantis.jsonl"
    write_save(path, header, events, actions)
    return path


def reviewed(path: Path) -> Path:
    write_review(path, review_file(path, GAMES, budget=BUDGET))
    return path


def losses_in(path: Path, seat: int) -> list[float]:
    """The losses of a seat's decisions with a choice, read from the review file."""
    data = json.loads(review_path(path).read_text(encoding="utf-8"))
    return [
        decision["loss"]
        for decision in data["decisions"]
        if decision["seat"] == seat and decision["grade"] != FORCED
    ]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two reviewed Atlantis games of Ann's, one unreviewed; a reviewed ArkantiS game
    of hers; an unfinished game against a bot, reviewed (it counts); an unfinished
    hot-seat game, reviewed (it does not); a save played on since its review (the
    review does not count)."""
    folder = tmp_path_factory.mktemp("stats-review") / "saves"
    folder.mkdir()
    people = [("Ann", "human"), ("Bob", "human")]
    reviewed(write_game(folder, "a-ann-bob", ATLANTIS, people, seed=1))
    against_bot = [("Ann", "human"), ("Greedy", "bot:greedy")]
    reviewed(write_game(folder, "b-ann-greedy", ATLANTIS, against_bot, seed=2))
    write_game(folder, "c-ann-cleo", ATLANTIS, [("Ann", "human"), ("Cleo", "human")], seed=3)
    reviewed(write_game(folder, "d-ann-bob-arkantis", ARKANTIS, people, seed=4))
    dora = [("Dora", "human"), ("Greedy", "bot:greedy")]
    reviewed(write_game(folder, "e-dora-unfinished", ATLANTIS, dora, seed=5, cut=8))
    hot_seat = [("Ann", "human"), ("Eve", "human")]
    reviewed(write_game(folder, "f-ann-eve-unfinished", ATLANTIS, hot_seat, seed=6, cut=8))
    fay = [("Fay", "human"), ("Greedy", "bot:greedy")]
    changed = reviewed(write_game(folder, "g-fay-greedy", ATLANTIS, fay, seed=7, cut=8))
    changed.unlink()  # then played on to its end: the review is of the save as it was
    write_game(folder, "g-fay-greedy", ATLANTIS, fay, seed=7)
    assert review_path(changed).exists()
    return folder


def record(stats: FolderStats, name: str, game: str = "atlantis") -> Record:
    [found] = [r for r in (*stats.people, *stats.bots) if (r.name, r.game) == (name, game)]
    return found


def test_the_mean_loss_weighs_every_decision_across_saves(folder: Path) -> None:
    stats = folder_stats(folder, GAMES)
    ann = record(stats, "Ann")
    # Her decisions in the two reviewed Atlantis games, and no other: not the
    # unreviewed game's, the ArkantiS game's or the hot-seat game's.
    losses = losses_in(folder / "a-ann-bob.atlantis.jsonl", 0)
    losses += losses_in(folder / "b-ann-greedy.atlantis.jsonl", 0)
    assert len(losses) > 10
    assert ann.reviewed_decisions == len(losses)
    assert ann.reviewed_saves == 2
    assert ann.mean_loss == pytest.approx(sum(losses) / len(losses))
    bob = record(stats, "Bob")
    bob_losses = losses_in(folder / "a-ann-bob.atlantis.jsonl", 1)
    assert (bob.reviewed_decisions, bob.reviewed_saves) == (len(bob_losses), 1)
    assert bob.mean_loss == pytest.approx(sum(bob_losses) / len(bob_losses))
    assert ann.games == 3 and bob.games == 1  # the records are as they were


def test_each_game_has_its_own_figure(folder: Path) -> None:
    stats = folder_stats(folder, GAMES)
    ann = record(stats, "Ann", "arkantis")
    losses = losses_in(folder / "d-ann-bob-arkantis.atlantis.jsonl", 0)
    assert (ann.reviewed_decisions, ann.reviewed_saves) == (len(losses), 1)
    assert ann.mean_loss == pytest.approx(sum(losses) / len(losses))
    assert set(stats.loss_units) == {"atlantis", "arkantis"}


def test_bots_and_unfinished_games_against_them_count(folder: Path) -> None:
    stats = folder_stats(folder, GAMES)
    dora = record(stats, "Dora")
    losses = losses_in(folder / "e-dora-unfinished.atlantis.jsonl", 0)
    assert losses and dora.games == 0
    assert dora.mean_loss == pytest.approx(sum(losses) / len(losses))
    greedy = record(stats, "greedy")
    bot_losses = losses_in(folder / "b-ann-greedy.atlantis.jsonl", 1)
    bot_losses += losses_in(folder / "e-dora-unfinished.atlantis.jsonl", 1)
    assert (greedy.reviewed_decisions, greedy.reviewed_saves) == (len(bot_losses), 2)
    assert greedy.mean_loss == pytest.approx(sum(bot_losses) / len(bot_losses))


def test_a_hot_seat_games_review_and_a_changed_saves_are_left_out(folder: Path) -> None:
    assert review_path(folder / "f-ann-eve-unfinished.atlantis.jsonl").exists()
    stats = folder_stats(folder, GAMES)
    # Eve played only the hot-seat game: nothing of hers is counted.
    assert "Eve" not in {r.name for r in stats.people}
    assert losses_in(folder / "f-ann-eve-unfinished.atlantis.jsonl", 1)
    fay = record(stats, "Fay")
    assert fay.games == 1 and fay.mean_loss is None
    assert record(stats, "Cleo").mean_loss is None


def test_json_gives_the_figures_and_their_unit(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["stats", "--json", "--save-dir", str(folder)]) == 0
    data = json.loads(capsys.readouterr().out)
    stats = folder_stats(folder, GAMES)
    people = {(p["name"], p["game"]): p for p in data["people"]}
    ann = people["Ann", "atlantis"]
    mean = record(stats, "Ann").mean_loss
    assert mean is not None and ann["mean_loss"] == round(mean, 3)
    assert (ann["reviewed_decisions"], ann["reviewed_saves"]) == (
        record(stats, "Ann").reviewed_decisions,
        2,
    )
    cleo = people["Cleo", "atlantis"]
    assert (cleo["mean_loss"], cleo["reviewed_decisions"], cleo["reviewed_saves"]) == (None, 0, 0)
    assert data["loss_units"]["atlantis"] == "points ahead of the best opponent"
    bots = {(b["bot"], b["game"]): b for b in data["bots"]}
    assert bots["greedy", "atlantis"]["reviewed_saves"] == 2


def _text(stats: FolderStats, width: int = 120) -> str:
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None)
    for renderable in stats_renderables(stats):
        console.print(renderable)
    return out.getvalue()


def test_the_reviews_table_shows_figures_dashes_and_how_to_review(folder: Path) -> None:
    stats = folder_stats(folder, GAMES)
    text = _text(stats)
    assert "Reviews" in text and "loss per decision" in text
    mean = record(stats, "Ann").mean_loss
    assert mean is not None and f"{mean:.2f}" in text
    reviews = text.split("Reviews")[1]
    [cleo] = [line for line in reviews.splitlines() if "Cleo" in line]
    assert cleo.split()[2:] == ["│", "Atlantis", "│", "-", "│", "-", "│", "-", "│"]
    assert "greedy (bot)" in text
    assert "points ahead of the best opponent" in text
    assert "Each game has its own scale" in text
    assert "atlantis review FILE" in text
    # At 80 columns the table still fits: no cell is cut.
    assert "…" not in _text(stats, 80).split("Reviews")[1]


def test_no_review_says_how_to_make_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    write_game(folder, "plain", ATLANTIS, [("Ann", "human"), ("Bob", "human")], seed=1)
    assert main(["stats", "--save-dir", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "Reviews" not in out
    assert "No save reviewed yet: atlantis review FILE" in out
