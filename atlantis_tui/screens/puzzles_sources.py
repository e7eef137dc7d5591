"""Where the app's puzzles come from: a game's shipped set, and the player's own mistakes.

The shipped set is the game's puzzle file (``core.services.puzzles.files``), a
package resource (``core.services.puzzles.shipped.shipped_path`` says where).
"Your mistakes" are the decisions a review graded mistake or blunder (``?``,
``??``) that a person made in the saves of the save folder, each reviewed beside
its save (``NAME.review.json``); each becomes a puzzle holding only what its
player saw, made by the miner's own conversion
(``core.services.puzzles.mining.puzzle_of``) with the review's two values (the
move played and the better one), so that nothing is searched again here.
"""

from __future__ import annotations

from pathlib import Path

from core.kernel.errors import GameError
from core.kernel.i18n import _
from core.services.puzzles import Puzzle, PuzzleFileError, load_set

MARKED = frozenset({"mistake", "blunder"})
"""The review's grades that make a puzzle of one's own (``?`` and ``??``)."""


def shipped_path(game_id: str) -> Path:
    """The shipped puzzle file of ``game_id`` (it may not exist)."""
    from core.services.puzzles.shipped import shipped_path as where

    return where(game_id)


def shipped_set(game_id: str) -> tuple[Puzzle, ...]:
    """The game's shipped puzzles; ``GameError`` (one sentence) when the file is missing
    or damaged (a damaged file's puzzles before the bad line are still given)."""
    path = shipped_path(game_id)
    if not path.exists():
        raise GameError(_("No puzzle file shipped for this game ({path}).").format(path=path.name))
    try:
        return load_set(path).puzzles
    except PuzzleFileError as error:
        if error.kept:
            return error.kept
        raise GameError(str(error)) from None


def first_puzzles(game_id: str, count: int = 3) -> tuple[Puzzle, ...]:
    """The ``count`` easiest puzzles of the shipped set (lowest rated first): the
    tutorial's last lesson ends on them."""
    return tuple(sorted(shipped_set(game_id), key=lambda p: (p.rating, p.id))[:count])


def own_mistakes(save_dir: Path, game_id: str) -> tuple[Puzzle, ...]:
    """The decisions graded ``?`` and ``??`` that a person made in the reviewed saves of
    ``save_dir`` of game ``game_id``, as puzzles (the newest save first)."""
    if not save_dir.is_dir():
        return ()
    from core.services.puzzles.mining import saves_in

    found: list[Puzzle] = []
    seen: set[str] = set()
    for save in sorted(saves_in(save_dir), key=_modified, reverse=True):
        for puzzle in _mistakes_of(save, game_id):
            if puzzle.id not in seen:
                seen.add(puzzle.id)
                found.append(puzzle)
    return tuple(found)


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _mistakes_of(save: Path, game_id: str) -> list[Puzzle]:
    """The puzzles of one save's reviewed mistakes (none when it has no review, is of
    another game, or cannot be read)."""
    from core.games import GAMES
    from core.kernel.save_lifecycle import read_checked
    from core.kernel.savefile import HUMAN
    from core.services.puzzles.mining import Candidate, Found, MiningSettings, SeatEvents, puzzle_of
    from core.services.review import positions_of, read_review

    review = read_review(save)
    if review is None or review.game != game_id:
        return []
    try:
        checked = read_checked(save, GAMES)
    except (GameError, OSError):
        return []
    header = checked.header
    if checked.problem is not None or header.game != game_id or not checked.actions:
        return []
    seats = header.seats or (HUMAN,) * len(header.players)
    marked = {
        decision.event: decision
        for decision in review.decisions
        if decision.grade in MARKED
        and decision.seat < len(seats)
        and seats[decision.seat] == HUMAN
        and decision.best is not None
    }
    if not marked:
        return []
    game = GAMES.get(game_id)
    settings = MiningSettings(budget=review.budget, seed=review.seed, depth=1)
    positions = positions_of(game, checked.events, checked.actions, review.budget, review.seed)
    seat_events = SeatEvents(game, checked.events)
    puzzles = []
    for position in positions:
        decision = marked.get(position.event)
        if decision is None:
            continue
        found = Found(
            event=decision.event,
            best=0,
            commands=(decision.best, decision.played),
            values=(decision.best_value, decision.played_value),
            lead=round(decision.loss, 3),
            value_meaning=review.value_meaning,
            thresholds=review.thresholds,
        )
        candidate = Candidate(position, save.name, settings)
        try:
            puzzles.append(puzzle_of(candidate, found, seat_events, None))
        except (GameError, ValueError, TypeError):
            continue  # a decision the conversion cannot hold: left out, not fatal
    return puzzles
