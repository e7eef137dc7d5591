"""Fit a game's expert judgement again and print its weights.

``python -m tools.fit_judgement --game G --players N --games K`` prints the weights
of ``N`` players as an entry of ``core.<G>.bots.judgement.WEIGHTS`` (fitted by
``core.<G>.bots.judgement_fit`` to ``K`` games between greedy bots), then how
often the player with the best value won in the end, on other games, by these
weights and by the measure the expert used before (ArkantiS:
``judgement.plain_value``; Atlantica: ``valuation.worth``). Each game's
``judgement.WEIGHTS`` says which K its shipped weights used.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Sequence

FITTED = {"arkantis": range(2, 5), "atlantica": range(2, 6)}
"""The games whose expert has a fitted judgement, and their numbers of players."""


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=sorted(FITTED))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=1000, help="games fitted (4 or more)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.players not in FITTED[args.game]:
        seats = FITTED[args.game]
        parser.error(f"--players must be {seats.start} to {seats.stop - 1} for {args.game}")
    if args.games < 4:
        parser.error("--games must be 4 or more")
    fitting = importlib.import_module(f"core.{args.game}.bots.judgement_fit")
    weights = fitting.fit(args.players, args.games, args.seed)
    print(f"    {args.players}: (")
    for start in range(0, len(weights), fitting.LINE):
        line = weights[start : start + fitting.LINE]
        print(f"        {', '.join(f'{weight:.3f}' for weight in line)},")
    print("    ),")
    tested = max(1, args.games // 4)
    ours, former = fitting.winner_foretold(args.players, tested, args.seed + 10**6, weights)
    print(f"winner foretold: {ours:.1%} by these weights, {former:.1%} by the former measure")


if __name__ == "__main__":
    main()
