"""``atlantis log`` keeps an unfinished hot-seat game's hands hidden, as its replay does.

Two or more people at one keyboard may go on with the game, so printing its log
must not show anyone the others' cards, the draws or the pile, unless asked with
``--show-hands``; a finished game, or one with a single person, prints whole.
"""

from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest

from atlantis_tui.cli import main
from atlantis_tui.session import GameSession, Seat
from core.atlantis.bots import make_bot
from core.atlantis.describe import cards_phrase
from core.atlantis.events import CardsDrawn


def _saved_game(folder: Path, seats: list[Seat], actions: int) -> tuple[Path, list[str]]:
    """A save after ``actions`` actions of greedy play; and how its log names each draw."""
    session = GameSession.new(seats, seed=3, save_dir=folder)
    bot, rng = make_bot("greedy"), random.Random(1)
    for _ in range(actions):
        if session.state.is_over:
            break
        seat = session.to_act
        assert seat is not None
        command = session.bot_command() if session.is_bot_turn() else None
        session.play(command or bot.decide(session.view(seat), rng))
    session.close()
    assert session.path is not None
    verbs = {"deal": "is dealt", "buy": "buys", "turn": "draws", "stuck": "draws"}
    drawn = [
        f"{verbs[e.reason]} {cards_phrase(e.cards)}"
        for e in session.events
        if isinstance(e, CardsDrawn)
    ]
    return session.path, drawn


@pytest.fixture
def hot_seat(tmp_path: Path) -> tuple[Path, list[str]]:
    return _saved_game(tmp_path, [Seat("Ann"), Seat("Bob")], 12)


def test_an_unfinished_hot_seat_log_hides_hands_and_draws_and_says_so(
    hot_seat: tuple[Path, list[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    path, drawn = hot_seat
    assert main(["log", str(path)]) == 0
    out, err = capsys.readouterr()
    assert not [phrase for phrase in drawn if phrase in out]
    assert "Ann is dealt 4 cards." in out
    assert len(err.splitlines()) == 1 and "--show-hands" in err and "hidden" in err


def test_show_hands_prints_them(
    hot_seat: tuple[Path, list[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    path, drawn = hot_seat
    assert main(["log", "--show-hands", str(path)]) == 0
    out, err = capsys.readouterr()
    assert all(phrase in out for phrase in drawn) and err == ""


def test_the_json_log_hides_them_too(
    hot_seat: tuple[Path, list[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    path, _drawn = hot_seat
    assert main(["log", "--json", str(path)]) == 0
    out, err = capsys.readouterr()
    records = [msgspec.json.decode(line) for line in out.splitlines()]
    assert records[0]["deck"] == [] and records[0]["secret"] == ""
    assert all(not r["cards"] for r in records if r["type"] == "cards-drawn")
    assert "--show-hands" in err
    assert main(["log", "--json", "--show-hands", str(path)]) == 0
    shown = [msgspec.json.decode(line) for line in capsys.readouterr().out.splitlines()]
    assert any(r["cards"] for r in shown if r["type"] == "cards-drawn")


def test_a_game_against_a_bot_or_a_finished_one_prints_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    against_bot, drawn = _saved_game(tmp_path / "bot", [Seat("Ann"), Seat("Bot", "greedy")], 12)
    finished, finished_drawn = _saved_game(tmp_path / "done", [Seat("Ann"), Seat("Bob")], 10_000)
    for path, phrases in ((against_bot, drawn), (finished, finished_drawn)):
        assert main(["log", str(path)]) == 0
        out, err = capsys.readouterr()
        assert all(phrase in out for phrase in phrases) and err == ""


def test_the_rulebooks_worked_examples_are_shown_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """X1–X3 are positions to study (human seats, unfinished): nothing is hidden."""
    from core.atlantis.examples import SHIPPED
    from core.atlantis.saves import hands_are_private, read_save, write_save

    for name, shipped in SHIPPED.items():
        path = tmp_path / f"{name}.atlantis.jsonl"
        write_save(path, shipped.make(), shipped.seats)
        assert not hands_are_private(read_save(path)), name
        assert main(["log", str(path)]) == 0
        assert capsys.readouterr().err == ""
