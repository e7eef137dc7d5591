"""What a save folder tells about the games played in it: per person and per bot.

Any game: each save names its game (``Header.game``), looked up in the
registry the caller gives (``core.games.GAMES``). Each save is read once
(``read_save`` with ``keep_prefix``) and folded with its game's ``fold``
(about a millisecond a game); nothing is checked again, so a folder of
hundreds of saves is read in a moment.

- A game is *finished* when the state its events fold to is over (a game whose
  end was undone is not). Its scores and winners are its game's ``result``;
  the names and seats (``human`` or ``bot:<name>``) are in the header. A save
  that does not record its seats counts every seat as a person.
- *Unfinished* and *damaged* saves (a line that cannot be read, a game this
  version does not know, events that do not make a game, an end that does not
  match the players) are counted apart and add nothing to anyone's record.
- People are counted by name; bots by kind (``greedy``, whatever their seat's
  name), in a section of their own; both per game, when the folder holds
  several games.
- A tie shares the win: each tied winner counts a win, and a shared one.
- Each record has a rating (``core.services.ratings``): the finished games of its
  game, ranked by their result, rated in the order they were started.
- The player's puzzle ratings, per game, are read from the attempts file kept in the
  folder (``core.services.puzzle_ratings``).
- A save with a valid review kept beside it (``core.services.review.read_review``:
  made of the save as it is now) adds each seat's losses to its record: the
  total loss and the decisions with a choice, so that the mean loss per decision
  weighs every decision alike across saves. A review counts whether its game is
  finished or not, but not that of an unfinished hot-seat game, whose review
  stays as private as its hands (``save_lifecycle.hands_are_private``). Losses
  are on each game's own scale (``Review.value_meaning``): a record is of one
  game, and so is its mean loss.

Only the folder's own saves are read: not the ``examples`` folder under it
(the rulebook's examples, written there when one is replayed), nor any other;
a save with a review beside it is read once more, for its hash.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from pathlib import Path

from core.kernel.errors import GameError, SaveFileError
from core.kernel.game_type import Result
from core.kernel.i18n import _
from core.kernel.registry import AnyGameType, GameRegistry, UnknownGame
from core.kernel.save_lifecycle import hands_are_private
from core.kernel.save_names import SUFFIX
from core.kernel.savefile import HUMAN, SavedGame, read_save
from core.services.glicko2 import Rating
from core.services.puzzle_ratings import PROVISIONAL_DEVIATION, PuzzleRatings, attempts_file
from core.services.ratings import (
    BOT,
    PERSON,
    Entrant,
    GameRating,
    PlayedGame,
    rate_games,
    rating_json,
)
from core.services.review import mean_losses, read_review

BOT_PREFIX = "bot:"


class StatsFolderError(GameError):
    """A save folder that cannot be read (a file in its place)."""


@dataclass(frozen=True)
class BestGame:
    """A record's best game: its score, the day it was started and its file's name."""

    score: int
    date: str
    file: str


@dataclass
class Record:
    """One person's (by name) or one bot kind's games of one game, as far as they
    are finished, and the reviews of its saves (an unfinished game's too: a record
    may hold reviews and no finished game)."""

    name: str
    game: str = ""
    """The game's id (``atlantis``)."""
    games: int = 0
    """Finished games played; for a bot kind, seats (two greedy bots in a game are two)."""
    wins: int = 0
    shared_wins: int = 0
    """Wins shared with another winner (a tie); counted in ``wins`` too."""
    total_score: int = 0
    best: BestGame | None = None
    against_bots: dict[str, int] = field(default_factory=dict)
    """Bot kind → finished games played against it (for a person)."""
    review_loss: float = 0.0
    """The losses of every reviewed decision with a choice, added up (see ``mean_loss``)."""
    reviewed_decisions: int = 0
    """Decisions with a choice judged in the reviews kept (forced ones are not)."""
    reviewed_saves: int = 0
    """Saves whose review judged at least one of this record's decisions with a choice."""
    rating: GameRating | None = None
    """The rating its finished games give (``core.services.ratings``); ``None``: none."""

    @property
    def mean_score(self) -> float:
        return self.total_score / self.games if self.games else 0.0

    @property
    def mean_loss(self) -> float | None:
        """The loss per reviewed decision with a choice, across saves; ``None``: none."""
        return self.review_loss / self.reviewed_decisions if self.reviewed_decisions else None

    def add(self, score: int, won: bool, shared: bool, best: BestGame) -> None:
        self.games += 1
        self.wins += won
        self.shared_wins += won and shared
        self.total_score += score
        if self.best is None or score > self.best.score:
            self.best = best


