"""How often the review grades the hint's move good or an inaccuracy.

``python -m tools.hint_agreement --game arkantis --games 50 --per-game 4 --jobs 2``
plays that many games between greedy bots (as ``atlantis simulate`` does), picks
in each up to ``--per-game`` decisions with a choice at random (a fixed seed),
asks the hint (``core.services.hints.best_command``, from the deciding seat's view,
at the hint's budget) and has the review judge the hint's move as if it had
been played (``core.services.review.judge_position``, the review's default budget
and its seed). It reports the share graded good or an inaccuracy, the count of
each grade, the mean loss, and the hint's thinking time per decision (median,
CPU and wall). ``--worst N`` also lists the N decisions where the hint lost most.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from typing import Any

from core.games import GAMES
from core.kernel.bots import make_bot_from
from core.kernel.chance import secret_from_seed
from core.kernel.registry import AnyGameType, UnknownGame
from core.services.hints import HINT_BUDGET, best_command
from core.services.review import (
    DEFAULT_BUDGET,
    GOOD,
    GRADES,
    INACCURACY,
    Position,
    judge_position,
    positions_of,
)
from core.services.simulate import play_game


@dataclass(frozen=True)
class Outcome:
    """One decision: the review's grade of the hint's move, and the hint's time."""

    game_number: int
    event: int
    grade: str
    loss: float
    choices: int
    hint: Any
    best: Any
    wall: float
    cpu: float


def decisions_with_a_choice(
    game: AnyGameType, number: int, players: int, budget: float
) -> list[Position]:
    """The decisions of simulated game ``number`` (greedy bots) with more than one
    legal command, in play order."""
    bots = [make_bot_from(game.play.bots, "greedy") for _ in range(players)]
    played, _record = play_game(game, bots, secret_from_seed(number))
    found = positions_of(game, played.events, played.actions, budget, seed=number)
    return [position for position in found if len(game.legal_commands(position.state)) > 1]


def judge_hint(position: Position, number: int, hint_budget: float) -> Outcome | None:
    """The hint for ``position``'s seat, then the review's judgement of it."""
    game = position.game
    view = game.privacy.view_for(position.state, position.seat)
    wall, cpu = time.perf_counter(), time.process_time()
    advice = best_command(game, view, hint_budget, seed=position.event)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    if advice is None:
        return None
    judged = judge_position(replace(position, played=advice.command))
    if judged is None:
        return None
    return Outcome(
        number,
        position.event,
        judged.grade,
        judged.loss,
        judged.choices,
        judged.played,
        judged.best,
        wall,
        cpu,
    )


def one_game(job: tuple[str, int, int, int, float, float]) -> list[Outcome]:
    """Simulate game ``number`` and judge the hint at up to ``per_game`` of its decisions."""
    game_id, number, players, per_game, budget, hint_budget = job
    game = GAMES.get(game_id)
    positions = decisions_with_a_choice(game, number, players, budget)
    random.Random(number).shuffle(positions)
    found = [judge_hint(position, number, hint_budget) for position in positions[:per_game]]
    return [outcome for outcome in found if outcome is not None]


def summary(
    game: AnyGameType, args: argparse.Namespace, players: int, outcomes: list[Outcome]
) -> dict[str, Any]:
    """What a run found, as one JSON object."""
    count = len(outcomes)
    agreed = sum(outcome.grade in (GOOD, INACCURACY) for outcome in outcomes)
    return {
        "game": game.id,
        "players": players,
        "games": args.games,
        "decisions": count,
        "budget": args.budget,
        "hint_budget": args.hint_budget,
        "good_or_inaccuracy_percent": round(100 * agreed / count, 1) if count else None,
        "grades": {name: sum(o.grade == name for o in outcomes) for name in GRADES},
        "mean_loss": round(statistics.fmean(o.loss for o in outcomes), 3) if count else None,
        "median_choices": statistics.median(o.choices for o in outcomes) if count else None,
        "hint_median_wall_s": round(statistics.median(o.wall for o in outcomes), 3)
        if count
        else None,
        "hint_median_cpu_s": round(statistics.median(o.cpu for o in outcomes), 3)
        if count
        else None,
        "hint_max_wall_s": round(max(o.wall for o in outcomes), 3) if count else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="atlantis")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--per-game", type=int, default=4)
    parser.add_argument("--players", type=int, default=0, help="default: the fewest")
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET, help="the review's")
    parser.add_argument("--hint-budget", type=float, default=HINT_BUDGET)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--worst", type=int, default=0, help="list the N worst hints")
    args = parser.parse_args()
    try:
        game = GAMES.get(args.game)
    except UnknownGame as error:
        sys.exit(f"hint_agreement: {error}")
    if min(args.games, args.per_game, args.jobs) < 1 or min(args.budget, args.hint_budget) <= 0:
        sys.exit("hint_agreement: --games, --per-game, --jobs and the budgets must be positive")
    players = args.players or game.players.least
    if not game.players.allows(players):
        sys.exit(f"hint_agreement: {game.id} is not for {players} players")
    jobs = [
        (game.id, number, players, args.per_game, args.budget, args.hint_budget)
        for number in range(args.games)
    ]
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        outcomes = [outcome for found in pool.map(one_game, jobs) for outcome in found]
    result = summary(game, args, players, outcomes)
    result["seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(result))
    for outcome in sorted(outcomes, key=lambda o: -o.loss)[: args.worst]:
        print(json.dumps(outcome.__dict__))


if __name__ == "__main__":
    main()
