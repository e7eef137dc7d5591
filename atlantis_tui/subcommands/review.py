"""``atlantis review FILE``: how much each decision of a saved game gave up.

Each decision is judged from its player's own view (``core.kernel.review``); the
review is kept beside the save (``NAME.review.json``) and shown again, without
judging anew, while the save is unchanged and the budget and seed are the same.
Exit codes: 0 reviewed, 2 the file cannot be read or reviewed.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from atlantis_tui.subcommands.options import SEED, add_budget, prefixed, whole_number
from core.kernel.i18n import _

if TYPE_CHECKING:
    from core.kernel.registry import AnyGameType
    from core.kernel.review import Review

EXIT_OK = 0
EXIT_UNREADABLE = 2


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "review",
        help=_("judge each decision of a saved game"),
        description=_(
            "Judge each decision of a saved game from its player's own view (the cards "
            "that player could not see are guessed, never read from the save): the "
            "move played against the best one found, and what it gave up. The review "
            "is kept beside the save as NAME.review.json."
        ),
    )
    parser.add_argument("file", metavar=_("file"), help=_("a save file (.jsonl)"))
    add_budget(parser)
    parser.add_argument("--seed", type=SEED, default=1, help=_("seed of the review (default 1)"))
    parser.add_argument(
        "--jobs", type=whole_number(1, 256), default=1, help=_("processes to use (default 1)")
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.add_argument(
        "--again", action="store_true", help=_("judge again even if a review is kept")
    )
    parser.set_defaults(run=main)


def main(args: argparse.Namespace) -> int:
    import msgspec

    from atlantis_tui.saves import game_of_save
    from core.games import GAMES
    from core.kernel.errors import SaveFileError
    from core.kernel.review import read_review, review_file, write_review

    path = Path(args.file)
    budget = float(getattr(args, "budget", 1.0))
    try:
        game = game_of_save(path)
        if game.review_search is None:
            message = _("{game}'s games cannot be reviewed").format(game=game.display_name())
            print(prefixed(args.file, message), file=sys.stderr)
            return EXIT_UNREADABLE
        review = None if args.again else read_review(path)
        if review is not None and (review.budget, review.seed) != (budget, args.seed):
            review = None
        if review is None:
            review = review_file(
                path, GAMES, budget, args.seed, args.jobs, _progress(sys.stderr.isatty())
            )
            write_review(path, review)
    except (SaveFileError, OSError) as error:
        print(prefixed(args.file, error), file=sys.stderr)
        return EXIT_UNREADABLE
    if args.json:
        print(json.dumps(msgspec.to_builtins(review), ensure_ascii=False))
        return EXIT_OK
    for line in review_lines(path, game, review):
        print(line)
    return EXIT_OK


def _progress(shown: bool) -> Any:
    def report(done: int, total: int) -> None:
        end = "\n" if done == total else ""
        print(f"\r{_('reviewing')} {done}/{total}", end=end, file=sys.stderr, flush=True)

    return report if shown else None


def review_lines(path: Path, game: AnyGameType, review: Review) -> list[str]:
    """The review as lines of text: every decision that lost something, then each
    player's mean loss."""
    from core.games import GAMES
    from core.kernel.replay import states_after
    from core.kernel.review import FORCED, GOOD
    from core.kernel.save_lifecycle import read_checked

    checked = read_checked(path, GAMES)
    events = checked.events
    states = states_after(game, events)
    names = list(game.player_names(states[-1]))
    lines = [
        _("{game}, {n} decisions judged, loss in {meaning}").format(
            game=game.display_name(),
            n=len(review.decisions),
            meaning=game.translate(review.value_meaning),
        )
    ]
    grades = {
        "inaccuracy": _("inaccuracy"),
        "mistake": _("mistake"),
        "blunder": _("blunder"),
    }
    losses: dict[int, list[float]] = {}
    for decision in review.decisions:
        if decision.grade == FORCED:
            continue
        losses.setdefault(decision.seat, []).append(decision.loss)
        if decision.grade == GOOD:
            continue
        before = states[decision.event - 1]
        played = game.describe(before, events[decision.event])
        best = _described(game, before, decision.best)
        lines.append(
            _("#{number} {player}: {played} ({grade}, -{loss:.1f}); better: {best}").format(
                number=decision.action + 1,
                player=names[decision.seat] if decision.seat < len(names) else decision.seat,
                played=played,
                grade=grades.get(decision.grade, decision.grade),
                loss=decision.loss,
                best=best,
            )
        )
    for seat, seat_losses in sorted(losses.items()):
        mean = sum(seat_losses) / len(seat_losses)
        name = names[seat] if seat < len(names) else str(seat)
        lines.append(_("{player}: mean loss {loss:.2f}").format(player=name, loss=mean))
    return lines


def _described(game: AnyGameType, state: Any, encoded: Any) -> str:
    """A command of the review as the log says its first event."""
    import msgspec

    from core.kernel.errors import IllegalMove

    try:
        command = msgspec.convert(encoded, game.command_type)
        caused = game.decide(state, command)
    except (msgspec.ValidationError, IllegalMove):
        return str(encoded)
    return game.describe(state, caused[0]) if caused else str(encoded)
