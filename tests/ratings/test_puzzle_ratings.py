"""``core.services.puzzle_ratings``: Glicko-2 ratings of the solver and of each puzzle,
folded from an append-only file of attempts that a crash cannot spoil."""

from __future__ import annotations

import datetime as _dt
import json
from pathlib import Path

import pytest

from core.services.glicko2 import Game, Rating, rate
from core.services.puzzle_ratings import (
    DAMAGED_SUFFIX,
    NEWCOMER,
    PROVISIONAL_DEVIATION,
    TAU,
    PuzzleRatings,
    attempts_file,
    rate_attempt,
)

WHEN = _dt.datetime(2026, 3, 1, 12, tzinfo=_dt.UTC)
SETTLED = Rating(1500, 80, 0.06)
"""A solver who has played enough to move the puzzles."""


def _file(tmp_path: Path) -> Path:
    return attempts_file(tmp_path / "saves")


def test_a_newcomer_starts_at_1500_and_a_puzzle_at_its_shipped_rating(tmp_path: Path) -> None:
    ratings = PuzzleRatings.load(_file(tmp_path), starts={("atlantis", "a-1"): 1800})
    assert ratings.problem is None and ratings.attempts() == ()
    assert ratings.player_rating("atlantis") == NEWCOMER
    assert ratings.puzzle_rating("atlantis", "a-1").rating == 1800
    assert ratings.puzzle_rating("arkantis", "a-1").rating == 1500  # each game's own
    assert not _file(tmp_path).exists()  # reading writes nothing


def test_solving_at_the_first_try_wins_and_missing_loses(tmp_path: Path) -> None:
    ratings = PuzzleRatings.load(_file(tmp_path))
    won = ratings.record("atlantis", "a-1", solved_first_try=True, when=WHEN)
    assert won.rated and won.player.rating > 1500 and won.player_change > 0
    lost = ratings.record("atlantis", "a-2", solved_first_try=False, when=WHEN)
    assert lost.rated and lost.player.rating < won.player.rating and lost.player_change < 0
    assert ratings.player_rating("arkantis") == NEWCOMER  # another game's rating
    # The file holds the attempts, one line each, and folds back to the same ratings.
    lines = _file(tmp_path).read_text().splitlines()
    assert [json.loads(line) for line in lines] == [
        {"at": "2026-03-01T12:00:00+00:00", "game": "atlantis", "puzzle": "a-1", "solved": True},
        {"at": "2026-03-01T12:00:00+00:00", "game": "atlantis", "puzzle": "a-2", "solved": False},
    ]
    again = PuzzleRatings.load(_file(tmp_path))
    assert again.player_rating("atlantis") == ratings.player_rating("atlantis")
    assert again.attempts() == ratings.attempts()


def test_a_puzzle_seen_before_rates_nothing(tmp_path: Path) -> None:
    ratings = PuzzleRatings.load(_file(tmp_path))
    ratings.record("atlantis", "a-1", solved_first_try=False, when=WHEN)
    before = ratings.player_rating("atlantis")
    assert ratings.attempted("atlantis", "a-1")
    again = ratings.record("atlantis", "a-1", solved_first_try=True, when=WHEN)
    assert not again.rated and again.player == before and again.player_change == 0
    assert len(ratings.attempts("atlantis")) == 2


def test_both_sides_move_as_one_glicko2_game_each() -> None:
    """A settled solver against an established puzzle: exactly one Glicko-2 game each,
    τ = 0.75, from the ratings before the attempt."""
    puzzle = Rating(1700, 90, 0.06)
    player_after, puzzle_after = rate_attempt(SETTLED, puzzle, solved=True)
    assert player_after == rate(SETTLED, [Game(puzzle, 1.0)], TAU)
    assert puzzle_after == rate(puzzle, [Game(SETTLED, 0.0)], TAU)
    assert player_after.rating > SETTLED.rating and puzzle_after.rating < puzzle.rating


def test_a_clueless_solver_moves_no_puzzle() -> None:
    """As on lichess: a newcomer (deviation 500) tells nothing about the puzzle yet."""
    puzzle = Rating(1500, 300, 0.09)
    assert rate_attempt(NEWCOMER, puzzle, solved=True)[1] == puzzle
    assert rate_attempt(SETTLED, puzzle, solved=True)[1].rating < puzzle.rating


def test_solving_two_puzzles_in_three_settles_without_climbing_on() -> None:
    """Each puzzle is rated once, by one player, so it stays provisional: the solver's
    rating must still settle. Two in three solved against puzzles rated 1500 is about
    1730 (the puzzles' wide deviation flattens the expected score); lichess's damping
    against provisional puzzles would reach 2022 after 90 attempts and still rise."""
    player = NEWCOMER
    history = []
    for attempt in range(90):
        player, _puzzle = rate_attempt(player, NEWCOMER, solved=attempt % 3 != 0)
        history.append(player.rating)
    assert 1650 < history[-1] < 1800
    assert abs(history[-1] - history[-31]) < 40  # the last 30 attempts: settled
    assert player.deviation < PROVISIONAL_DEVIATION


