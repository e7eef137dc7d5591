"""The puzzle ratings: the player's, per game, and each puzzle's, both Glicko-2, updated
after each attempt as lichess updates its puzzle trainer's.

How the puzzle trainer uses it::

    ratings = PuzzleRatings.load(attempts_file(save_dir), starts=shipped_ratings)
    if ratings.problem:                      # a damaged file: one line to show
        notify(ratings.problem)
    ratings.player_rating("atlantis").rating     # 1500 for a newcomer
    ratings.puzzle_rating("atlantis", "a-0007")  # the puzzle's, before the attempt
    outcome = ratings.record("atlantis", "a-0007", solved_first_try=True)
    outcome.player_change                        # +87: what the attempt earned

**An attempt** is one puzzle played to its end: *solved at the first try* (the first
move the solver chose was the puzzle's answer) is a win for the solver and a loss for
the puzzle; anything else (a wrong first move, a hint, giving up) is a loss for the
solver and a win for the puzzle. The caller decides which, and calls ``record`` once
per attempt.

**What is rated**, as on lichess:

- Only the player's *first* attempt at a puzzle changes a rating. A missed puzzle
  that comes back later is recorded again (``attempts`` lists it, ``attempted`` says
  so) but rates nothing: solving a puzzle once seen earns nothing, nor costs.
- Both sides are updated from their ratings before the attempt, each as one game of
  a Glicko-2 rating period (τ = 0.75, lichess's).
- Newcomers start at 1500, deviation 500, volatility 0.09 (lichess's); a puzzle
  starts at its ``starts`` rating (the shipped set's, made by the bots) or 1500,
  with the same deviation.
- A puzzle is not moved by a clueless solver (deviation 230 or more), and moves at
  most 700 points at once.
- Unlike lichess, the solver's change is not damped against a provisional puzzle
  (80 % of it after a win, 30 % after a loss there). On lichess a crowd soon settles
  a puzzle's rating; here one player rates each puzzle once, so the puzzles stay
  provisional and the uneven damping would make the rating climb without end: 90
  attempts solving two puzzles in three, all rated 1500, end at 2022 and rising with
  it, at 1732 and steady without (``tests/ratings/test_puzzle_ratings.py``).
  Glicko-2 weighs an uncertain opponent less by itself.
- Ratings stay between 400 and 4000, deviations between 45 and 500, and volatility
  at most 0.1.

**The file** is ``puzzle-attempts.jsonl`` in the save folder (``attempts_file``),
beside the settings: one JSON object per line, per attempt (``{"at": ..., "game":
..., "puzzle": ..., "solved": true, "start": 1650}``, ``start`` the puzzle's first
rating from ``starts``, on its first attempt), only ever appended, each line flushed to
the disk before ``record`` returns. The ratings are not stored: ``load`` folds the
attempts in order, so they are always what the attempts say, with or without the
puzzle sets (``atlantis stats`` reads them so). A crash while a line is
written leaves a last line without its end; it is dropped quietly. A line that cannot
be read gives ``problem`` (one sentence naming the line) and the attempts before it
are kept; the next ``record`` first copies the damaged file to
``puzzle-attempts.jsonl.damaged`` and rewrites the kept lines, so nothing is glued
to a broken line.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from core.kernel.atomic_files import replace_atomically
from core.kernel.i18n import _
from core.services.glicko2 import Game, Rating, rate

ATTEMPTS_NAME = "puzzle-attempts.jsonl"
DAMAGED_SUFFIX = ".damaged"

TAU = 0.75
NEWCOMER = Rating(1500.0, 500.0, 0.09)
PROVISIONAL_DEVIATION = 110.0
"""A rating this uncertain is shown provisional (lichess's ``?``)."""
CLUELESS_DEVIATION = 230.0
MOST_PUZZLE_CHANGE = 700.0
LOWEST, HIGHEST = 400.0, 4000.0
NARROWEST, WIDEST = 45.0, 500.0
MOST_VOLATILITY = 0.1


def attempts_file(save_dir: Path) -> Path:
    """Where the attempts are kept: in the save folder, beside the settings."""
    return save_dir / ATTEMPTS_NAME


@dataclass(frozen=True)
class Attempt:
    """One attempt at a puzzle, as a line of the file keeps it."""

    game: str
    puzzle: str
    solved: bool
    """Solved at the first try: a win for the solver."""
    at: str
    """When, in UTC (ISO 8601)."""
    start: float | None = None
    """The puzzle's first rating as its set gave it (``starts``), kept with the attempt
    so that the file alone gives the ratings (``atlantis stats`` reads it without the
    sets); ``None``: 1500."""

    def line(self) -> bytes:
        data: dict[str, object] = {
            "at": self.at,
            "game": self.game,
            "puzzle": self.puzzle,
            "solved": self.solved,
        }
        if self.start is not None:
            data["start"] = self.start
        return json.dumps(data, ensure_ascii=False).encode() + b"\n"


@dataclass(frozen=True)
class Outcome:
    """What one attempt did: both ratings after it, and whether it was rated."""

    player: Rating
    puzzle: Rating
    rated: bool
    """False for a puzzle this player had attempted before: nothing changed."""
    player_before: Rating
    puzzle_before: Rating

    @property
    def player_change(self) -> int:
        """The solver's rating change, rounded as shown (``+12``, ``-8``, ``0``)."""
        return round(self.player.rating) - round(self.player_before.rating)


def _json(raw: bytes) -> object:
    """One line's JSON; ``ValueError`` in a reader's words if it is not JSON."""
    try:
        return json.loads(raw)
    except ValueError:  # not JSON, or not UTF-8
        raise ValueError(_("not a JSON attempt")) from None


def _attempt(data: object) -> Attempt:
    """An attempt read from one line's JSON; ``ValueError`` says what is wrong."""
    if not isinstance(data, dict):
        raise ValueError(_("an attempt is a JSON object"))
    game, puzzle, solved, at = (data.get(k) for k in ("game", "puzzle", "solved", "at"))
    if not isinstance(game, str) or not game or not isinstance(puzzle, str) or not puzzle:
        raise ValueError(_("an attempt names its game and its puzzle"))
    if not isinstance(solved, bool):
        raise ValueError(_("an attempt says whether it was solved (true or false)"))
    start = data.get("start")
    if start is not None and (isinstance(start, bool) or not isinstance(start, int | float)):
        raise ValueError(_("a puzzle's first rating is a number"))
    return Attempt(game, puzzle, solved, at if isinstance(at, str) else "", start)


def _capped(rating: Rating) -> Rating:
    return Rating(
        min(max(rating.rating, LOWEST), HIGHEST),
        min(max(rating.deviation, NARROWEST), WIDEST),
        min(rating.volatility, MOST_VOLATILITY),
    )


def rate_attempt(player: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """Both ratings after one rated attempt (see the module's "What is rated")."""
    player_after = _capped(rate(player, [Game(puzzle, 1.0 if solved else 0.0)], TAU))
    puzzle_after = _capped(rate(puzzle, [Game(player, 0.0 if solved else 1.0)], TAU))
    if player.deviation >= CLUELESS_DEVIATION:
        puzzle_after = puzzle
    else:
        move = puzzle_after.rating - puzzle.rating
        limited = max(-MOST_PUZZLE_CHANGE, min(MOST_PUZZLE_CHANGE, move))
        puzzle_after = replace(puzzle_after, rating=puzzle.rating + limited)
    return player_after, puzzle_after


@dataclass
class PuzzleRatings:
    """The attempts of one save folder and the ratings they make (see the module)."""

    path: Path
    starts: Mapping[tuple[str, str], float] = field(default_factory=dict)
    """(game, puzzle id) → the puzzle's first rating; 1500 for one not listed."""
    problem: str | None = None
    """Why the file could not be read to its end, in one sentence; ``None``: it could."""
    _attempts: list[Attempt] = field(default_factory=list, init=False, repr=False)
    _players: dict[str, Rating] = field(default_factory=dict, init=False, repr=False)
    _puzzles: dict[tuple[str, str], Rating] = field(default_factory=dict, init=False, repr=False)
    _seen: set[tuple[str, str]] = field(default_factory=set, init=False, repr=False)
    _kept: bytes = field(default=b"", init=False, repr=False)
    """The file's lines that were read, as they are on disk."""
    _damaged: bool = field(default=False, init=False, repr=False)
    """Whether the file holds more than ``_kept`` (a torn or a bad line)."""

    @classmethod
    def load(
        cls, path: Path, starts: Mapping[tuple[str, str], float] | None = None
    ) -> PuzzleRatings:
        """The ratings the attempts in ``path`` make; a missing file holds none. A file
        that cannot be read at all is a ``problem`` too, never an exception."""
        ratings = cls(path, dict(starts or {}))
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return ratings
        except OSError as error:
            reason = error.strerror or error
            # Not damaged: what cannot be read is not rewritten; ``record`` appends.
            ratings.problem = _("cannot read {path}: {reason}").format(path=path, reason=reason)
            return ratings
        ratings._read(data)
        return ratings

    def _read(self, data: bytes) -> None:
        lines = data.splitlines(keepends=True)
        offset = 0
        for number, raw in enumerate(lines, start=1):
            if not raw.endswith(b"\n"):
                break  # torn by a crash while it was written: the attempt never ended
            try:
                attempt = _attempt(_json(raw))
            except ValueError as error:
                self.problem = _(
                    "{file}, line {line}: {reason}; the attempts before it are kept"
                ).format(file=self.path.name, line=number, reason=error)
                break
            self._apply(attempt)
            offset += len(raw)
        self._kept = data[:offset]
        self._damaged = offset < len(data)

    def _apply(self, attempt: Attempt) -> Outcome:
        key = (attempt.game, attempt.puzzle)
        player, puzzle = self.player_rating(attempt.game), self.puzzle_rating(*key)
        if key not in self._puzzles and attempt.start is not None:
            puzzle = replace(NEWCOMER, rating=attempt.start)  # the start it was played at
        self._attempts.append(attempt)
        if key in self._seen:
            return Outcome(player, puzzle, False, player, puzzle)
        self._seen.add(key)
        player_after, puzzle_after = rate_attempt(player, puzzle, attempt.solved)
        self._players[attempt.game] = player_after
        self._puzzles[key] = puzzle_after
        return Outcome(player_after, puzzle_after, True, player, puzzle)

    def player_rating(self, game: str) -> Rating:
        """The player's puzzle rating in ``game`` (a game id: ``atlantis``)."""
        return self._players.get(game, NEWCOMER)

    def puzzle_rating(self, game: str, puzzle_id: str) -> Rating:
        """The rating of ``game``'s puzzle ``puzzle_id``."""
        found = self._puzzles.get((game, puzzle_id))
        if found is not None:
            return found
        start = self.starts.get((game, puzzle_id))
        return NEWCOMER if start is None else replace(NEWCOMER, rating=start)

    def attempted(self, game: str, puzzle_id: str) -> bool:
        """Whether this puzzle was attempted before (its next attempt is not rated)."""
        return (game, puzzle_id) in self._seen

    def attempts(self, game: str | None = None) -> tuple[Attempt, ...]:
        """The attempts in the order they were made, of one game or of all."""
        return tuple(a for a in self._attempts if game is None or a.game == game)

    def record(
        self,
        game: str,
        puzzle_id: str,
        solved_first_try: bool,
        when: _dt.datetime | None = None,
    ) -> Outcome:
        """Keep one attempt (appended to the file, on the disk when this returns) and
        return what it did to both ratings. ``OSError`` if the folder cannot be
        written: the attempt is then not counted either."""
        stamp = (when or _dt.datetime.now(_dt.UTC)).astimezone(_dt.UTC).isoformat()
        start = self.starts.get((game, puzzle_id)) if not self.attempted(game, puzzle_id) else None
        attempt = Attempt(game, puzzle_id, solved_first_try, stamp, start)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if self._damaged:
            self._set_aside()
        _append(self.path, attempt.line())
        self._kept += attempt.line()
        return self._apply(attempt)

    def _set_aside(self) -> None:
        """Copy a file with a bad line aside, then keep only the lines that were read
        (a torn last line needs no copy: it is an attempt that never ended)."""
        if self.problem is not None:
            with contextlib.suppress(OSError):
                damaged = self.path.with_name(self.path.name + DAMAGED_SUFFIX)
                replace_atomically(damaged, self.path.read_bytes())
        replace_atomically(self.path, self._kept)
        self._damaged = False


def _append(path: Path, line: bytes) -> None:
    """Append one whole line and make it durable before returning."""
    new = not path.exists()
    with path.open("ab") as handle:
        handle.write(line)
        handle.flush()
        os.fsync(handle.fileno())
    if new:  # the file's name must survive a crash as well as its line
        with contextlib.suppress(OSError):
            descriptor = os.open(path.parent, os.O_RDONLY)
            try:
                os.fsync(descriptor)
            finally:
                os.close(descriptor)
