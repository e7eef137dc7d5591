"""The tutorial's progress, per game: which lessons the learner completed, and how many
of each lesson's questions were answered, kept in a small file.

Each game's progress has its own file in the save folder: Atlantis's is the
one there was before there were several games (``atlantis_tui.saves.progress_file``,
``tutorial.json``), and another game's lies beside it (``tutorial.<game>.json``,
``game_progress_file``). A file names the game whose lessons it counts; one that
names none, as every file written before there were several games, is
Atlantis's. Files are replaced atomically, so a crash never leaves half of one.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import msgspec

from core.games import GAMES
from core.kernel.atomic_files import replace_atomically
from core.kernel.registry import DEFAULT_GAME
from core.kernel.tutor import AnyLesson, next_lesson


def _lessons(game: str) -> Sequence[AnyLesson]:
    return GAMES.get(game).presentation.lessons()


class Progress(msgspec.Struct, omit_defaults=True):
    """What the learner finished, by lesson id, in the order finished, and how many
    answers each lesson's questions got (the next one asked follows on from there, so
    trying the lesson again, or another session, never asks the same question again
    straight away). ``game`` is the game whose lessons these are (left out of the
    file for Atlantis, so its files read as they always did)."""

    completed: list[str] = msgspec.field(default_factory=list)
    answered: dict[str, int] = msgspec.field(default_factory=dict)
    game: str = DEFAULT_GAME

    def done(self, lesson_id: str) -> bool:
        return lesson_id in self.completed

    def mark(self, lesson_id: str) -> None:
        if lesson_id not in self.completed:
            self.completed.append(lesson_id)

    def answers(self, lesson_id: str) -> int:
        return self.answered.get(lesson_id, 0)

    def count_answer(self, lesson_id: str) -> None:
        self.answered[lesson_id] = self.answers(lesson_id) + 1

    def next_lesson(self) -> int:
        """The first lesson of the game not completed yet (the last one when all are done)."""
        return next_lesson(_lessons(self.game), self.done)


def game_progress_file(path: Path, game: str) -> Path:
    """Where ``game``'s progress is kept, given the tutorial's progress file ``path``:
    that file for Atlantis, ``tutorial.<game>.json`` beside it for another game."""
    if game == DEFAULT_GAME:
        return path
    return path.with_name(f"{path.stem}.{game}{path.suffix}")


def load_progress(path: Path, game: str = DEFAULT_GAME) -> Progress:
    """``game``'s saved progress in ``path``; a missing or unreadable file, or one that
    counts another game's lessons, means nothing is completed yet."""
    empty = Progress(game=game)
    try:
        progress = msgspec.json.decode(path.read_bytes(), type=Progress)
    except (OSError, msgspec.DecodeError):
        return empty
    if progress.game != game:
        return empty
    known = {lesson.id for lesson in _lessons(game)}
    return Progress(
        [lesson_id for lesson_id in progress.completed if lesson_id in known],
        {key: count for key, count in progress.answered.items() if key in known and count >= 0},
        game,
    )


def save_progress(path: Path, progress: Progress) -> None:
    """Write progress whole, then move it into place, so a crash never leaves half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    replace_atomically(path, msgspec.json.encode(progress))
