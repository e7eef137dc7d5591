"""The tutorial's progress: which lessons the learner completed, and how many of each
lesson's questions were answered, kept in a small file.

The file lives in the save folder (``atlantis_tui.saves.progress_file``) and is
replaced atomically, so a crash never leaves half of it.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from core.atlantis.lessons import LESSONS
from core.kernel.atomic_files import replace_atomically


class Progress(msgspec.Struct, omit_defaults=True):
    """What the learner finished, by lesson id, in the order finished, and how many
    answers each lesson's questions got (the next one asked follows on from there, so
    trying the lesson again, or another session, never asks the same question again
    straight away)."""

    completed: list[str] = msgspec.field(default_factory=list)
    answered: dict[str, int] = msgspec.field(default_factory=dict)

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
        """The first lesson not completed yet (the last one when all are done)."""
        for index, lesson in enumerate(LESSONS):
            if not self.done(lesson.id):
                return index
        return len(LESSONS) - 1


def load_progress(path: Path) -> Progress:
    """The saved progress; a missing or unreadable file means nothing is completed yet."""
    try:
        progress = msgspec.json.decode(path.read_bytes(), type=Progress)
    except (OSError, msgspec.DecodeError):
        return Progress()
    known = {lesson.id for lesson in LESSONS}
    return Progress(
        [lesson_id for lesson_id in progress.completed if lesson_id in known],
        {key: count for key, count in progress.answered.items() if key in known and count >= 0},
    )


def save_progress(path: Path, progress: Progress) -> None:
    """Write progress whole, then move it into place, so a crash never leaves half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    replace_atomically(path, msgspec.json.encode(progress))
