"""Puzzles in the app: right and wrong answers by the keys, missed puzzles coming back,
progress surviving a restart and a torn line, "Your mistakes", the menu and the palette.

The puzzles here are made from a short seeded game of each game (``make_puzzle``):
the position after a few moves, with made-up values (the answer 1.0, every other
command -2.0), so that judging needs no search and a wrong answer loses 3.0 points.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from atlantis_tui.app import AtlantisApp
from atlantis_tui.screens import puzzles_sources
from atlantis_tui.screens.puzzles_play import PuzzlePlay
from core.games import GAMES
from core.kernel.chance import secret_from_seed
from core.kernel.game import Game
from core.services.puzzle_ratings import PuzzleRatings, attempts_file
from core.services.puzzles import Choice, Making, Puzzle, SetHeader, Source, write_set
from core.services.puzzles.mining import SeatEvents
from core.services.puzzles.model import as_json, puzzle_id

GAME_IDS = ("atlantis", "arkantis", "atlantica")
ANSWER_KEYS = {
    "atlantis": ("a", "enter", "enter"),
    "arkantis": ("p", "enter"),
    "atlantica": ("p", "enter"),
}
"""Keys that play an answer on each game's own screen (Atlantica and ArkantiS: a pass,
confirmed)."""
OFTEN_PLAYED = ("Resign", "Pass", "EndTurn")


def played_game(game_id: str, moves: int = 6, seed: int = 3) -> Game[Any, Any, Any]:
    """A two-player game of ``game_id`` after ``moves`` seeded moves (no pass, no resign)."""
    game = GAMES.get(game_id)
    played: Game[Any, Any, Any] = Game.new(
        game, ["Ann", "Bob"], game.default_options(), secret_from_seed(seed)
    )
    rng = random.Random(seed)
    for move in range(moves + 30):
        legal = game.legal_commands(played.state)
        names = {type(c).__name__ for c in legal}
        if move >= moves and ("Pass" in names or game_id == "atlantis"):
            break  # a turn's start: the pass the keys play is legal there
        ending = [c for c in legal if type(c).__name__ == "EndTurn"]
        commands = [c for c in legal if type(c).__name__ not in OFTEN_PLAYED]
        played.play(ending[0] if move >= moves and ending else rng.choice(commands or ending))
    return played


def make_puzzle(
    game_id: str, answer: Any = None, moves: int = 6, seed: int = 3, rating: float = 1500.0
) -> Puzzle:
    """A puzzle at the position of ``played_game``: ``answer`` (default: the first legal
    command) is worth 1.0, every other legal command -2.0."""
    game = GAMES.get(game_id)
    played = played_game(game_id, moves, seed)
    state = played.state
    seat = game.to_act(state)
    assert seat is not None
    commands = game.legal_commands(state)
    best = answer if answer is not None else commands[0]
    view = as_json(game.privacy.view_for(state, seat))
    events = SeatEvents(game, played.events).before(len(played.events), seat)
    choices = [Choice(as_json(best), 1.0)] + [
        Choice(as_json(c), -2.0) for c in commands if c != best
    ]
    return Puzzle(
        id=puzzle_id(game_id, seat, view, events) + f"-{seed}-{rating:.0f}",
        game=game_id,
        source=Source("test.jsonl", len(played.events)),
        seat=seat,
        players=tuple(game.presentation.player_names(state)),
        options=as_json(game.options_of(state)),
        events=events,
        view=view,
        answer=as_json(best),
        lead=3.0,
        choices=tuple(choices),
        rule_ids=("T1",),
        rating=rating,
        made=Making(0.1, 1, 0.8, 2, "points", (1.0, 2.0, 4.0)),
    )


def ship(
    monkeypatch: pytest.MonkeyPatch, folder: Path, game_id: str, puzzles: list[Puzzle]
) -> Path:
    """Ship ``puzzles`` as ``game_id``'s set for the test."""
    path = folder / f"{game_id}-puzzles.jsonl"
    write_set(path, SetHeader(game_id, "made by the tests", "none"), puzzles)
    real = puzzles_sources.shipped_path

    def shipped_path(asked: str) -> Path:
        return path if asked == game_id else real(asked)

    monkeypatch.setattr(puzzles_sources, "shipped_path", shipped_path)
    return path


async def wait(pilot: Pilot[None], app: AtlantisApp) -> None:
    """Let the workers (the judge) finish and the screen settle."""
    for _round in range(3):
        await pilot.pause()
        await app.workers.wait_for_complete()
    await pilot.pause()


