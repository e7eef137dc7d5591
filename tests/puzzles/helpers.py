"""Small bot games and the puzzles mined from them, made once per test session.

The games are played by the greedy bots (fast, seeded), saved as
``atlantis simulate`` saves them, and mined at a tiny budget: a test of what a
puzzle holds needs puzzles, not good ones.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from core.games import GAMES
from core.kernel.registry import AnyGameType
from core.services.puzzles import mining
from core.services.puzzles.mining import Candidate, Found, MiningSettings, mine, saves_in
from core.services.puzzles.model import Puzzle
from core.services.simulate import run

TINY = MiningSettings(budget=0.01, seed=5, depth=2)
"""A budget that mines a whole game in a second or two: a confirming search twice the
first one (the default is eight times), enough for tests of what a puzzle holds."""
GAME_IDS = tuple(GAMES.ids)


@functools.cache
def saves_folder(game_id: str) -> Path:
    """A folder holding one game of ``game_id`` between two greedy bots."""
    folder = Path(tempfile.mkdtemp(prefix=f"puzzle-tests-{game_id}-"))
    run(GAMES.get(game_id), 1, ("greedy", "greedy"), 11, save_dir=str(folder))
    return folder


def lenient(game: AnyGameType, mistake: float = 0.0) -> AnyGameType:
    """``game`` whose review thresholds are all ``mistake``: with 0, every decision with a
    choice where both searches agree on the best is a puzzle (tests need many puzzles,
    not hard ones)."""
    original = game.play.review_search
    assert original is not None

    def review_search(view: Any) -> Any:
        reviewer = original(view)
        if reviewer is None:
            return None
        return dataclasses.replace(reviewer, thresholds=(mistake, mistake, mistake))

    return dataclasses.replace(
        game, play=dataclasses.replace(game.play, review_search=review_search)
    )


_LENIENT_WEIGHED: dict[tuple[str, str, int, MiningSettings], Found | None] = {}
"""``mining.weigh`` of each decision of the test games, for the ``lenient`` game."""


@contextlib.contextmanager
def lenient_searches_remembered() -> Iterator[None]:
    """Within, the miner weighs each decision of a ``lenient`` game once per process.

    The searches read the state, the seat's view and the review's thresholds, never the
    events as each seat received them: the tests that plant markers in those events
    (``test_privacy``) check what a puzzle is made of, and may take the searches of the
    same decisions from ``mined``. Only for games made by ``lenient()`` with its default
    mistake; the tests of mining itself search afresh."""

    def remembered(candidate: Candidate) -> Found | None:
        position = candidate.position
        key = (position.game.id, candidate.save, position.event, candidate.settings)
        if key not in _LENIENT_WEIGHED:
            _LENIENT_WEIGHED[key] = weigh(candidate)
        return _LENIENT_WEIGHED[key]

    weigh = mining.weigh
    mining.weigh = remembered
    try:
        yield
    finally:
        mining.weigh = weigh


@functools.cache
def mined(game_id: str) -> tuple[Puzzle, ...]:
    """The puzzles of ``saves_folder(game_id)``, every clear enough choice (``lenient``)."""
    game = lenient(GAMES.get(game_id))
    with lenient_searches_remembered():
        return tuple(mine(game, saves_in(saves_folder(game_id)), GAMES, TINY))
