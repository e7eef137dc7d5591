"""Puzzles in the app: right and wrong answers by the keys, missed puzzles coming back,
progress surviving a restart and a torn line, "Your mistakes", the menu and the palette.

The puzzles here are made from a short seeded game of each game (``make_puzzle``):
the position after a few moves, with made-up values (the answer 1.0, every other
command -2.0), so that judging needs no search and a wrong answer loses 3.0 points.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, cast

import msgspec
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
    # A puzzle that names no rule: the verdict finds those of the two moves' events.
    puzzle = msgspec.structs.replace(make_puzzle(game_id, keys_play_other), rule_ids=())
    ship(monkeypatch, tmp_path, game_id, [puzzle])
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
        rules = screen.shown.verdict.rule_ids
        assert rules and "Rules: " + ", ".join(rules) in text
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


# -- the queue: missed puzzles come back, progress survives ---------------------------------------
def test_a_missed_puzzle_comes_back_after_three_others(tmp_path: Path) -> None:
    from atlantis_tui.screens.puzzles_queue import COMEBACK, next_puzzle

    puzzles = [make_puzzle("atlantis", rating=1500 + 10 * n) for n in range(6)]
    ratings = PuzzleRatings.load(tmp_path / "attempts.jsonl")
    first = next_puzzle(puzzles, ratings, "atlantis")
    assert first is puzzles[0]
    ratings.record("atlantis", first.id, solved_first_try=False)
    offered = []
    for _round in range(COMEBACK + 1):
        shown = next_puzzle(puzzles, ratings, "atlantis")
        assert shown is not None
        offered.append(shown.id)
        ratings.record("atlantis", shown.id, solved_first_try=shown is not puzzles[0])
    assert offered == [p.id for p in puzzles[1 : COMEBACK + 1]] + [puzzles[0].id]


def test_a_missed_puzzle_alone_comes_back_at_once(tmp_path: Path) -> None:
    from atlantis_tui.screens.puzzles_queue import next_puzzle

    puzzles = [make_puzzle("atlantis")]
    ratings = PuzzleRatings.load(tmp_path / "attempts.jsonl")
    ratings.record("atlantis", puzzles[0].id, solved_first_try=False)
    assert next_puzzle(puzzles, ratings, "atlantis", skip=puzzles[0].id) is puzzles[0]
    ratings.record("atlantis", puzzles[0].id, solved_first_try=True)
    assert next_puzzle(puzzles, ratings, "atlantis", skip=puzzles[0].id) is None


async def test_a_missed_puzzle_comes_back_on_screen(
    save_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = GAMES.get("atlantis")
    state = played_game("atlantis").state
    other = [c for c in game.legal_commands(state) if type(c).__name__ not in OFTEN_PLAYED][-1]
    puzzle = make_puzzle("atlantis", other)
    ship(monkeypatch, tmp_path, "atlantis", [puzzle])
    app = AtlantisApp(save_dir=save_dir, game="atlantis")
    async with app.run_test(size=(120, 40)) as pilot:
        first = await open_puzzles(pilot, app)
        await answer_by_keys(pilot, app, "atlantis")
        await pilot.press("enter")
        await wait(pilot, app)
        assert "this one comes back later" in panel(app)
        await pilot.press("n")
        await wait(pilot, app)
        again = puzzle_screen(app)
        assert again is not first
        assert again.puzzle.id == puzzle.id
        assert "Find the best move for" in panel(app)


async def test_progress_survives_a_restart_and_a_torn_last_line(
    save_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    puzzles = [make_puzzle("atlantis"), make_puzzle("atlantis", moves=8, seed=4, rating=1600)]
    ship(monkeypatch, tmp_path, "atlantis", puzzles)
    save_dir.mkdir(parents=True)
    kept = PuzzleRatings.load(attempts_file(save_dir))
    kept.record("atlantis", puzzles[0].id, solved_first_try=True)
    rating = round(kept.player_rating("atlantis").rating)
    # A crash while the next attempt was written: its line has no end.
    with attempts_file(save_dir).open("ab") as handle:
        handle.write(b'{"at": "2026-11-27T10:00:00", "game": "atlantis", "puzz')
    app = AtlantisApp(save_dir=save_dir, game="atlantis")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_puzzles(pilot, app)
        assert screen.puzzle.id == puzzles[1].id  # the solved one is not offered again
        text = panel(app)
        assert "1 of 2 solved" in text
        assert f"you {rating}" in text
    assert rating != 1500


# -- your mistakes --------------------------------------------------------------------------------
def reviewed_save(save_dir: Path, game_id: str = "atlantis") -> tuple[Path, Any]:
    """A save of Ann (a person) against a bot, a few moves in, and a review beside it
    that grades Ann's first decision with a choice a mistake (its best: another command)."""
    from atlantis_tui.session import GameSession, Seat
    from core.kernel.save_lifecycle import read_checked
    from core.services.review import Review, ReviewedDecision, hash_of, positions_of, write_review

    game = GAMES.get(game_id)
    session = GameSession.new([Seat("Ann"), Seat("Bob", "greedy")], 7, save_dir=save_dir, game=game)
    rng = random.Random(1)
    for _move in range(8):
        commands = [
            c for c in game.legal_commands(session.state) if type(c).__name__ not in OFTEN_PLAYED
        ]
        session.play(rng.choice(commands))
    session.close()
    path = session.path
    assert path is not None
    checked = read_checked(path, GAMES)
    positions = positions_of(game, checked.events, checked.actions, 0.1, 1)
    position = next(p for p in positions if p.seat == 0 and len(game.legal_commands(p.state)) >= 2)
    other = next(c for c in game.legal_commands(position.state) if c != position.played)
    decision = ReviewedDecision(
        action=position.action,
        event=position.event,
        end=position.end,
        seat=0,
        played=as_json(position.played),
        best=as_json(other),
        played_value=-1.0,
        best_value=2.0,
        loss=3.0,
        grade="mistake",
        choices=2,
    )
    review = Review(
        hash_of(path.read_bytes()), game_id, 0.1, 1, "points", (1.0, 2.0, 4.0), (decision,)
    )
    write_review(path, review)
    return path, other


