"""``atlantis puzzles``: puzzles mined from reviewed games, on screen or for a program.

- ``atlantis puzzles [--game G]`` opens the puzzle screen;
- ``atlantis puzzles build --game G --from DIR`` mines the saves of a folder into a
  puzzle file (``core.services.puzzles.mining``);
- ``atlantis puzzles list --game G --json`` prints one JSON object per puzzle;
- ``atlantis puzzles check --game G --json`` judges puzzles again, deeper, and prints
  ``{"checked": N, "agree": K}``.

``list`` and ``check`` read the game's shipped set, or ``--file FILE``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from atlantis_tui.subcommands.options import (
    _game_id,
    add_game_option,
    add_save_dir,
    number_between,
    whole_number,
)
from core.kernel.i18n import _, ngettext

if TYPE_CHECKING:
    from core.services.puzzles import Puzzle, PuzzleSet

EXIT_OK = 0
EXIT_ERROR = 2


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "puzzles",
        help=_("puzzles from reviewed games: solve, mine, list, check"),
        description=_(
            "A puzzle is a decision of a played game where one choice is clearly best: "
            "it leads every other by at least a mistake's loss, and a search 8 times "
            "deeper with another seed agrees. It shows only what the player to move "
            "could see. Without a command, opens the puzzle screen."
        ),
    )
    parser.add_argument(
        "--game",
        type=_game_id,
        metavar=_("GAME"),
        help=_("the game whose puzzles the screen opens on"),
    )
    add_save_dir(parser)
    parser.set_defaults(run=open_screen)
    actions = parser.add_subparsers(dest="puzzles_command", metavar=_("COMMAND"))

    build = actions.add_parser(
        "build",
        help=_("mine the saves of a folder into a puzzle file"),
        description=_(
            "Review every save of the game in DIR and keep each decision whose best "
            "choice leads every other by at least a mistake's loss, confirmed by a "
            "search 8 times deeper with another seed. Forced decisions never make "
            "puzzles."
        ),
    )
    add_game_option(build)
    build.add_argument(
        "--from",
        dest="source",
        type=Path,
        required=True,
        metavar=_("DIR"),
        help=_("the folder of saves to mine"),
    )
    build.add_argument(
        "--out",
        type=Path,
        metavar=_("FILE"),
        help=_("the puzzle file to write (default DIR/puzzles-GAME.jsonl)"),
    )
    build.add_argument(
        "--budget",
        type=number_between(0, 60, include_low=False),
        default=None,
        metavar=_("SECONDS"),
        help=_("seconds of review playouts per decision, about (default {budget})").format(
            budget=_default_budget()
        ),
    )
    _add_jobs_and_seed(build)
    build.set_defaults(run=run_build)

    listing = actions.add_parser("list", help=_("one line per puzzle of a set"))
    add_game_option(listing)
    _add_file(listing)
    listing.add_argument("--json", action="store_true", help=_("one JSON object per line"))
    listing.set_defaults(run=run_list)

    checking = actions.add_parser(
        "check",
        help=_("judge puzzles again with a deeper search"),
        description=_(
            "Search each puzzle again, deeper than its review (by default as deep as its "
            "confirming search, 8 times the review) "
            "and with another seed, and count those whose answer is still the best."
        ),
    )
    add_game_option(checking)
    _add_file(checking)
    checking.add_argument(
        "--sample",
        type=whole_number(1),
        default=None,
        metavar="N",
        help=_("check N puzzles drawn at random (default: all)"),
    )
    checking.add_argument(
        "--budget",
        type=number_between(0, 600, include_low=False),
        default=None,
        metavar=_("SECONDS"),
        help=_("seconds of review playouts per puzzle, about (default: its confirming search's)"),
    )
    checking.add_argument("--json", action="store_true", help=_("print one JSON object"))
    _add_jobs_and_seed(checking, seed=3)
    checking.set_defaults(run=run_check)


def _default_budget() -> float:
    from core.services.puzzles.mining import DEFAULT_BUDGET

    return DEFAULT_BUDGET


def _add_file(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--file",
        type=Path,
        metavar=_("FILE"),
        help=_("a puzzle file (default: the game's shipped set)"),
    )


def _add_jobs_and_seed(parser: argparse.ArgumentParser, seed: int = 1) -> None:
    parser.add_argument(
        "--jobs",
        type=whole_number(1, 64),
        default=1,
        metavar="N",
        help=_("processes to use (default 1)"),
    )
    parser.add_argument(
        "--seed",
        type=whole_number(0, 2**31),
        default=seed,
        help=_("seed of the searches (default {seed})").format(seed=seed),
    )


def open_screen(args: argparse.Namespace) -> int:
    """``atlantis puzzles [--game G]``: the puzzle screen."""
    game_id: str | None = args.game
    try:
        # By name, through ``sys.modules``: a screen that cannot be had is one line.
        screen = importlib.import_module("atlantis_tui.screens.puzzles_app")
    except ImportError:
        print(_("atlantis puzzles: the puzzle screen is not available"), file=sys.stderr)
        return EXIT_ERROR
    screen.run(game_id, args.save_dir)
    return EXIT_OK


def _puzzle_set(args: argparse.Namespace) -> PuzzleSet:
    """The set ``--file`` names, else the game's shipped set (``GameError`` if none)."""
    from core.kernel.errors import GameError
    from core.services.puzzles import load_set
    from core.services.puzzles.shipped import shipped_path

    path = args.file if args.file is not None else shipped_path(args.game)
    if args.file is None and not path.exists():
        raise GameError(_("no puzzles are shipped for {game}").format(game=args.game))
    found = load_set(path)
    if found.header.game != args.game:
        raise GameError(
            _("{file} holds puzzles of {other}, not {game}").format(
                file=path.name, other=found.header.game, game=args.game
            )
        )
    return found


