"""A puzzle set judged again, deeper: does a deeper search, with a seed of its own,
still find each puzzle's answer best?

Each puzzle's position is rebuilt for its seat (``position``), the commands are
weighed as the mining weighed them (the expert's candidates, every legal command
when there are few) and the deeper search's best is compared with the answer.
``atlantis puzzles check`` prints ``{"checked": N, "agree": K}``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from core.kernel.registry import AnyGameType
from core.services.puzzles.model import Puzzle, as_json
from core.services.puzzles.position import position_state, position_view
from core.services.review import weighed

DEEPER = 1.0
"""A check's budget by default: this many times the puzzle's confirming search (itself 8
times the review's), with a seed neither search used."""


@dataclass(frozen=True)
class CheckJob:
    """One puzzle to check, as sent to a worker process (the descriptor must pickle)."""

    game: AnyGameType
    puzzle: Puzzle
    budget: float | None
    seed: int


def check_budget(puzzle: Puzzle, budget: float | None) -> float:
    """The budget a puzzle is checked at: ``budget``, else ``DEEPER`` times its confirming
    search's."""
    return budget if budget is not None else puzzle.made.confirm_budget * DEEPER


def agrees(job: CheckJob) -> bool:
    """Whether the deeper search's best command is the puzzle's answer."""
    game, puzzle = job.game, job.puzzle
    view = position_view(game, puzzle)
    if game.play.review_search is None:
        return False
    reviewer = game.play.review_search(view)
    if reviewer is None:
        return False
    commands = weighed(reviewer, view, game.legal_commands(position_state(game, puzzle)))
    if len(commands) < 2:
        return False
    budget = check_budget(puzzle, job.budget)
    playouts = max(4 * len(commands), round(budget * reviewer.playouts_per_second))
    rng = random.Random(f"puzzle-check:{job.seed}:{puzzle.id}")
    values = reviewer.search.evaluate(view, commands, rng, playouts)
    best = max(range(len(values)), key=lambda index: (values[index], -index))
    return bool(as_json(commands[best]) == puzzle.answer)


def sample(puzzles: Sequence[Puzzle], count: int | None, seed: int) -> list[Puzzle]:
    """``count`` puzzles drawn with ``seed`` (all of them when ``None`` or more), in the
    set's order."""
    if count is None or count >= len(puzzles):
        return list(puzzles)
    chosen = set(random.Random(f"puzzle-sample:{seed}").sample(range(len(puzzles)), count))
    return [puzzle for index, puzzle in enumerate(puzzles) if index in chosen]


def check(
    game: AnyGameType,
    puzzles: Sequence[Puzzle],
    budget: float | None = None,
    seed: int = 3,
    jobs: int = 1,
    on_puzzle: Callable[[int, int], None] | None = None,
) -> list[bool]:
    """Whether each puzzle's answer is the deeper search's best, in order."""
    work = [CheckJob(game, puzzle, budget, seed) for puzzle in puzzles]
    found: list[bool] = []
    if jobs <= 1 or len(work) <= 1:
        for job in work:
            found.append(agrees(job))
            if on_puzzle is not None:
                on_puzzle(len(found), len(work))
        return found
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for result in pool.map(agrees, work):
            found.append(result)
            if on_puzzle is not None:
                on_puzzle(len(found), len(work))
    return found
