"""Save files: JSON Lines, a header then one event per line.

The writer appends and flushes after every event, so a crash (even SIGKILL)
loses nothing the player saw confirmed. The reader decodes each line with one
typed msgspec decoder, never pickle or eval, names the first bad line, and
can hand back the valid prefix so a damaged game can still be opened.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterable
from pathlib import Path
from typing import IO, Literal

import msgspec

from core.errors import SaveFileError
from core.events import AnyEvent, GameStarted
from core.options import Options

FORMAT_VERSION = 1
APP_VERSION = "0.1.0"
MAX_FILE_BYTES = 32 * 1024 * 1024
MAX_LINE_BYTES = 1024 * 1024


class Header(msgspec.Struct, frozen=True, tag_field="type", tag="header"):
    """Line 1 of a save: what wrote it and the game's identity."""

    format: int
    app_version: str
    options: Options
    players: tuple[str, ...]
    seed: int
    created: str
    seats: tuple[str, ...] = ()
    """Who plays each seat: ``human`` or ``bot:<name>`` (empty: not recorded)."""


class SavedGame(msgspec.Struct, frozen=True):
    """What a save file holds. ``lines[i]`` is the file line of ``events[i]``.

    ``error`` is set when the file was read with ``keep_prefix`` and a line
    could not be read; ``events`` is then the valid prefix before it.
    """

    header: Header
    events: tuple[AnyEvent, ...]
    lines: tuple[int, ...]
    error: SaveFileError | None = None


_encoder = msgspec.json.Encoder()
_event_decoder = msgspec.json.Decoder(AnyEvent)
_header_probe = msgspec.json.Decoder(dict[str, object])
_header_decoder = msgspec.json.Decoder(Header)

ErrorMode = Literal["raise", "keep_prefix"]


def header_for(started: GameStarted, seats: tuple[str, ...] = ()) -> Header:
    created = _dt.datetime.now(_dt.UTC).replace(microsecond=0).isoformat()
    return Header(
        FORMAT_VERSION,
        APP_VERSION,
        started.options,
        started.players,
        started.seed,
        created,
        seats,
    )


def encode_line(item: Header | AnyEvent) -> bytes:
    return _encoder.encode(item) + b"\n"


class SaveWriter:
    """Appends events to a save file, flushing each one to the operating system."""

    def __init__(self, path: str | Path, handle: IO[bytes]) -> None:
        self.path = Path(path)
        self._handle = handle

    @classmethod
    def create(
        cls, path: str | Path, events: Iterable[AnyEvent], seats: tuple[str, ...] = ()
    ) -> SaveWriter:
        """Start a new save holding ``events`` (the first is ``GameStarted``)."""
        events = list(events)
        if not events or not isinstance(events[0], GameStarted):
            raise ValueError("a save starts with a game-started event")
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = path.open("xb")
        writer = cls(path, handle)
        writer._write(encode_line(header_for(events[0], seats)))
        for event in events:
            writer.append(event)
        return writer

    @classmethod
    def resume(cls, path: str | Path) -> SaveWriter:
        """Append to an existing save (after it was read and checked)."""
        return cls(path, Path(path).open("ab"))

    def append(self, event: AnyEvent) -> None:
        self._write(encode_line(event))

    def _write(self, data: bytes) -> None:
        self._handle.write(data)
        self._handle.flush()

    def close(self) -> None:
        self._handle.close()

    def __enter__(self) -> SaveWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def write_save(path: str | Path, events: Iterable[AnyEvent], seats: tuple[str, ...] = ()) -> None:
    """Write a whole game at once (exports, ``play from here``, simulations)."""
    with SaveWriter.create(path, events, seats):
        pass


def _decode_header(line: bytes) -> Header:
    try:
        probe = _header_probe.decode(line)
    except msgspec.DecodeError as error:
        raise SaveFileError(1, f"the header is not valid JSON ({error})") from None
    if probe.get("type") != "header":
        raise SaveFileError(1, "this is not an Atlantis save: the first line is not a header")
    version = probe.get("format")
    if not isinstance(version, int) or version < 1:
        raise SaveFileError(1, f"unknown save format version {version!r}")
    if version > FORMAT_VERSION:
        raise SaveFileError(
            1,
            f"this save uses format {version}, newer than this version reads "
            f"({FORMAT_VERSION}); update the game to open it",
        )
    try:
        return _header_decoder.decode(line)
    except msgspec.ValidationError as error:
        raise SaveFileError(1, f"the header is damaged: {error}") from None


def parse_save(data: bytes, mode: ErrorMode = "raise") -> SavedGame:
    """Read a save from bytes; see ``read_save``."""
    if len(data) > MAX_FILE_BYTES:
        raise SaveFileError(0, f"the file is larger than {MAX_FILE_BYTES // 2**20} MiB; not a save")
    raw_lines = data.split(b"\n")
    if raw_lines and raw_lines[-1] == b"":
        raw_lines.pop()
    if not raw_lines:
        raise SaveFileError(1, "the file is empty")
    for number, line in enumerate(raw_lines, start=1):
        if len(line) > MAX_LINE_BYTES:
            raise SaveFileError(number, f"line longer than {MAX_LINE_BYTES // 1024} KiB")
    header = _decode_header(raw_lines[0])
    events: list[AnyEvent] = []
    lines: list[int] = []
    for number, line in enumerate(raw_lines[1:], start=2):
        if not line.strip():
            error = SaveFileError(number, "empty line")
        else:
            try:
                event = _event_decoder.decode(line)
            except (msgspec.DecodeError, msgspec.ValidationError) as problem:
                error = SaveFileError(number, f"unreadable event: {problem}")
            else:
                if (number == 2) != isinstance(event, GameStarted):
                    where = "must be" if number == 2 else "can only be"
                    error = SaveFileError(number, f"game-started {where} the first event")
                else:
                    events.append(event)
                    lines.append(number)
                    continue
        if mode == "raise":
            raise error
        return SavedGame(header, tuple(events), tuple(lines), error)
    if not events:
        error = SaveFileError(2, "the save has no game-started event")
        if mode == "raise":
            raise error
        return SavedGame(header, (), (), error)
    return SavedGame(header, tuple(events), tuple(lines))


def read_save(path: str | Path, mode: ErrorMode = "raise") -> SavedGame:
    """Read a save file. With ``keep_prefix``, a bad line ends the game there
    instead of raising, and ``SavedGame.error`` says which line and why."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise SaveFileError(
                0, f"{path} is larger than {MAX_FILE_BYTES // 2**20} MiB; not a save"
            )
        data = path.read_bytes()
    except OSError as error:
        raise SaveFileError(0, f"cannot read {path}: {error.strerror or error}") from None
    return parse_save(data, mode)


def safe_save_path(directory: str | Path, name: str) -> Path:
    """A path for save ``name`` inside ``directory``; names cannot escape it."""
    cleaned = "".join(c if c.isalnum() or c in "-_." else "-" for c in name).strip(".-")
    if not cleaned:
        raise ValueError("a save needs a name made of letters, digits, - or _")
    directory = Path(directory).resolve()
    path = (
        (directory / cleaned).with_suffix(".atlantis.jsonl")
        if not cleaned.endswith(".jsonl")
        else directory / cleaned
    )
    if path.resolve().parent != directory:
        raise ValueError(f"save name {name!r} leaves the save folder")
    return path
