"""The expert's search iterations per CPU second, on fixed positions of each game.

``python -m tools.strength`` plays seeded games between greedy bots (the same
games on any engine that reproduces the golden streams), takes the positions
where the seat to act has a choice the expert searches, and times the expert
with a fixed number of iterations on each, on the CPU clock
(``time.process_time``), so that a busy machine does not mislead. It prints,
per game and number of players, the median iterations per CPU second over the
positions.

It reads only the game's descriptor (``core.games.GAMES``), so the same file
times an older tree too: ``PYTHONPATH=/path/to/old/tree python tools/strength.py``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from typing import Any

from core.games import GAMES
from core.kernel.bot_settings import BotSettings
from core.kernel.chance import bot_random, secret_from_seed

SEATS = {"atlantis": (2, 4), "arkantis": (2, 4), "atlantica": (2, 5)}
"""The seat counts timed per game: two and the most."""


def positions(game: Any, players: int, seed: int, count: int) -> list[tuple[Any, int]]:
    """``count`` (state, seat) pairs spread over one game between greedy bots, each
    a decision the expert searches (more than one candidate)."""
    greedy = [_bots(game)["greedy"](BotSettings()) for _ in range(players)]
    secret = secret_from_seed(seed)
    names = tuple(f"p{seat + 1}" for seat in range(players))
    state = game.fold(game.setup(names, game.default_options(), secret))
    rngs = [bot_random(secret, seat) for seat in range(players)]
    found: list[tuple[Any, int]] = []
    while not game.is_over(state):
        seat = game.to_act(state)
        found.append((state, seat))
        command = greedy[seat].decide(_view_for(game, state, seat), rngs[seat])
        state = _advance(game, state, game.decide(state, command))
    searched = [pair for pair in found if _searches(game, *pair)]
    step = max(1, len(searched) // (count + 1))
    return [
        searched[step * (index + 1)] for index in range(count) if step * (index + 1) < len(searched)
    ]


def _bots(game: Any) -> Any:
    """The game's bots by name, in a descriptor with its parts grouped or in an older one."""
    return getattr(game, "play", game).bots


def _view_for(game: Any, state: Any, seat: int) -> Any:
    """The seat's view, in a descriptor with its parts grouped or in an older one."""
    return getattr(game, "privacy", game).view_for(state, seat)


def _advance(game: Any, state: Any, events: list[Any]) -> Any:
    for event in events:
        state = game.evolve(state, event)
    return state


def _searches(game: Any, state: Any, seat: int) -> bool:
    """Whether the expert would search here (it plays a lone candidate at once)."""
    bot = _bots(game)["expert"](BotSettings(time_budget=None, iterations=2))
    bot.decide(_view_for(game, state, seat), random.Random(0))
    return bool(bot.searched_iterations)


def rate(game: Any, state: Any, seat: int, iterations: int) -> float:
    """The expert's iterations per CPU second on one position."""
    bot = _bots(game)["expert"](BotSettings(time_budget=None, iterations=iterations))
    view = _view_for(game, state, seat)
    started = time.process_time()
    bot.decide(view, random.Random(1))
    spent = time.process_time() - started
    searched: int = bot.searched_iterations
    return searched / spent


HINT_BUDGET = 0.4
"""The seconds of the review's playouts a hint spends (``core.services.hints``)."""


def hint_seconds(game: Any, state: Any, seat: int) -> float:
    """The CPU seconds a hint takes on one position: the review's search weighing the
    expert's candidates (and every legal command when there are few) with the
    playouts of ``HINT_BUDGET`` seconds, as ``core.services.hints.best_command`` does.

    An older tree without hints gets the same work done here, so the figures compare."""
    view = _view_for(game, state, seat)
    started = time.process_time()
    try:
        from core.services.hints import best_command
    except ImportError:
        try:  # where the hints were before the services had a package of their own
            from core.kernel.hints import (  # type: ignore[import-not-found, no-redef, unused-ignore]
                best_command,
            )
        except ImportError:
            _older_hint(game, view)
            return time.process_time() - started
    best_command(game, view, HINT_BUDGET)
    return time.process_time() - started


def _older_hint(game: Any, view: Any) -> None:
    """``best_command``'s work with an older tree's review search."""
    from core.kernel.review import ALL_WEIGHED  # type: ignore[import-not-found, unused-ignore]

    reviewer = getattr(game, "play", game).review_search(view)
    search = reviewer.search
    world = search.game.determinize(view, random.Random("hint-world:0"))
    commands = list(search.game.candidates(view))
    legal = game.legal_commands(world)
    if len(legal) <= ALL_WEIGHED:
        commands += [command for command in legal if command not in commands]
    if len(commands) > 1:
        count = max(4 * len(commands), round(HINT_BUDGET * reviewer.playouts_per_second))
        search.evaluate(view, commands, random.Random("hint:0"), count)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.strength", description=__doc__)
    parser.add_argument("--game", default="all", help="atlantis, arkantis, atlantica or all")
    parser.add_argument("--positions", type=int, default=4, help="positions per game and seats")
    parser.add_argument("--iterations", type=int, default=300, help="iterations per position")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--hints", action="store_true", help="time the hint on the same positions instead"
    )
    args = parser.parse_args(argv)
    ids = list(SEATS) if args.game == "all" else [args.game]
    if any(game_id not in SEATS for game_id in ids):
        print(f"unknown game {args.game!r} (choose from all, {', '.join(SEATS)})", file=sys.stderr)
        return 2
    figures: dict[str, dict[str, float]] = {}
    for game_id in ids:
        game = GAMES.get(game_id)
        for players in SEATS[game_id]:
            found = positions(game, players, args.seed, args.positions)
            if args.hints:
                spent = [hint_seconds(game, state, seat) for state, seat in found]
                figures.setdefault(game_id, {})[str(players)] = round(statistics.median(spent), 3)
                print(
                    f"{game_id} {players} players: a hint takes {statistics.median(spent):.3f} "
                    f"CPU s (median of {len(spent)} positions: "
                    + ", ".join(f"{value:.3f}" for value in spent)
                    + ")",
                    flush=True,
                )
                continue
            rates = [rate(game, state, seat, args.iterations) for state, seat in found]
            figures.setdefault(game_id, {})[str(players)] = round(statistics.median(rates), 1)
            print(
                f"{game_id} {players} players: {statistics.median(rates):.0f} iterations per "
                f"CPU second (median of {len(rates)} positions: "
                + ", ".join(f"{value:.0f}" for value in rates)
                + ")",
                flush=True,
            )
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
