"""What a save folder tells about the games played in it: per person and per bot.

Each save is read once (``read_save`` with ``keep_prefix``) and only its header
and its last event are looked at; no game is folded or checked, so a folder of
hundreds of saves is read in a moment.

- A game is *finished* when its last event is ``GameEnded`` (the last event in
  force: a game whose end was undone ends in an undo marker). Its scores and
  winners are in that event; the names and seats (``human`` or ``bot:<name>``)
  in the header. A save that does not record its seats counts every seat as a
  person.
- *Unfinished* and *damaged* saves (a line that cannot be read, an end that does
  not match the players) are counted apart and add nothing to anyone's record.
- People are counted by name; bots by kind (``greedy``, whatever their seat's
  name), in a section of their own.
- A tie shares the win: each tied winner counts a win, and a shared one.

Only the folder's own saves are read: not the ``examples`` folder under it
(the rulebook's examples, written there when one is replayed), nor any other.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from pathlib import Path

from core.atlantis.events import GameEnded
from core.atlantis.saves import read_save
from core.kernel.errors import AtlantisError, SaveFileError
from core.kernel.i18n import _
from core.kernel.save_names import SUFFIX
from core.kernel.savefile import HUMAN, SavedGame

BOT_PREFIX = "bot:"


class StatsFolderError(AtlantisError):
    """A save folder that cannot be read (a file in its place)."""


@dataclass(frozen=True)
class BestGame:
    """A record's best game: its score, the day it was started and its file's name."""

    score: int
    date: str
    file: str


@dataclass
class Record:
    """One person's (by name) or one bot kind's games, as far as they are finished."""

    name: str
    games: int = 0
    """Finished games played; for a bot kind, seats (two greedy bots in a game are two)."""
    wins: int = 0
    shared_wins: int = 0
    """Wins shared with another winner (a tie); counted in ``wins`` too."""
    total_score: int = 0
    best: BestGame | None = None
    against_bots: dict[str, int] = field(default_factory=dict)
    """Bot kind → finished games played against it (for a person)."""

    @property
    def mean_score(self) -> float:
        return self.total_score / self.games if self.games else 0.0

    def add(self, score: int, won: bool, shared: bool, best: BestGame) -> None:
        self.games += 1
        self.wins += won
        self.shared_wins += won and shared
        self.total_score += score
        if self.best is None or score > self.best.score:
            self.best = best


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


def _mismatch(saved: SavedGame, ended: GameEnded) -> str | None:
    """Why a finished save's header and end cannot be counted, if they cannot."""
    count = len(saved.header.players)
    if len(_seats(saved)) != count:
        return _("the header's seats ({seats}) do not match its players ({players})").format(
            seats=len(saved.header.seats), players=count
        )
    if len(ended.scores) != count or any(not 0 <= w < count for w in ended.winners):
        return _("the end of the game does not match its {players} players").format(players=count)
    return None


def folder_stats(folder: Path) -> FolderStats:
    """Read every save in ``folder`` once; an absent folder holds no games."""
    people: dict[str, Record] = {}
    bots: dict[str, Record] = {}
    finished = unfinished = 0
    damaged: list[DamagedSave] = []
    for path in save_files(folder):
        try:
            saved = read_save(path, mode="keep_prefix")
        except SaveFileError as error:
            damaged.append(DamagedSave(path.name, str(error)))
            continue
        if saved.error is not None:
            damaged.append(DamagedSave(path.name, str(saved.error)))
            continue
        ended = saved.events[-1] if saved.events else None
        if not isinstance(ended, GameEnded):
            unfinished += 1
            continue
        if (problem := _mismatch(saved, ended)) is not None:
            damaged.append(DamagedSave(path.name, problem))
            continue
        finished += 1
        _count_game(saved, ended, path.name, people, bots)
    return FolderStats(
        folder,
        finished,
        unfinished,
        tuple(damaged),
        tuple(sorted(people.values(), key=lambda r: (-r.games, r.name.casefold(), r.name))),
        tuple(sorted(bots.values(), key=lambda r: r.name)),
    )


def _count_game(
    saved: SavedGame,
    ended: GameEnded,
    file: str,
    people: dict[str, Record],
    bots: dict[str, Record],
) -> None:
    seats = _seats(saved)
    kinds = [seat.removeprefix(BOT_PREFIX) if seat != HUMAN else None for seat in seats]
    shared = len(ended.winners) > 1
    date = _local_date(saved.header.created)
    for seat, name in enumerate(saved.header.players):
        kind = kinds[seat]
        if kind is None:
            record = people.setdefault(name, Record(name))
            others = {k for other, k in enumerate(kinds) if other != seat and k is not None}
            for bot in others:
                record.against_bots[bot] = record.against_bots.get(bot, 0) + 1
        else:
            record = bots.setdefault(kind, Record(kind))
        score = ended.scores[seat]
        record.add(score, seat in ended.winners, shared, BestGame(score, date, file))


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
        return {
            "wins": record.wins,
            "shared_wins": record.shared_wins,
            "mean_score": round(record.mean_score, 2),
            "best": best(record),
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
    }
