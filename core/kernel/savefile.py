"""Save files: JSON Lines, a header then one event per line.

The writer appends and flushes after every event, so a crash (even SIGKILL)
loses nothing the player saw confirmed. The reader decodes each line with one
typed msgspec decoder, never pickle or eval, names the first bad line, and
can hand back the valid prefix so a damaged game can still be opened.

Files are untrusted input: their size and line length are capped, and a save
of an older format is upcast line by line (``core.kernel.upgrade``) before decoding,
while a newer format is refused by name.
"""

from __future__ import annotations

import datetime as _dt
import stat
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import IO, Literal, get_args

import msgspec

from core.atlantis.events import AnyEvent, GameEnded, GameStarted
from core.atlantis.options import Options
from core.kernel.errors import SaveFileError
from core.kernel.i18n import _, ngettext
from core.kernel.registry import DEFAULT_GAME
from core.kernel.save_names import SUFFIX
from core.kernel.upgrade import OLDEST_FORMAT, UpgradeError, upgrade
from core.kernel.version import APP_VERSION

FORMAT_VERSION = 2
"""The format this version writes. Older formats are upcast by ``core.kernel.upgrade``."""
MAX_FILE_BYTES = 32 * 1024 * 1024
"""A whole game is well under 1 MiB; anything much larger is not a save."""
MAX_LINE_BYTES = 1024 * 1024
MAX_NAME_CHARS = 100
"""Save names are shortened to this many characters (see ``safe_save_path``)."""
MAX_NAME_BYTES = 200
"""And to this many bytes of UTF-8, well under the 255 most file systems allow."""


EVENT_TYPES = frozenset(
    cls.__struct_config__.tag for cls in get_args(AnyEvent) if cls.__struct_config__.tag
)
"""The ``type`` of every event a save may hold."""


HUMAN = "human"
"""How a header's ``seats`` names a seat played by a person."""


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
    game: str = DEFAULT_GAME
    """The game's id (``core.games``). Saves written before there were several
    games name none, and are Atlantis games."""


class SavedGame(msgspec.Struct, frozen=True):
    """What a save file holds. ``lines[i]`` is the file line of ``events[i]``.

    ``error`` is set when the file was read with ``keep_prefix`` and a line
    could not be read; ``events`` is then the valid prefix before it.
    """

    header: Header
    events: tuple[AnyEvent, ...]
    lines: tuple[int, ...]
    error: SaveFileError | None = None
    format: int = FORMAT_VERSION
    """The format the file was written in (``header`` is upcast to the current one)."""


def hands_are_private(saved: SavedGame) -> bool:
    """Whether reading the save must hide the hands: an unfinished game of two or more
    people at one keyboard, who may go on with it and must not see each other's cards.

    A prepared position (the rulebook's worked examples) is there to be studied, and
    shows everything.
    """
    started = saved.events[0] if saved.events else None
    if isinstance(started, GameStarted) and (started.pawns or started.collected):
        return False
    finished = bool(saved.events) and isinstance(saved.events[-1], GameEnded)
    seats = saved.header.seats or (HUMAN,) * len(saved.header.players)
    humans = sum(seat == HUMAN for seat in seats)
    return not finished and humans >= 2 and not saved.header.options.open_hands


_encoder = msgspec.json.Encoder()
_event_decoder = msgspec.json.Decoder(AnyEvent)
_any_decoder = msgspec.json.Decoder()

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
            raise TypeError("a save starts with a game-started event")
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
        """Append to an existing save, read and checked by ``save_lifecycle.resume_save``
        (which rewrites an older format first: appended events never follow lines of
        another format)."""
        if file_format(path) < FORMAT_VERSION:
            raise ValueError(
                _("{path} is in an older format: resume it with resume_save").format(path=path)
            )
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