@dataclass(frozen=True)
class PuzzleRecord:
    """The player's puzzles of one game, from the attempts file kept in the save folder
    (``core.services.puzzle_ratings``)."""

    game: str
    """The game's id."""
    name: str
    """The game's name in English (``_`` translates it)."""
    rating: Rating
    """The player's Glicko-2 puzzle rating."""
    attempts: int
    solved: int
    """Attempts solved at the first try."""

    @property
    def provisional(self) -> bool:
        """Whether too few puzzles were played to trust the rating (lichess's ``?``)."""
        return self.rating.deviation >= PROVISIONAL_DEVIATION


@dataclass(frozen=True)
class DamagedSave:
    file: str
    problem: str


@dataclass(frozen=True)
class FolderStats:
    """Everything ``atlantis stats`` and the Statistics screen show."""

    folder: Path
    finished: int
    unfinished: int
    damaged: tuple[DamagedSave, ...]
    people: tuple[Record, ...]
    """By finished games played, most first, then by name."""
    bots: tuple[Record, ...]
    """By kind."""
    game_names: dict[str, str] = field(default_factory=dict)
    """Game id → the game's name in English (``_`` translates it), for every game
    a record is of; more than one, and the records show their game."""
    loss_units: dict[str, str] = field(default_factory=dict)
    """Game id → what its reviews' losses are in (``Review.value_meaning``, English:
    the game's ``translate`` translates it), for every game with a review counted."""
    puzzles: tuple[PuzzleRecord, ...] = ()
    """The player's puzzle rating per game, in the registry's order of games."""
    puzzle_problem: str | None = None
    """Why the puzzle attempts could not all be read (``PuzzleRatings.problem``)."""

    @property
    def reviewed(self) -> bool:
        """Whether any record has a review counted."""
        return any(r.reviewed_decisions for r in (*self.people, *self.bots))

    @property
    def several_games(self) -> bool:
        return len(self.game_names) > 1


def save_files(folder: Path) -> list[Path]:
    """The saves directly in ``folder``, by name (subfolders such as ``examples`` not)."""
    if not folder.exists():
        return []
    if not folder.is_dir():
        raise StatsFolderError(
            _("cannot read the saves in {folder}: it is a file, not a folder").format(folder=folder)
        )
    try:
        return sorted(folder.glob(f"*{SUFFIX}"))
    except OSError as error:
        reason = error.strerror or error
        raise StatsFolderError(
            _("cannot read {path}: {reason}").format(path=folder, reason=reason)
        ) from None


def _seats(saved: SavedGame) -> tuple[str, ...]:
    header = saved.header
    return header.seats or (HUMAN,) * len(header.players)


def _mismatch(saved: SavedGame, result: Result) -> str | None:
    """Why a finished save's header and result cannot be counted, if they cannot."""
    count = len(saved.header.players)
    if len(_seats(saved)) != count:
        return _("the header's seats ({seats}) do not match its players ({players})").format(
            seats=len(saved.header.seats), players=count
        )
    if len(result.scores) != count or any(not 0 <= w < count for w in result.winners):
        return _("the end of the game does not match its {players} players").format(players=count)
    return None


def _final_result(game: AnyGameType, saved: SavedGame) -> Result | None:
    """The result of a finished game, ``None`` for an unfinished one.

    Raises ``ValueError`` when the events do not make a game: they were each
    read, but a file can be edited into any order of them.
    """
    try:
        state = game.fold(saved.events)
        return game.result(state) if game.is_over(state) else None
    except Exception as error:  # a hand-edited file may upset any rule; it is damaged
        raise ValueError(
            _("its events do not make a game of {game}").format(game=game.display_name())
        ) from error


