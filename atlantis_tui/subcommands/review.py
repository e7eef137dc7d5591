"""``atlantis review FILE``: how much each decision of a saved game gave up.

Each decision is judged from its player's own view (``core.services.review``); the
review is kept beside the save (``NAME.review.json``) and shown again, without
judging anew, while the save is unchanged and the budget and seed are the same.
Exit codes: 0 reviewed, 2 the file cannot be read or reviewed, or its review cannot
be kept. Every error is one line, ``atlantis review: FILE: …``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from atlantis_tui.subcommands.options import SEED, add_budget, prefixed, whole_number
from core.kernel.i18n import _, ngettext

if TYPE_CHECKING:
    from core.kernel.registry import AnyGameType
    from core.services.review import Review

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
    parser.add_argument(
        "--show-hands",
        action="store_true",
        help=_("show the review of an unfinished hot-seat game (hidden by default)"),
    )
    parser.set_defaults(run=main)


def main(args: argparse.Namespace) -> int:
    import msgspec

    from atlantis_tui.saves import game_of_save
    from core.games import GAMES
    from core.kernel.errors import SaveFileError
    from core.kernel.savefile import read_save
    from core.services.review import read_review, review_file, review_path

    path = Path(args.file)
    budget = float(getattr(args, "budget", 1.0))
    try:
        game = game_of_save(path)
        # Opened first as every reader opens a save: a file that is missing, a folder or
        # not readable is said in the words ``atlantis check`` and ``log`` use.
        read_save(path, GAMES, mode="keep_prefix")
        if game.play.review_search is None:
            message = _("{game}'s games cannot be reviewed").format(game=game.display_name())
            _refuse(args.file, message)
            return EXIT_UNREADABLE
        kept = None if args.again else read_review(path)
        if kept is not None and (kept.budget, kept.seed) != (budget, args.seed):
            kept = None
        if kept is not None:
            review = kept
        else:
            review = review_file(
                path, GAMES, budget, args.seed, args.jobs, _progress(sys.stderr.isatty())
            )
    except SaveFileError as error:
        _refuse(args.file, error)
        return EXIT_UNREADABLE
    except OSError as error:  # the file went away or changed while it was judged
        reason = error.strerror or error
        _refuse(args.file, _("cannot read {path}: {reason}").format(path=path, reason=reason))
        return EXIT_UNREADABLE
    stored = review is kept or _keep(args.file, path, review)
    if _private(path, game) and not args.show_hands:
        if not stored:
            return EXIT_UNREADABLE
        # The better moves and their values tell what each player held.
        print(
            _(
                "The review is kept in {file}, but not shown: this hot-seat game is not "
                "finished, and the moves it finds better tell each player's cards to "
                "the others. Add --show-hands to see it."
            ).format(file=review_path(path).name)
        )
        return EXIT_OK
    code = EXIT_OK if stored else EXIT_UNREADABLE
    if args.json:
        print(json.dumps(msgspec.to_builtins(review), ensure_ascii=False))
        return code
    for line in review_lines(path, game, review):
        print(line)
    return code


def _keep(file: str, path: Path, review: Review) -> bool:
    """Keep ``review`` beside the save; whether it could be (if not, say why: the review
    is still shown, since it took a while to make)."""
    from core.services.review import review_path, write_review

    try:
        write_review(path, review)
    except OSError as error:
        reason = error.strerror or error
        message = _("cannot keep the review in {path}: {reason}")
        _refuse(file, message.format(path=review_path(path), reason=reason))
        return False
    return True


def _refuse(file: str, message: object) -> None:
    """``atlantis review: FILE: message`` on standard error, as every command says an
    error."""
    print(prefixed("atlantis review", prefixed(file, message)), file=sys.stderr)


def _private(path: Path, game: AnyGameType) -> bool:
    """Whether the save's hands are hidden from whoever reads it (an unfinished game of
    several people at one keyboard), and with them its review."""
    from core.games import GAMES
    from core.kernel.save_lifecycle import hands_are_private, read_checked

    checked = read_checked(path, GAMES)
    return hands_are_private(game, checked.game)


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
    from core.kernel.save_lifecycle import read_checked
    from core.services.review import FORCED, GOOD, mean_losses

    checked = read_checked(path, GAMES)
    events = checked.events
    states = states_after(game, events)
    names = list(game.presentation.player_names(states[-1]))
    count = len(review.decisions)
    lines = [
        ngettext(
            "{game}, {n} decision judged, loss in {meaning}",
            "{game}, {n} decisions judged, loss in {meaning}",
            count,
        ).format(game=game.display_name(), n=count, meaning=game.translate(review.value_meaning))
    ]
    grades = {
        "inaccuracy": _("inaccuracy"),
        "mistake": _("mistake"),
        "blunder": _("blunder"),
    }
    for decision in review.decisions:
        if decision.grade in (FORCED, GOOD):
            continue
        before = states[decision.event - 1]
        played = game.presentation.describe(before, events[decision.event])
        best = _described(game, before, decision)
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
    for seat, (mean, _count) in sorted(mean_losses(review).items()):
        name = names[seat] if seat < len(names) else str(seat)
        lines.append(_("{player}: mean loss {loss:.2f}").format(player=name, loss=mean))
    return lines


def _described(game: AnyGameType, state: Any, decision: Any) -> str:
    """The better move of a decision as the log says its first event."""
    from core.services.review import better_events

    caused = better_events(game, state, decision)
    return game.presentation.describe(state, caused[0]) if caused else str(decision.best)
