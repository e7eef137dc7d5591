"""Where games are saved, finding the one to continue, and which game a save is of."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs

from core.kernel.errors import GameError
from core.kernel.i18n import _
from core.kernel.save_names import SUFFIX

if TYPE_CHECKING:
    from core.kernel.registry import AnyGameType
    from core.kernel.savefile import Header

# The save format (msgspec, the events) is loaded only when a folder holds saves, so
# the start menu's first frame does not wait for it.

PROGRESS_FILE = "tutorial.json"


class SaveFolderError(GameError):
    """A save folder that cannot be used: a file in its place, no permission, …"""


def default_save_dir() -> Path:
    """The user's data folder for saves, or ``$ATLANTIS_SAVE_DIR`` when set."""
    override = os.environ.get("ATLANTIS_SAVE_DIR")
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir("atlantis", appauthor=False)) / "saves"


def usable_save_dir(directory: Path) -> Path:
    """``directory``, created if need be, or a ``SaveFolderError`` saying why it cannot hold saves.

    Checked before a game starts, so that a bad ``--save-dir`` is one clear
    sentence rather than a game that cannot save its first event.
    """
    if directory.exists() and not directory.is_dir():
        raise SaveFolderError(
            _("cannot save games in {folder}: it is a file, not a folder").format(folder=directory)
        )
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise SaveFolderError(
            _("cannot save games in {folder}: part of that path is a file, not a folder").format(
                folder=directory
            )
        ) from None
    except OSError as error:
        raise SaveFolderError(
            _("cannot save games in {folder}: {reason}").format(
                folder=directory, reason=error.strerror or error
            )
        ) from None
    if not os.access(directory, os.W_OK | os.X_OK):
        raise SaveFolderError(
            _("cannot save games in {folder}: permission denied").format(folder=directory)
        )
    return directory


def progress_file(save_dir: Path | None = None) -> Path:
    """Where the tutorial's progress is kept: inside the save folder.

    The default save folder is in the user's data folder; a folder given with
    ``--save-dir`` or ``$ATLANTIS_SAVE_DIR`` keeps the progress inside it, so
    nothing is ever written beside it.
    """
    return (save_dir if save_dir is not None else default_save_dir()) / PROGRESS_FILE


def _first_line(path: Path, limit: int) -> bytes | None:
    """The first line of the plain file at ``path`` (at most ``limit`` bytes), or None
    when it is something else: a pipe would wait for a writer for ever, a device might
    never end. Opened without waiting, then asked what it is, so nothing is read from
    anything but a file. Raises ``OSError`` for a path the system will not open."""
    import stat

    # O_NONBLOCK: opening a pipe would otherwise wait until someone writes to it.
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            return None
        with os.fdopen(handle, "rb", closefd=False) as file:
            return file.readline(limit)
    finally:
        os.close(handle)


def saved_game_id(path: str | Path) -> str | None:
    """The id of the game a save's header names (``atlantis`` if it names none), or
    None when the header cannot be read: reading the save then says why."""
    import msgspec

    from core.kernel.registry import DEFAULT_GAME
    from core.kernel.savefile import MAX_LINE_BYTES

    try:
        first = _first_line(Path(path), MAX_LINE_BYTES + 1)
        if first is None:
            return None
        header = msgspec.json.decode(first.removeprefix(b"\xef\xbb\xbf"))
    except (OSError, msgspec.DecodeError, UnicodeDecodeError):
        return None
    if not isinstance(header, dict):
        return None
    game = header.get("game", DEFAULT_GAME)
    return game if isinstance(game, str) else None


def game_of_save(path: str | Path) -> AnyGameType:
    """The game a save is of, read from its header before its events (which are that
    game's); raises ``SaveFileError`` for a game this program does not play.

    A header that cannot be read names the default game: reading the save then
    reports what is wrong with it, in the words it always has.
    """
    from core.games import DEFAULT_GAME, GAMES
    from core.kernel.errors import SaveFileError

    game_id = saved_game_id(path)
    if game_id is None:
        return GAMES.get(DEFAULT_GAME)
    if game_id not in GAMES:
        reason = _(
            "the save is a game of {game}, which this version does not play; it plays {games}"
        )
        raise SaveFileError(1, reason.format(game=repr(game_id), games=", ".join(GAMES.ids)))
    return GAMES.get(game_id)


@dataclass(frozen=True)
class SaveSummary:
    """A save as the Load, Replay and Continue lists show it."""

    path: str
    header: Header[Any]
    events: int
    finished: bool
    modified: float
    problem: str | None = None

    @property
    def game(self) -> str:
        """The id of the game the save is of (``atlantis`` for saves that name none)."""
        return self.header.game


def _newest_first(directory: Path) -> list[tuple[float, Path]]:
    if not directory.is_dir():
        return []
    found = [(path.stat().st_mtime, path) for path in directory.glob(f"*{SUFFIX}")]
    return sorted(found, key=lambda pair: -pair[0])


def _summary(path: Path, modified: float) -> SaveSummary | None:
    from core.games import GAMES
    from core.kernel.errors import SaveFileError
    from core.kernel.savefile import read_save

    try:
        saved = read_save(path, GAMES, mode="keep_prefix")
    except SaveFileError:
        return None  # not a save we can even name; ``atlantis check`` explains why
    finished = GAMES.get(saved.header.game).is_finished(saved.events)
    problem = str(saved.error) if saved.error else None
    return SaveSummary(str(path), saved.header, len(saved.events), finished, modified, problem)


def list_saves(directory: Path) -> list[SaveSummary]:
    """Saves in ``directory``, newest first; damaged ones are listed with their problem."""
    summaries = (_summary(path, modified) for modified, path in _newest_first(directory))
    return [summary for summary in summaries if summary is not None]


def latest_unfinished(directory: Path) -> SaveSummary | None:
    """The newest save whose game is not over (a damaged one too: it can be repaired).

    Saves are read newest first and only until one is found, so the start
    menu opens quickly however many finished games the folder holds.
    """
    for modified, path in _newest_first(directory):
        summary = _summary(path, modified)
        if summary is not None and not summary.finished:
            return summary
    return None