def folder_stats(folder: Path, games: GameRegistry) -> FolderStats:
    """Read every save in ``folder`` once, each folded with its game from ``games``;
    an absent folder holds no games."""
    people: dict[tuple[str, str], Record] = {}
    bots: dict[tuple[str, str], Record] = {}
    units: dict[str, str] = {}
    finished = unfinished = 0
    damaged: list[DamagedSave] = []
    played: list[PlayedGame] = []
    for path in save_files(folder):
        try:
            saved = read_save(path, games, mode="keep_prefix")
        except SaveFileError as error:
            damaged.append(DamagedSave(path.name, str(error)))
            continue
        if saved.error is not None:
            damaged.append(DamagedSave(path.name, str(saved.error)))
            continue
        try:
            game = games.get(saved.header.game)
            result = _final_result(game, saved)
        except (UnknownGame, ValueError) as error:
            damaged.append(DamagedSave(path.name, str(error)))
            continue
        if result is None:
            unfinished += 1
            _count_review(path, game, saved, people, bots, units)
            continue
        if (problem := _mismatch(saved, result)) is not None:
            damaged.append(DamagedSave(path.name, problem))
            continue
        finished += 1
        _count_game(saved, game.id, result, path.name, people, bots)
        played.append(PlayedGame(game.id, saved.header.created, _entrants(saved), result.ranks))
        _count_review(path, game, saved, people, bots, units)
    _add_ratings(played, people, bots)
    order = {game_id: index for index, game_id in enumerate(games.ids)}
    records = (*people.values(), *bots.values())
    return FolderStats(
        folder,
        finished,
        unfinished,
        tuple(damaged),
        tuple(
            sorted(
                people.values(),
                key=lambda r: (order[r.game], -r.games, r.name.casefold(), r.name),
            )
        ),
        tuple(sorted(bots.values(), key=lambda r: (order[r.game], r.name))),
        {game.id: game.name for game in games if any(record.game == game.id for record in records)},
        {game_id: units[game_id] for game_id in games.ids if game_id in units},
        *_puzzle_records(folder, games),
    )


def _puzzle_records(
    folder: Path, games: GameRegistry
) -> tuple[tuple[PuzzleRecord, ...], str | None]:
    """The player's puzzle rating in each game he attempted puzzles of, and why the
    attempts could not all be read, if they could not."""
    ratings = PuzzleRatings.load(attempts_file(folder))
    records: list[PuzzleRecord] = []
    for game in games:
        attempts = ratings.attempts(game.id)
        if attempts:
            solved = sum(attempt.solved for attempt in attempts)
            rating = ratings.player_rating(game.id)
            records.append(PuzzleRecord(game.id, game.name, rating, len(attempts), solved))
    return tuple(records), ratings.problem


def _count_game(
    saved: SavedGame,
    game: str,
    result: Result,
    file: str,
    people: dict[tuple[str, str], Record],
    bots: dict[tuple[str, str], Record],
) -> None:
    seats = _seats(saved)
    kinds = [seat.removeprefix(BOT_PREFIX) if seat != HUMAN else None for seat in seats]
    shared = len(result.winners) > 1
    date = _local_date(saved.header.created)
    for seat in range(len(saved.header.players)):
        record = _record_of(saved, seat, game, people, bots)
        if kinds[seat] is None:
            others = {k for other, k in enumerate(kinds) if other != seat and k is not None}
            for bot in others:
                record.against_bots[bot] = record.against_bots.get(bot, 0) + 1
        score = result.scores[seat]
        record.add(score, seat in result.winners, shared, BestGame(score, date, file))


def _entrants(saved: SavedGame) -> tuple[Entrant, ...]:
    """Who each seat is rated as: its person, by name, or its bot kind."""
    return tuple(
        Entrant(PERSON, name) if seat == HUMAN else Entrant(BOT, seat.removeprefix(BOT_PREFIX))
        for name, seat in zip(saved.header.players, _seats(saved), strict=True)
    )


def _add_ratings(
    played: list[PlayedGame],
    people: dict[tuple[str, str], Record],
    bots: dict[tuple[str, str], Record],
) -> None:
    """Give each record the rating the finished games make."""
    ratings = rate_games(played)
    for (game, name), record in people.items():
        record.rating = ratings.get((game, Entrant(PERSON, name)))
    for (game, kind), record in bots.items():
        record.rating = ratings.get((game, Entrant(BOT, kind)))


