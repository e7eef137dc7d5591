"""Puzzles: decisions of reviewed games where one choice is clearly best, to practise.

``model`` is what a puzzle holds (only what its seat could see), ``files`` the
puzzle files (JSON Lines, a header then one puzzle a line), ``position`` the
position rebuilt for the solver and the verdict on an answer, ``mining`` how
puzzles are found in saves, ``checking`` how a set is judged again deeper.
"""

from core.services.puzzles.files import PuzzleFileError, PuzzleSet, load_set, write_set
from core.services.puzzles.model import Choice, Making, Puzzle, SetHeader, Source
from core.services.puzzles.position import (
    Verdict,
    judge_answer,
    position_events,
    position_state,
    position_view,
)

__all__ = [
    "Choice",
    "Making",
    "Puzzle",
    "PuzzleFileError",
    "PuzzleSet",
    "SetHeader",
    "Source",
    "Verdict",
    "judge_answer",
    "load_set",
    "position_events",
    "position_state",
    "position_view",
    "write_set",
]