def test_a_torn_last_line_is_dropped_and_the_next_attempt_starts_a_clean_line(
    tmp_path: Path,
) -> None:
    path = _file(tmp_path)
    ratings = PuzzleRatings.load(path)
    ratings.record("atlantis", "a-1", solved_first_try=True, when=WHEN)
    kept = path.read_bytes()
    path.write_bytes(kept + b'{"at": "2026-03-01T12:00:00+00:00", "game": "atl')  # the crash
    torn = PuzzleRatings.load(path)
    assert torn.problem is None
    assert torn.attempts() == ratings.attempts()
    torn.record("atlantis", "a-2", solved_first_try=True, when=WHEN)
    assert path.read_bytes().startswith(kept)
    assert len(PuzzleRatings.load(path).attempts()) == 2
    assert [json.loads(line)["puzzle"] for line in path.read_text().splitlines()] == ["a-1", "a-2"]
    assert not path.with_name(path.name + DAMAGED_SUFFIX).exists()


@pytest.mark.parametrize(
    ("bad", "reason"),
    [
        (b"not json\n", "not a JSON attempt"),
        (b"\xff\xfe\n", "not a JSON attempt"),
        (b'{"game": "atlantis", "puzzle": "a-9"}\n', "whether it was solved"),
        (b'["atlantis"]\n', "a JSON object"),
        (b'{"game": "", "puzzle": "a-9", "solved": true}\n', "names its game and its puzzle"),
    ],
)
def test_a_bad_line_is_named_by_its_number_and_the_lines_before_it_are_kept(
    tmp_path: Path, bad: bytes, reason: str
) -> None:
    path = _file(tmp_path)
    ratings = PuzzleRatings.load(path)
    ratings.record("atlantis", "a-1", solved_first_try=True, when=WHEN)
    ratings.record("atlantis", "a-2", solved_first_try=False, when=WHEN)
    good = path.read_bytes()
    after = b'{"at": "", "game": "atlantis", "puzzle": "a-3", "solved": true}\n'
    path.write_bytes(good + bad + after)
    damaged = PuzzleRatings.load(path)
    assert damaged.problem is not None and "\n" not in damaged.problem
    assert damaged.problem.startswith("puzzle-attempts.jsonl, line 3: ")
    assert reason in damaged.problem and damaged.problem.endswith("the attempts before it are kept")
    assert damaged.attempts() == ratings.attempts()
    assert damaged.player_rating("atlantis") == ratings.player_rating("atlantis")
    # The next attempt sets the damaged file aside whole and goes on from the kept lines.
    damaged.record("atlantis", "a-4", solved_first_try=True, when=WHEN)
    assert path.with_name(path.name + DAMAGED_SUFFIX).read_bytes() == good + bad + after
    reread = PuzzleRatings.load(path)
    assert reread.problem is None
    assert [a.puzzle for a in reread.attempts()] == ["a-1", "a-2", "a-4"]


def test_a_file_that_cannot_be_read_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    path = _file(tmp_path)
    path.mkdir(parents=True)  # a folder where the file should be
    ratings = PuzzleRatings.load(path)
    assert ratings.problem is not None and str(path) in ratings.problem
    assert ratings.player_rating("atlantis") == NEWCOMER


def test_the_file_alone_gives_the_ratings_the_puzzle_sets_gave(tmp_path: Path) -> None:
    """A puzzle's first rating is kept with its first attempt: read without the sets
    (as ``atlantis stats`` reads it), the file gives the same ratings."""
    path = _file(tmp_path)
    starts = {("atlantis", "hard"): 2400.0}
    ratings = PuzzleRatings.load(path, starts=starts)
    ratings.record("atlantis", "hard", solved_first_try=True, when=WHEN)
    ratings.record("atlantis", "hard", solved_first_try=True, when=WHEN)
    first, again = (json.loads(line) for line in path.read_text().splitlines())
    assert first["start"] == 2400.0 and "start" not in again
    alone = PuzzleRatings.load(path)
    assert alone.player_rating("atlantis") == ratings.player_rating("atlantis")
    assert alone.puzzle_rating("atlantis", "hard") == ratings.puzzle_rating("atlantis", "hard")
    # Beating a 2400 puzzle earns more than beating a 1500 one.
    plain = PuzzleRatings.load(attempts_file(tmp_path / "other"))
    plain.record("atlantis", "hard", solved_first_try=True, when=WHEN)
    assert ratings.player_rating("atlantis").rating > plain.player_rating("atlantis").rating


def test_a_first_rating_that_is_not_a_number_is_a_bad_line(tmp_path: Path) -> None:
    path = _file(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_bytes(b'{"game": "atlantis", "puzzle": "p", "solved": true, "start": "x"}\n')
    ratings = PuzzleRatings.load(path)
    assert ratings.problem is not None and "line 1" in ratings.problem
    assert "first rating is a number" in ratings.problem
