"""The review of a played game: reproducible, kept beside its save, and it sees a bad move."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from atlantis_tui.cli import main
from core.atlantis.commands import Resign
from core.atlantis.game_type import ATLANTIS
from core.games import GAMES
from core.kernel.bots import make_bot_from
from core.kernel.chance import secret_from_seed
from core.kernel.events import Action
from core.kernel.registry import AnyGameType
from core.kernel.savefile import make_header, write_save
from core.services.review import (
    FORCED,
    GOOD,
    GRADES,
    grade,
    read_review,
    review_file,
    review_game,
    review_path,
    write_review,
)
from core.services.simulate import PlayedGame, play_game, player_names

BUDGET = 0.01
"""Seconds per decision, about: the fewest playouts (four per choice weighed)."""


def greedy_game(game: AnyGameType, seed: int = 1) -> PlayedGame:
    bots = [make_bot_from(game.play.bots, "greedy") for _ in range(game.players.least)]
    played, _ = play_game(game, bots, secret_from_seed(seed))
    return played


def saved(game: AnyGameType, folder: Path, seed: int = 1) -> Path:
    played = greedy_game(game, seed)
    bots = [make_bot_from(game.play.bots, "greedy") for _ in range(game.players.least)]
    header = make_header(game.id, game.default_options(), player_names(bots), 0)
    path = folder / f"{game.id}.atlantis.jsonl"
    write_save(path, header, played.events, played.actions)
    return path


def test_grades_follow_the_thresholds() -> None:
    thresholds = (2.0, 5.0, 10.0)
    assert [grade(loss, thresholds) for loss in (0.0, 1.9, 2.0, 7.0, 10.0, 40.0)] == [
        GOOD,
        GOOD,
        "inaccuracy",
        "mistake",
        "blunder",
        "blunder",
    ]
    assert GRADES[0] == GOOD


def test_a_review_is_the_same_for_a_seed_whatever_the_processes() -> None:
    played = greedy_game(ATLANTIS)
    first = review_game(ATLANTIS, played.events, played.actions, "h", BUDGET, seed=5)
    again = review_game(ATLANTIS, played.events, played.actions, "h", BUDGET, seed=5)
    parallel = review_game(ATLANTIS, played.events, played.actions, "h", BUDGET, 5, jobs=2)
    assert first == again == parallel
    assert len(first.decisions) == len(played.actions)
    other = review_game(ATLANTIS, played.events, played.actions, "h", BUDGET, seed=6)
    assert other.seed == 6 and other != first


def test_a_changed_save_has_no_review(tmp_path: Path) -> None:
    path = saved(ATLANTIS, tmp_path)
    review = review_file(path, GAMES, BUDGET)
    written = write_review(path, review)
    assert written == review_path(path) == tmp_path / "atlantis.review.json"
    assert read_review(path) == review
    data = path.read_bytes()
    path.write_bytes(data[: data.rindex(b"\n", 0, len(data) - 1) + 1])  # one line fewer
    assert read_review(path) is None
    path.write_bytes(data)
    assert read_review(path) == review
    written.write_text("{not json")
    assert read_review(path) is None


def test_resigning_at_the_start_is_the_worst_choice_and_is_marked() -> None:
    """Atlantis's opening for two: resigning is worse than every move, and its review says so."""
    opening = ATLANTIS.setup(["Ann", "Bob"], ATLANTIS.default_options(), secret_from_seed(3))
    state = ATLANTIS.fold(opening)
    seat = ATLANTIS.to_act(state)
    assert seat is not None
    view = ATLANTIS.privacy.view_for(state, seat)
    search = ATLANTIS.play.review_search
    assert search is not None
    reviewer = search(view)
    assert reviewer is not None
    commands = ATLANTIS.legal_commands(state)
    values = reviewer.search.evaluate(view, commands, random.Random(1), 20 * len(commands))
    worst = min(range(len(commands)), key=lambda index: values[index])
    assert commands[worst] == Resign(seat)
    assert sorted(values)[1] > values[worst]

    resigned = ATLANTIS.decide(state, Resign(seat))
    events = [*opening, *resigned]
    actions = [Action(len(opening), seat, len(resigned))]
    review = review_game(ATLANTIS, events, actions, "h", 0.1, seed=1)
    (decision,) = review.decisions
    assert decision.played == {"type": "resign", "seat": seat}
    assert decision.best != decision.played
    assert decision.grade == "blunder"
    assert decision.played_value < decision.best_value


