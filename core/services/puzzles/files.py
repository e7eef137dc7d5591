"""Puzzle files: JSON Lines, a header line then one puzzle per line.

The header (``SetHeader``) says which game, the file's layout version, how its
puzzles were made and the one command that rebuilds them. A file is written all
at once (``replace_atomically``): a crash leaves the old file or the new one,
never half of one. Reading stops at the first bad line with one sentence naming
it, and keeps the puzzles read before it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import msgspec

from core.kernel.atomic_files import replace_atomically
from core.kernel.errors import GameError
from core.kernel.i18n import _
from core.services.puzzles.model import PUZZLE_FORMAT, Puzzle, SetHeader

PUZZLE_SUFFIX = ".jsonl"

_header_decoder = msgspec.json.Decoder(SetHeader)
_puzzle_decoder = msgspec.json.Decoder(Puzzle)
_encoder = msgspec.json.Encoder()


class PuzzleFileError(GameError):
    """A puzzle file that cannot be read whole. ``line`` is 1-based (0: the whole file);
    ``kept`` are the puzzles read before the bad line."""

    def __init__(self, path: Path, line: int, reason: str, kept: Sequence[Puzzle] = ()) -> None:
        where = (
            _("{file}, line {line}: {reason}").format(file=path.name, line=line, reason=reason)
            if line
            else _("{file}: {reason}").format(file=path.name, reason=reason)
        )
        super().__init__(where)
        self.line = line
        self.reason = reason
        self.kept = tuple(kept)


@dataclass(frozen=True)
class PuzzleSet:
    """A puzzle file read: its header and its puzzles, in the file's order."""

    header: SetHeader
    puzzles: tuple[Puzzle, ...]


def set_bytes(header: SetHeader, puzzles: Sequence[Puzzle]) -> bytes:
    """A puzzle file's bytes: the header, then one puzzle per line."""
    lines = [_encoder.encode(header), *(_encoder.encode(puzzle) for puzzle in puzzles)]
    return b"\n".join(lines) + b"\n"


def write_set(path: str | Path, header: SetHeader, puzzles: Sequence[Puzzle]) -> Path:
    """Write a puzzle file all at once; the path written. Every puzzle must be of the
    header's game."""
    path = Path(path)
    for puzzle in puzzles:
        if puzzle.game != header.game:
            raise ValueError(
                _("a puzzle of {game} cannot go in a file of {other}").format(
                    game=puzzle.game, other=header.game
                )
            )
    path.parent.mkdir(parents=True, exist_ok=True)
    replace_atomically(path, set_bytes(header, puzzles))
    return path


def _reason(error: Exception) -> str:
    """msgspec's reason, first line only (it names the field at fault)."""
    return str(error).splitlines()[0] if str(error) else type(error).__name__


def parse_set(path: Path, data: bytes) -> PuzzleSet:
    """The puzzle set in ``data`` (read from ``path``, named in messages); raises
    ``PuzzleFileError`` at the first line that is not what it should be."""
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    if not lines or not lines[0].strip():
        raise PuzzleFileError(path, 0, _("the file is empty, not a puzzle file"))
    try:
        header = _header_decoder.decode(lines[0])
    except (msgspec.DecodeError, msgspec.ValidationError) as error:
        raise PuzzleFileError(
            path, 1, _("not a puzzle file's header ({reason})").format(reason=_reason(error))
        ) from None
    if header.format != PUZZLE_FORMAT:
        raise PuzzleFileError(
            path,
            1,
            _("puzzle file format {found}, this program reads format {known}").format(
                found=header.format, known=PUZZLE_FORMAT
            ),
        )
    puzzles: list[Puzzle] = []
    seen: set[str] = set()
    for number, line in enumerate(lines[1:], start=2):
        try:
            puzzle = _puzzle_decoder.decode(line)
        except (msgspec.DecodeError, msgspec.ValidationError) as error:
            raise PuzzleFileError(
                path, number, _("not a puzzle ({reason})").format(reason=_reason(error)), puzzles
            ) from None
        if puzzle.game != header.game:
            raise PuzzleFileError(
                path,
                number,
                _("a puzzle of {game} in a file of {other}").format(
                    game=puzzle.game, other=header.game
                ),
                puzzles,
            )
        if puzzle.id in seen:
            raise PuzzleFileError(
                path, number, _("puzzle {id} twice").format(id=puzzle.id), puzzles
            )
        seen.add(puzzle.id)
        puzzles.append(puzzle)
    return PuzzleSet(header, tuple(puzzles))


def load_set(path: str | Path) -> PuzzleSet:
    """Read a puzzle file; raises ``PuzzleFileError`` (one sentence) if it cannot be
    read whole, with the puzzles before the bad line kept in ``kept``."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        raise PuzzleFileError(path, 0, error.strerror or str(error)) from None
    return parse_set(path, data)