def _record_of(
    saved: SavedGame,
    seat: int,
    game: str,
    people: dict[tuple[str, str], Record],
    bots: dict[tuple[str, str], Record],
) -> Record:
    """The record a seat's games count in: its person's (by name) or its bot kind's."""
    name, recorded = saved.header.players[seat], _seats(saved)[seat]
    if recorded == HUMAN:
        return people.setdefault((game, name), Record(name, game))
    kind = recorded.removeprefix(BOT_PREFIX)
    return bots.setdefault((game, kind), Record(kind, game))


def _count_review(
    path: Path,
    game: AnyGameType,
    saved: SavedGame,
    people: dict[tuple[str, str], Record],
    bots: dict[tuple[str, str], Record],
    units: dict[str, str],
) -> None:
    """Add the losses of the review kept beside ``path``, if there is a valid one and
    it may be read (not an unfinished hot-seat game's), to its seats' records."""
    review = read_review(path)
    if review is None or review.game != game.id or hands_are_private(game, saved):
        return
    count = len(saved.header.players)
    if len(_seats(saved)) != count:
        return  # the header's seats do not match its players: no telling who is who
    counted: set[int] = set()  # the records (by identity) this save adds to
    for seat, (mean, decisions) in sorted(mean_losses(review).items()):
        if not 0 <= seat < count:
            continue
        record = _record_of(saved, seat, game.id, people, bots)
        record.review_loss += mean * decisions
        record.reviewed_decisions += decisions
        if id(record) not in counted:  # two greedy bots in a save are one save of it
            record.reviewed_saves += 1
            counted.add(id(record))
    if counted:
        units.setdefault(game.id, review.value_meaning)


def _local_date(created: str) -> str:
    """The day a game was started, in local time (the header keeps UTC)."""
    try:
        return _dt.datetime.fromisoformat(created).astimezone().date().isoformat()
    except (ValueError, OverflowError):
        return created[:10]


def stats_json(stats: FolderStats) -> dict[str, object]:
    """``stats`` as plain JSON values (``atlantis stats --json``)."""

    def best(record: Record) -> dict[str, object] | None:
        if record.best is None:
            return None
        return {"score": record.best.score, "date": record.best.date, "file": record.best.file}

    def common(record: Record) -> dict[str, object]:
        # The game is named only when there are several: one game's output is as it was.
        game = {"game": record.game} if stats.several_games else {}
        mean_loss = record.mean_loss
        return {
            **game,
            "wins": record.wins,
            "shared_wins": record.shared_wins,
            "mean_score": round(record.mean_score, 2),
            "best": best(record),
            # In the record's game's unit (``loss_units``); null: no review counted.
            "mean_loss": None if mean_loss is None else round(mean_loss, 3),
            "reviewed_decisions": record.reviewed_decisions,
            "reviewed_saves": record.reviewed_saves,
            # The game's rating (``core.services.ratings``); null: no finished game.
            "rating": rating_json(record.rating),
        }

    return {
        "folder": str(stats.folder),
        "finished": stats.finished,
        "unfinished": stats.unfinished,
        "damaged": len(stats.damaged),
        "damaged_files": [{"file": d.file, "problem": d.problem} for d in stats.damaged],
        "people": [
            {
                "name": r.name,
                "games": r.games,
                **common(r),
                "against_bots": dict(sorted(r.against_bots.items())),
            }
            for r in stats.people
        ],
        "bots": [{"bot": r.name, "seats": r.games, **common(r)} for r in stats.bots],
        "loss_units": dict(stats.loss_units),
        # The player's Glicko-2 puzzle rating per game (``core.services.puzzle_ratings``).
        "puzzles": [
            {
                "game": record.game,
                "rating": round(record.rating.rating),
                "deviation": round(record.rating.deviation, 1),
                "provisional": record.provisional,
                "attempts": record.attempts,
                "solved": record.solved,
            }
            for record in stats.puzzles
        ],
        "puzzle_problem": stats.puzzle_problem,
    }