def test_resigning_far_behind_is_still_worse_than_playing_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """E5: a resigned player wins nothing. A player more than ``RESIGNED_LEAD`` points
    behind must not read resigning as a smaller loss than playing on (the review of
    the shipped demo once named "Bob resigns" as the better move)."""
    from core.atlantis.bots import expert_bot

    players = ["Ann", "Bob", "Cleo"]  # three: the game goes on after one resigns
    opening = ATLANTIS.setup(players, ATLANTIS.default_options(), secret_from_seed(3))
    state = ATLANTIS.fold(opening)
    seat = ATLANTIS.to_act(state)
    assert seat is not None
    far_behind = {other: 30.0 + 2 * expert_bot.RESIGNED_LEAD for other in range(3)}
    far_behind[seat] = 30.0
    monkeypatch.setattr(expert_bot, "position_value", lambda _state, player: far_behind[player])
    playing_on = expert_bot.lead(state, seat)
    assert playing_on == -2 * expert_bot.RESIGNED_LEAD
    resigned = ATLANTIS.advance(state, ATLANTIS.decide(state, Resign(seat)))
    assert not resigned.is_over
    assert expert_bot.lead(resigned, seat) < playing_on


@pytest.mark.parametrize("game", list(GAMES), ids=lambda game: game.id)
def test_every_game_s_simulated_save_is_reviewed(game: AnyGameType, tmp_path: Path) -> None:
    path = saved(game, tmp_path)
    review = review_file(path, GAMES, BUDGET)
    assert review.game == game.id
    assert review.value_meaning and len(review.thresholds) == 3
    assert review.decisions
    for decision in review.decisions:
        assert decision.grade in (*GRADES, FORCED)
        assert decision.loss >= 0
        assert decision.best_value >= decision.played_value or decision.loss == 0


def test_the_command_keeps_the_review_beside_the_save(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved(ATLANTIS, tmp_path)
    assert main(["review", str(path), "--budget", "0.01", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["game"] == "atlantis" and printed["budget"] == 0.01
    assert review_path(path).exists()
    assert main(["review", str(path), "--budget", "0.01"]) == 0
    out = capsys.readouterr().out
    assert "mean loss" in out
    assert "Traceback" not in out


def test_the_command_hides_an_unfinished_hot_seat_review(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two people at one keyboard, the game not over: the review's better moves would
    tell each one's cards to the other, so the command keeps it but shows nothing of
    it, until ``--show-hands``."""
    played = greedy_game(ATLANTIS, seed=4)
    cut = played.actions[len(played.actions) // 2].start
    actions = [action for action in played.actions if action.start + action.count <= cut]
    names = list(ATLANTIS.presentation.player_names(ATLANTIS.fold(played.events[:1])))
    options = ATLANTIS.default_options()
    header = make_header("atlantis", options, names, 0, ("human",) * 2)
    path = tmp_path / "hot.atlantis.jsonl"
    write_save(path, header, played.events[:cut], actions)

    assert main(["review", str(path), "--budget", "0.01"]) == 0
    hidden = capsys.readouterr().out
    assert "--show-hands" in hidden and "better:" not in hidden and "mean loss" not in hidden
    assert not any(name in hidden for name in names)
    assert read_review(path) is not None  # judged and kept all the same
    assert main(["review", str(path), "--budget", "0.01", "--json"]) == 0
    assert "decisions" not in capsys.readouterr().out

    assert main(["review", str(path), "--budget", "0.01", "--show-hands"]) == 0
    shown = capsys.readouterr().out
    assert "mean loss" in shown and names[0] in shown