def puzzle_screen(app: AtlantisApp) -> PuzzlePlay:
    screen = app.screen
    assert isinstance(screen, PuzzlePlay), type(screen).__name__
    return screen


async def open_puzzles(pilot: Pilot[None], app: AtlantisApp) -> PuzzlePlay:
    await pilot.pause()
    app.action_puzzles()
    await wait(pilot, app)
    return puzzle_screen(app)


async def answer_by_keys(pilot: Pilot[None], app: AtlantisApp, game_id: str) -> Any:
    """Play the game's answer keys; the command the puzzle's session took."""
    screen = puzzle_screen(app)
    for key in ANSWER_KEYS[game_id]:
        await pilot.press(key)
        await wait(pilot, app)
    assert screen.session.answer is not None, "the keys played no answer"
    return screen.session.answer


def panel(app: AtlantisApp) -> str:
    from atlantis_tui.screens.puzzles_panel import PuzzlePanel

    return str(app.screen.query_one(PuzzlePanel).render())


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_a_wrong_answer_says_its_loss_the_better_move_and_rules(
    game_id: str, save_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = GAMES.get(game_id)
    state = played_game(game_id).state
    # The answer is a command no key below plays: whatever the keys play is wrong.
    keys_play_other = [
        c for c in game.legal_commands(state) if type(c).__name__ not in OFTEN_PLAYED
    ][-1]
    ship(monkeypatch, tmp_path, game_id, [make_puzzle(game_id, keys_play_other)])
    app = AtlantisApp(save_dir=save_dir, game=game_id)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_puzzles(pilot, app)
        assert "Find the best move for" in panel(app)
        await answer_by_keys(pilot, app, game_id)
        assert "Enter: submit it" in panel(app)
        await pilot.press("enter")
        await wait(pilot, app)
        text = panel(app)
        assert "loses 3.0 points" in text
        assert "Better:" in text
        assert "T1" in text
        assert screen.session.judged
        # a shows the better move on the board, and again the answer.
        await pilot.press("a")
        await wait(pilot, app)
        assert "The board shows the better move" in panel(app)
        await pilot.press("a")
        await wait(pilot, app)
        assert "The board shows the better move" not in panel(app)
    ratings = PuzzleRatings.load(attempts_file(save_dir))
    assert [a.solved for a in ratings.attempts(game_id)] == [False]


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_a_right_answer_says_so_and_moves_on(
    game_id: str, save_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # First find the command the keys play, then make it the answer.
    ship(monkeypatch, tmp_path, game_id, [make_puzzle(game_id)])
    app = AtlantisApp(save_dir=save_dir, game=game_id)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_puzzles(pilot, app)
        answer = await answer_by_keys(pilot, app, game_id)
    puzzles = [make_puzzle(game_id, answer), make_puzzle(game_id, moves=8, seed=4, rating=1600)]
    ship(monkeypatch, tmp_path, game_id, puzzles)
    app = AtlantisApp(save_dir=save_dir, game=game_id)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_puzzles(pilot, app)
        assert screen.puzzle.id == puzzles[0].id
        await answer_by_keys(pilot, app, game_id)
        await pilot.press("enter")
        await wait(pilot, app)
        assert "Right: that is the best move." in panel(app)
        await pilot.press("n")
        await wait(pilot, app)
        assert puzzle_screen(app).puzzle.id == puzzles[1].id
    ratings = PuzzleRatings.load(attempts_file(save_dir))
    assert [(a.puzzle, a.solved) for a in ratings.attempts(game_id)] == [(puzzles[0].id, True)]


async def test_undo_takes_the_answer_back_before_it_is_judged(
    save_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ship(monkeypatch, tmp_path, "atlantis", [make_puzzle("atlantis")])
    app = AtlantisApp(save_dir=save_dir, game="atlantis")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_puzzles(pilot, app)
        await answer_by_keys(pilot, app, "atlantis")
        await pilot.press("u")
        await wait(pilot, app)
        assert screen.session.answer is None
        assert screen.session.to_act == screen.session.seat
        assert "Find the best move for" in panel(app)
        # Enter now belongs to the game's move builder again: nothing is judged.
        await pilot.press("enter")
        await wait(pilot, app)
        assert not screen.session.judged
    assert not PuzzleRatings.load(attempts_file(save_dir)).attempts()
