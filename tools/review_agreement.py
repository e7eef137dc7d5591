"""How often the review's best move agrees with a deeper search.

``python -m tools.review_agreement --game atlantis --games 100`` plays that many
games between greedy bots (as ``atlantis simulate`` does), picks in each one
decision with a choice at random (a fixed seed), and judges it twice from the
deciding seat's view: at the review's budget, and at ``--factor`` times that
budget with another seed. It reports how often the two name the same best
move, how often the deeper search values the review's choice within the
game's inaccuracy threshold of its own best (a different move worth as much
is no error), and how often the two grade the move played alike.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from typing import Any

from core.games import GAMES
from core.kernel.bots import make_bot_from
from core.kernel.chance import secret_from_seed
from core.kernel.registry import AnyGameType
from core.services.review import (
    DEFAULT_BUDGET,
    FORCED,
    Position,
    decoded_command,
    judge_position,
    positions_of,
)
from core.services.simulate import play_game


@dataclass(frozen=True)
class Outcome:
    """One decision judged at both budgets."""

    same_best: bool
    within_threshold: bool
    same_grade: bool
    choices: int


def decisions_of(game: AnyGameType, number: int, players: int, budget: float) -> list[Position]:
    """The decisions of simulated game ``number`` (greedy bots), in play order."""
    bots = [make_bot_from(game.play.bots, "greedy") for _ in range(players)]
    played, _record = play_game(game, bots, secret_from_seed(number))
    return positions_of(game, played.events, played.actions, budget, seed=number)


def compare(position: Position, factor: float) -> Outcome | None:
    """Judge one decision at the review's budget and at ``factor`` times it."""
    quick = judge_position(position)
    if quick is None or quick.grade == FORCED:
        return None
    deep_position = replace(position, budget=position.budget * factor, seed=position.seed + 1)
    deep = judge_position(deep_position)
    assert deep is not None
    game = position.game
    same_best = quick.best == deep.best
    within = same_best
    if not same_best:
        # The deeper search weighs the review's choice against its own, in shared worlds.
        view = game.privacy.view_for(position.state, position.seat)
        assert game.play.review_search is not None
        reviewer = game.play.review_search(view)
        assert reviewer is not None
        mine = decoded_command(game, quick.best)
        theirs = decoded_command(game, deep.best)
        rng = random.Random(f"agreement:{position.seed}:{position.event}")
        playouts = round(deep_position.budget * reviewer.playouts_per_second)
        values = reviewer.search.evaluate(view, [mine, theirs], rng, playouts)
        gap = values[1] - values[0]
        within = gap < reviewer.thresholds[0]
    return Outcome(same_best, within, quick.grade == deep.grade, quick.choices)


def one_game(job: tuple[str, int, int, float, float]) -> Outcome | None:
    """Simulate game ``number`` and compare one of its decisions chosen at random."""
    game_id, number, players, budget, factor = job
    game = GAMES.get(game_id)
    positions = decisions_of(game, number, players, budget)
    random.Random(number).shuffle(positions)
    for position in positions:
        outcome = compare(position, factor)
        if outcome is not None:
            return outcome
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="atlantis")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=0, help="default: the fewest")
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET)
    parser.add_argument("--factor", type=float, default=8.0)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    game = GAMES.get(args.game)
    players = args.players or game.players.least
    jobs = [(game.id, number, players, args.budget, args.factor) for number in range(args.games)]
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        outcomes = [outcome for outcome in pool.map(one_game, jobs) if outcome is not None]
    count = len(outcomes)

    def share(flag: str) -> float:
        agreed = sum(bool(getattr(outcome, flag)) for outcome in outcomes)
        return round(100 * agreed / count, 1)

    summary: dict[str, Any] = {
        "game": game.id,
        "players": players,
        "games": args.games,
        "decisions": count,
        "budget": args.budget,
        "factor": args.factor,
        "same_best_percent": share("same_best"),
        "within_inaccuracy_percent": share("within_threshold"),
        "same_grade_percent": share("same_grade"),
        "median_choices": statistics.median(outcome.choices for outcome in outcomes),
        "seconds": round(time.perf_counter() - started, 1),
    }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