def test_your_mistakes_are_the_reviewed_mistakes_of_the_persons_own_decisions(
    save_dir: Path,
) -> None:
    from atlantis_tui.screens.puzzles_sources import own_mistakes

    _path, better = reviewed_save(save_dir)
    found = own_mistakes(save_dir, "atlantis")
    assert len(found) == 1
    assert found[0].seat == 0
    assert found[0].answer == as_json(better)
    assert own_mistakes(save_dir, "arkantis") == ()


async def test_your_mistakes_are_offered_beside_the_shipped_set(
    save_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from atlantis_tui.screens.choosers import ChoiceScreen

    save_dir.mkdir(parents=True)
    reviewed_save(save_dir)
    ship(monkeypatch, tmp_path, "atlantis", [make_puzzle("atlantis")])
    app = AtlantisApp(save_dir=save_dir, game="atlantis")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.action_puzzles()
        await wait(pilot, app)
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("enter")  # the first choice: your mistakes
        await wait(pilot, app)
        screen = puzzle_screen(app)
        assert screen.run.title == "Your mistakes"
        assert "Your mistakes · Atlantis" in panel(app)


# -- the menu and the palette ---------------------------------------------------------------------
async def test_puzzles_open_from_the_start_menu(
    save_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from textual.widgets import OptionList

    ship(monkeypatch, tmp_path, "arkantis", [make_puzzle("arkantis")])
    app = AtlantisApp(save_dir=save_dir, game="arkantis")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu", OptionList)
        menu.highlighted = menu.get_option_index("puzzles")
        menu.focus()
        await pilot.press("enter")
        await wait(pilot, app)
        assert puzzle_screen(app).run.game.id == "arkantis"
        await pilot.press("q")
        await wait(pilot, app)
        assert not isinstance(app.screen, PuzzlePlay)


async def test_the_palette_offers_puzzles(save_dir: Path) -> None:
    app = AtlantisApp(save_dir=save_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Puzzles" in titles


async def test_a_game_without_a_puzzle_file_says_so(
    save_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(puzzles_sources, "shipped_path", lambda game: tmp_path / "none.jsonl")
    app = AtlantisApp(save_dir=save_dir, game="atlantis")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.action_puzzles()
        await wait(pilot, app)
        assert not isinstance(app.screen, PuzzlePlay)
        said = [n.message for n in app._notifications]
        assert any("No puzzle file" in message for message in said), said


# -- privacy: what the mover could not see is never on screen ------------------------------------
def screen_text(app: AtlantisApp) -> str:
    """Everything the terminal shows now, as plain text."""
    import io

    from rich.console import Console

    console = Console(width=app.size.width, file=io.StringIO(), record=True, color_system=None)
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text()


async def puzzle_screens(
    game_id: str, size: tuple[int, int], save_dir: Path, answer: Any
) -> list[str]:
    """The text of every screen of a puzzle: the position, the answer played, the verdict,
    the better move, the log, and the answer again."""
    app = AtlantisApp(save_dir=save_dir, game=game_id)
    seen: list[str] = []
    async with app.run_test(size=size) as pilot:
        await open_puzzles(pilot, app)
        seen.append(screen_text(app))
        for key in (*ANSWER_KEYS[game_id], "enter", "a", "l", "a"):
            await pilot.press(key)
            await wait(pilot, app)
            app.clear_notifications()
            await pilot.pause()
            seen.append(screen_text(app))
        assert puzzle_screen(app).session.judged
    return seen


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_no_puzzle_screen_shows_the_other_hands_or_the_pile(
    game_id: str,
    size: tuple[int, int],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Markers planted wherever the mover may not look (as the conformance kit plants
    them), in every position the puzzle's board stands at, are on no screen of the
    puzzle, and the screens are the very same as without them: the position, the
    answer, the verdict, the better move, the log."""
    from atlantis_tui.screens.puzzles_session import PuzzleSession
    from tests.conformance.privacy import MARKERS

    game = GAMES.get(game_id)
    plant = game.privacy.plant
    assert plant is not None
    other = [
        c
        for c in game.legal_commands(played_game(game_id).state)
        if type(c).__name__ not in OFTEN_PLAYED
    ][-1]
    ship(monkeypatch, tmp_path, game_id, [make_puzzle(game_id, other)])
    plain = await puzzle_screens(game_id, size, tmp_path / "plain", other)

    # The rules go on from the real state; the board's state (which the screens are
    # given only through the mover's view) holds the markers.
    planted: list[Any] = []

    def stored(session: PuzzleSession) -> Any:
        return session.__dict__["_planted"]

    def store(session: PuzzleSession, state: Any) -> None:
        session.__dict__["_planted"] = plant(state, session.seat, MARKERS[0])
        planted.append(session.__dict__["_planted"])

    monkeypatch.setattr(PuzzleSession, "_line_state", property(stored, store), raising=False)
    marked = await puzzle_screens(game_id, size, tmp_path / "planted", other)
    assert any(str(MARKERS[0]) in repr(state) for state in planted), "nothing was planted"
    for number, (text, before) in enumerate(zip(marked, plain, strict=True)):
        assert str(MARKERS[0]) not in text, f"screen {number} shows a planted marker"
        assert text == before, f"screen {number} changes with what the mover could not see"


# -- the tutorial ends on puzzles -----------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_the_tutorials_last_lesson_ends_on_three_puzzles(
    game_id: str, save_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from atlantis_tui.screens.tutorial import TutorialShell
    from core.kernel.tutor import Verdict

    puzzles = [make_puzzle(game_id, rating=1400 + 50 * n, seed=3 + n) for n in range(5)]
    ship(monkeypatch, tmp_path, game_id, puzzles)
    app = AtlantisApp(save_dir=save_dir, game=game_id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.action_tutorial()
        await wait(pilot, app)
        tutorial = app.screen
        assert isinstance(tutorial, TutorialShell)
        tutorial.open_lesson(len(tutorial.LESSONS) - 1)
        await wait(pilot, app)
        await pilot.press("n")  # the task is not done: n is the game's, no puzzle yet
        await wait(pilot, app)
        assert app.screen is tutorial
        # The task done (as a right command would leave it):
        tutorial.verdict = Verdict(True, tutorial.lesson.rule, "done")
        tutorial.quiz = None
        tutorial.show_feedback()
        await wait(pilot, app)
        assert "three puzzles" in screen_text(app)
        await pilot.press("n")
        await wait(pilot, app)
        screen = puzzle_screen(app)
        assert screen.run.title == "Tutorial puzzles"
        assert [p.id for p in screen.run.puzzles] == [p.id for p in puzzles[:3]]
        assert screen.puzzle.id in {p.id for p in puzzles[:3]}
        await pilot.press("q")
        await wait(pilot, app)
        assert app.screen is tutorial


async def test_atlantis_puzzles_opens_the_app_on_the_puzzles(
    save_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What ``atlantis puzzles --game arkantis`` runs: the app with its style sheet, the
    puzzle on top of the start menu."""
    from atlantis_tui.screens.puzzles_app import puzzles_app

    ship(monkeypatch, tmp_path, "arkantis", [make_puzzle("arkantis")])
    app = puzzles_app("arkantis", save_dir)
    assert isinstance(app, AtlantisApp)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot, app)
        assert puzzle_screen(app).run.game.id == "arkantis"
        assert len(app.screen_stack) == 2


async def test_a_hint_is_given_and_a_hinted_answer_counts_as_missed(
    save_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ship(monkeypatch, tmp_path, "atlantis", [make_puzzle("atlantis")])
    app = AtlantisApp(save_dir=save_dir, game="atlantis")
    async with app.run_test(size=(120, 40)) as pilot:
        await open_puzzles(pilot, app)
        answer = await answer_by_keys(pilot, app, "atlantis")
    puzzle = make_puzzle("atlantis", answer)
    ship(monkeypatch, tmp_path, "atlantis", [puzzle])
    app = AtlantisApp(save_dir=save_dir, game="atlantis")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_puzzles(pilot, app)
        await pilot.press("h")
        await wait(pilot, app)
        assert cast(Any, screen).current_hint() is not None
        await answer_by_keys(pilot, app, "atlantis")
        await pilot.press("enter")
        await wait(pilot, app)
        assert "Right, with a hint: it counts as missed." in panel(app)
    attempts = PuzzleRatings.load(attempts_file(save_dir)).attempts("atlantis")
    assert [(a.puzzle, a.solved) for a in attempts] == [(puzzle.id, False)]


async def test_a_damaged_puzzle_file_is_said_in_one_line(
    save_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = ship(monkeypatch, tmp_path, "atlantis", [make_puzzle("atlantis")])
    path.write_bytes(b"not a puzzle file\n")
    app = AtlantisApp(save_dir=save_dir, game="atlantis")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.action_puzzles()
        await wait(pilot, app)
        assert not isinstance(app.screen, PuzzlePlay)
        said = [n.message for n in app._notifications]
        assert any(path.name in message and "\n" not in message for message in said), said


def test_the_puzzles_before_a_damaged_line_are_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from atlantis_tui.screens.puzzles_sources import shipped_set

    puzzle = make_puzzle("atlantis")
    path = ship(monkeypatch, tmp_path, "atlantis", [puzzle])
    with path.open("ab") as handle:
        handle.write(b'{"id": "broken"\n')
    assert [p.id for p in shipped_set("atlantis")] == [puzzle.id]


async def test_the_palette_and_the_help_have_the_puzzles_keys(
    save_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from atlantis_tui.screens.simple import HelpScreen

    ship(monkeypatch, tmp_path, "atlantica", [make_puzzle("atlantica")])
    app = AtlantisApp(save_dir=save_dir, game="atlantica")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_puzzles(pilot, app)
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Close the puzzles" in titles
        assert "Next puzzle" not in titles
        await answer_by_keys(pilot, app, "atlantica")
        await pilot.press("enter")
        await wait(pilot, app)
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Next puzzle" in titles
        assert screen.session.judged
        await pilot.press("question_mark")
        await wait(pilot, app)
        assert isinstance(app.screen, HelpScreen)
        assert "Keys of a puzzle" in screen_text(app)
