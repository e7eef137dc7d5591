"""Fit the ArkantiS expert's judgement again and print its weights.

``python -m tools.fit_arkantis_judgement --players N --games G`` prints the weights
of ``N`` players as an entry of ``core.arkantis.bots.judgement.WEIGHTS`` (fitted by
``core.arkantis.bots.judgement_fit`` to ``G`` games between greedy bots), then how
often the player with the best value won in the end, on other games, by these
weights and by the expert's former measure (``judgement.plain_value``).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from core.arkantis.bots.judgement_fit import LINE, fit, winner_foretold


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2, choices=range(2, 5))
    parser.add_argument("--games", type=int, default=1000, help="games fitted (4 or more)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.games < 4:
        parser.error("--games must be 4 or more")
    weights = fit(args.players, args.games, args.seed)
    print(f"    {args.players}: (")
    for start in range(0, len(weights), LINE):
        print(f"        {', '.join(f'{weight:.3f}' for weight in weights[start : start + LINE])},")
    print("    ),")
    tested = max(1, args.games // 4)
    ours, former = winner_foretold(args.players, tested, args.seed + 10**6, weights)
    print(f"winner foretold: {ours:.1%} by these weights, {former:.1%} by the former measure")


if __name__ == "__main__":
    main()