def run_build(args: argparse.Namespace) -> int:
    """``atlantis puzzles build``: mine a folder of saves into a puzzle file."""
    from core.games import GAMES
    from core.kernel.errors import GameError
    from core.services.puzzles import SetHeader, write_set
    from core.services.puzzles.mining import DEFAULT_BUDGET, MiningSettings, mine, saves_in

    source: Path = args.source
    if not source.is_dir():
        raise GameError(_("{folder} is not a folder").format(folder=source))
    game = GAMES.get(args.game)
    settings = MiningSettings(
        budget=args.budget if args.budget is not None else DEFAULT_BUDGET, seed=args.seed
    )
    out: Path = args.out if args.out is not None else source / f"puzzles-{game.id}.jsonl"
    saves = saves_in(source)

    def skipped(path: Path, reason: str) -> None:
        print(_("skipped {file}: {reason}").format(file=path.name, reason=reason), file=sys.stderr)

    def progress(done: int, total: int) -> None:
        if sys.stderr.isatty():
            print(f"\r{done}/{total}", end="", file=sys.stderr, flush=True)

    puzzles = mine(game, saves, GAMES, settings, args.jobs, None, progress, skipped)
    if sys.stderr.isatty():
        print(file=sys.stderr)
    command = ["atlantis", "puzzles", "build", "--game", game.id, "--from", str(source)]
    command += ["--out", str(out), "--budget", str(settings.budget), "--seed", str(args.seed)]
    made = _(
        "Mined from the saves of {folder}: review playouts of {budget} s per decision, "
        "seed {seed}, confirmed at {deeper} s, seed {next_seed}."
    ).format(
        folder=source,
        budget=settings.budget,
        seed=settings.seed,
        deeper=settings.confirm_budget,
        next_seed=settings.seed + 1,
    )
    write_set(out, SetHeader(game.id, made, shlex.join(command)), puzzles)
    print(
        ngettext(
            "{count} puzzle written to {file}",
            "{count} puzzles written to {file}",
            len(puzzles),
        ).format(count=len(puzzles), file=out)
        + " "
        + ngettext("(from {saves} save)", "(from {saves} saves)", len(saves)).format(
            saves=len(saves)
        )
    )
    return EXIT_OK


def _rating_of(args: argparse.Namespace, puzzles: tuple[Puzzle, ...]) -> dict[str, float]:
    """Each puzzle's rating: the player's attempts move it from the set's own
    (``core.services.puzzle_ratings``)."""
    own = {puzzle.id: puzzle.rating for puzzle in puzzles}
    try:
        from atlantis_tui.saves import default_save_dir
        from core.services.puzzle_ratings import PuzzleRatings, attempts_file
    except ImportError:
        return own
    starts = {(puzzle.game, puzzle.id): puzzle.rating for puzzle in puzzles}
    ratings = PuzzleRatings.load(attempts_file(args.save_dir or default_save_dir()), starts)
    return {
        puzzle.id: round(ratings.puzzle_rating(puzzle.game, puzzle.id).rating, 1)
        for puzzle in puzzles
    }


def run_list(args: argparse.Namespace) -> int:
    """``atlantis puzzles list``: one line (or JSON object) per puzzle."""
    puzzles = _puzzle_set(args).puzzles
    ratings = _rating_of(args, puzzles)
    for puzzle in puzzles:
        if args.json:
            row = {
                "id": puzzle.id,
                "game": puzzle.game,
                "seat": puzzle.seat,
                "rating": ratings[puzzle.id],
                "source": {
                    "save": puzzle.source.save,
                    "event": puzzle.source.event,
                    "seed": puzzle.source.seed,
                },
            }
            print(json.dumps(row, ensure_ascii=False))
        else:
            player = puzzle.players[puzzle.seat] if puzzle.seat < len(puzzle.players) else ""
            print(
                _("{id}  rating {rating:.0f}  {player}  from {source}").format(
                    id=puzzle.id,
                    rating=ratings[puzzle.id],
                    player=player,
                    source=puzzle.source.describe(),
                )
            )
    return EXIT_OK


def run_check(args: argparse.Namespace) -> int:
    """``atlantis puzzles check``: how many answers a deeper search still finds best."""
    from core.games import GAMES
    from core.services.puzzles.checking import check, sample

    puzzles = sample(_puzzle_set(args).puzzles, args.sample, args.seed)
    results = check(GAMES.get(args.game), puzzles, args.budget, args.seed, args.jobs)
    checked, agree = len(results), sum(results)
    if args.json:
        print(json.dumps({"checked": checked, "agree": agree}))
    else:
        agreeing = ngettext(
            "{agree} of {checked} puzzle agrees", "{agree} of {checked} puzzles agree", checked
        )
        print(agreeing.format(agree=agree, checked=checked))
    return EXIT_OK