def _size_text(size: int) -> str:
    """A byte count as people read it: ``32 MiB``, ``1 KiB`` or ``500 bytes``."""
    if size >= 2**20 and size % 2**20 == 0:
        return _("{n} MiB").format(n=size // 2**20)
    if size >= 2**10 and size % 2**10 == 0:
        return _("{n} KiB").format(n=size // 2**10)
    return ngettext("{n} byte", "{n} bytes", size).format(n=size)


def _too_large() -> SaveFileError:
    return SaveFileError(
        0,
        _("the file is larger than {size}, so it is not an Atlantis save").format(
            size=_size_text(MAX_FILE_BYTES)
        ),
    )


def _decode_header_json(line: bytes) -> object:
    """The header line as any JSON value; a line that is not JSON is reported."""
    try:
        return _any_decoder.decode(line)
    except (msgspec.DecodeError, UnicodeDecodeError) as error:
        raise SaveFileError(
            1, _("the header is not valid JSON ({reason})").format(reason=_reason(error))
        ) from None


def _reason(error: Exception) -> str:
    """An error's message on one line, for a one-sentence report."""
    return " ".join(str(error).split())


def _format_of(header: dict[str, object]) -> int:
    """The header's format version, if this version of the game can read it."""
    version = header.get("format")
    if type(version) is not int:  # bool is an int subclass: ``true`` is no version
        raise SaveFileError(
            1,
            _("the header's format version {version} is not a whole number").format(
                version=repr(version)
            ),
        )
    if version > FORMAT_VERSION:
        raise SaveFileError(
            1,
            _(
                "this save uses format {version}, newer than this version reads "
                "({supported}); update the game to open it"
            ).format(version=version, supported=FORMAT_VERSION),
        )
    if version < OLDEST_FORMAT:
        raise SaveFileError(
            1,
            _("this save names format {version}, which no version of the game ever wrote").format(
                version=version
            ),
        )
    return version


def _decode_header(line: bytes) -> tuple[Header, int]:
    """The header (upcast to the current format) and the format the file was written in."""
    document = _decode_header_json(line)
    if not isinstance(document, dict) or document.get("type") != "header":
        raise SaveFileError(1, _("this is not an Atlantis save: the first line is not a header"))
    version = _format_of(document)
    try:
        current = upgrade(document, version, FORMAT_VERSION)
        return msgspec.convert(current, Header), version
    except (msgspec.ValidationError, UpgradeError) as error:
        raise SaveFileError(
            1, _("the header is damaged: {reason}").format(reason=_reason(error))
        ) from None


EventReader = Callable[[bytes], AnyEvent]


def _event_reader(version: int) -> EventReader:
    """How to decode one event line of a file written in format ``version``."""
    if version == FORMAT_VERSION:
        return _event_decoder.decode

    def read_old(line: bytes) -> AnyEvent:
        document = _any_decoder.decode(line)
        current = upgrade(document, version, FORMAT_VERSION)
        event: AnyEvent = msgspec.convert(current, AnyEvent)
        return event

    return read_old


def _unreadable(line: bytes, number: int, error: Exception) -> SaveFileError:
    """Say why an event line could not be decoded, naming an unknown event type."""
    if isinstance(error, UnicodeDecodeError):
        return SaveFileError(number, _("the line is not valid UTF-8 text"))
    if not isinstance(error, msgspec.ValidationError | UpgradeError):
        return SaveFileError(
            number, _("the line is not valid JSON ({reason})").format(reason=_reason(error))
        )
    try:
        document = _any_decoder.decode(line)
    except (msgspec.DecodeError, UnicodeDecodeError):
        document = None
    kind = document.get("type") if isinstance(document, dict) else None
    if isinstance(kind, str) and kind not in EVENT_TYPES:
        return SaveFileError(number, _("unknown event type {type}").format(type=repr(kind)))
    return SaveFileError(
        number, _("the event cannot be read: {reason}").format(reason=_reason(error))
    )


def _read_event(line: bytes, number: int, reader: EventReader) -> AnyEvent:
    """Line ``number`` (2 or later) as an event; raises ``SaveFileError`` naming it."""
    if len(line) > MAX_LINE_BYTES:
        raise SaveFileError(
            number, _("the line is longer than {size}").format(size=_size_text(MAX_LINE_BYTES))
        )
    if not line.strip():
        raise SaveFileError(number, _("the line is empty"))
    try:
        event = reader(line)
    except (msgspec.DecodeError, UnicodeDecodeError, UpgradeError) as error:
        raise _unreadable(line, number, error) from None
    if (number == 2) != isinstance(event, GameStarted):
        if number == 2:
            raise SaveFileError(number, _("game-started must be the first event"))
        raise SaveFileError(number, _("game-started can only be the first event"))
    return event


def _split_lines(data: bytes) -> list[bytes]:
    """The file's lines, without blank lines at the end or a leading byte-order mark
    (both harmless, and added by some editors)."""
    raw_lines = data.removeprefix(b"\xef\xbb\xbf").split(b"\n")
    while raw_lines and not raw_lines[-1].strip():
        raw_lines.pop()
    return raw_lines


def parse_save(data: bytes, mode: ErrorMode = "raise") -> SavedGame:
    """Read a save from bytes; see ``read_save``."""
    if len(data) > MAX_FILE_BYTES:
        raise _too_large()
    raw_lines = _split_lines(data)
    if not raw_lines:
        raise SaveFileError(1, _("the file is empty"))
    if len(raw_lines[0]) > MAX_LINE_BYTES:
        raise SaveFileError(
            1, _("the header is longer than {size}").format(size=_size_text(MAX_LINE_BYTES))
        )
    header, version = _decode_header(raw_lines[0])
    reader = _event_reader(version)
    events: list[AnyEvent] = []
    lines: list[int] = []
    error: SaveFileError | None = None
    for number, line in enumerate(raw_lines[1:], start=2):
        try:
            events.append(_read_event(line, number, reader))
        except SaveFileError as problem:
            error = problem
            break
        lines.append(number)
    if error is None and not events:
        error = SaveFileError(2, _("the save has no game-started event"))
    if error is not None and mode == "raise":
        raise error
    return SavedGame(header, tuple(events), tuple(lines), error, version)


def read_save(path: str | Path, mode: ErrorMode = "raise") -> SavedGame:
    """Read a save file. With ``keep_prefix``, a bad line ends the game there
    instead of raising, and ``SavedGame.error`` says which line and why.

    A save of an older format is upcast to the current one while it is read
    (``core.kernel.upgrade``); the file itself is not changed.
    """
    path = Path(path)
    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode):
            # A pipe or a device could block or never end; a save is a plain file.
            raise SaveFileError(
                0, _("cannot read {path}: it is not a regular file").format(path=path)
            )
        if status.st_size > MAX_FILE_BYTES:
            raise _too_large()
        with path.open("rb") as handle:
            # Never read more than the limit, even if the file grows meanwhile.
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise _unreadable_file(path, error) from None
    return parse_save(data, mode)


def _unreadable_file(path: Path, error: OSError) -> SaveFileError:
    """A file the operating system would not let us read, and why."""
    return SaveFileError(
        0, _("cannot read {path}: {reason}").format(path=path, reason=error.strerror or error)
    )


def file_format(path: str | Path) -> int:
    """The format version a save file was written in (read from its header only)."""
    path = Path(path)
    try:
        with path.open("rb") as handle:
            first = handle.readline(MAX_LINE_BYTES + 1)
    except OSError as error:
        raise _unreadable_file(path, error) from None
    lines = _split_lines(first)
    if not lines:
        raise SaveFileError(1, _("the file is empty"))
    return _decode_header(lines[0])[1]


def _shorten(name: str) -> str:
    """Cut the middle out of a long name, keeping its start (a date) and its end
    (a counter such as ``-2``), so that shortened names stay distinct."""
    keep = MAX_NAME_CHARS
    short = name
    while len(short) > MAX_NAME_CHARS or len(short.encode()) > MAX_NAME_BYTES:
        keep -= 1
        tail = keep * 2 // 5
        short = f"{name[: keep - tail]}-{name[len(name) - tail :]}"
    return short


def safe_save_path(directory: str | Path, name: str) -> Path:
    """A path for save ``name`` inside ``directory``; names cannot escape it.

    Only letters, digits, ``-``, ``_`` and ``.`` are kept (anything else, such
    as ``/`` or NUL, becomes ``-``), leading and trailing dots and dashes are
    dropped, and names longer than ``MAX_NAME_CHARS`` are shortened.
    """
    cleaned = "".join(c if c.isalnum() or c in "-_." else "-" for c in name).strip(".-")
    if not cleaned:
        raise ValueError(_("a save needs a name made of letters, digits, - or _"))
    directory = Path(directory).resolve()
    if cleaned.endswith(".jsonl"):
        filename = _shorten(cleaned.removesuffix(".jsonl")) + ".jsonl"
    else:
        filename = _shorten(cleaned) + SUFFIX
    path = directory / filename
    if path.resolve().parent != directory:
        raise ValueError(_("the save name {name} leaves the save folder").format(name=repr(name)))
    return path
