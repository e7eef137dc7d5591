"""Save files: JSON Lines, a header, then the game's events with action markers.

Line 1 is the header: the format, the game's id (``game``), its options,
players and seed. Then one event per line, in the order the rules gave them.
Before the events of each player's action comes one action marker line,
``{"type":"action","seat":S,"events":K}`` (``core.kernel.events``): undo,
resume and play-from-here work on whole actions and find them there, and a
file that ends fewer than ``K`` events after its last marker was cut by a crash
inside that action. Events before the first marker are the game's setup; undo
markers (``events-undone``) come between actions, without a marker.

The writer appends and flushes after every line, so a crash (even SIGKILL)
loses nothing the player saw confirmed. The reader decodes each line with one
typed msgspec decoder (the events of the game the header names, chosen in a
``GameRegistry``), never pickle or eval, names the first bad line, and can
hand back the valid prefix so a damaged game can still be opened.

Files are untrusted input: their size and line length are capped, and a save
of an older format is upcast line by line (``core.kernel.upgrade``, with the
game's steps) before decoding, while a newer format is refused by name. A save
of a format before 3 names no game (it is an Atlantis game) and has no markers
(``SavedGame.actions`` is ``None``: its game's full check finds them).

The kernel knows no game: a game's first event is the first type of its event
union (``GameType.event_type``), the one every save opens with.
"""

from __future__ import annotations

import datetime as _dt
import functools
import stat
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any, Generic, Literal, TypeVar, get_args

import msgspec

from core.kernel.errors import SaveFileError
from core.kernel.events import Action, ActionMarker
from core.kernel.i18n import _, ngettext
from core.kernel.registry import DEFAULT_GAME, AnyGameType, GameRegistry, UnknownGame
from core.kernel.save_names import SUFFIX
from core.kernel.upgrade import OLDEST_FORMAT, UpgradeError, upgrade
from core.kernel.version import APP_VERSION

FORMAT_VERSION = 3
"""The format this version writes. Older formats are upcast by ``core.kernel.upgrade``."""
FIRST_MARKED_FORMAT = 3
"""The first format with action markers (and the game's id in the header)."""
MAX_FILE_BYTES = 32 * 1024 * 1024
"""A whole game is well under 1 MiB; anything much larger is not a save."""
MAX_LINE_BYTES = 1024 * 1024
MAX_NAME_CHARS = 100
"""Save names are shortened to this many characters (see ``safe_save_path``)."""
MAX_NAME_BYTES = 200
"""And to this many bytes of UTF-8, well under the 255 most file systems allow."""


HUMAN = "human"
"""How a header's ``seats`` names a seat played by a person."""

O = TypeVar("O")  # noqa: E741 (O for options, as in core.kernel.game_type)


class Header(msgspec.Struct, Generic[O], frozen=True, tag_field="type", tag="header"):
    """Line 1 of a save: what wrote it and the game's identity.

    ``options`` are the game's rule options (``GameType.options_type``).
    """

    format: int
    app_version: str
    options: O
    players: tuple[str, ...]
    seed: int
    created: str
    seats: tuple[str, ...] = ()
    """Who plays each seat: ``human`` or ``bot:<name>`` (empty: not recorded)."""
    game: str = DEFAULT_GAME
    """The game's id (``core.games``). Saves written before there were several
    games name none, and are Atlantis games."""


def make_header(
    game: str, options: O, players: Sequence[str], seed: int, seats: tuple[str, ...] = ()
) -> Header[O]:
    """The header of a save written now, in the current format."""
    created = _dt.datetime.now(_dt.UTC).replace(microsecond=0).isoformat()
    return Header(FORMAT_VERSION, APP_VERSION, options, tuple(players), seed, created, seats, game)


class SavedGame(msgspec.Struct, frozen=True):
    """What a save file holds. ``lines[i]`` is the file line of ``events[i]``.

    ``error`` is set when the file was read with ``keep_prefix`` and a line
    could not be read; ``events`` is then the valid prefix before it.

    ``actions`` are the player actions the file's markers announce, in order
    (``Action.start`` indexes ``events``); the last one may end past the events
    when the file was cut inside it (``core.kernel.events.cut_action``). Only
    the game's check says that they are where the actions really are. It is
    ``None`` for a file of a format before markers: that check finds them.
    """

    header: Header[Any]
    events: tuple[Any, ...]
    lines: tuple[int, ...]
    error: SaveFileError | None = None
    format: int = FORMAT_VERSION
    """The format the file was written in (``header`` is upcast to the current one)."""
    actions: tuple[Action, ...] | None = None

    @property
    def action_starts(self) -> tuple[int, ...] | None:
        """The index in ``events`` where each action begins, or ``None`` (no markers)."""
        if self.actions is None:
            return None
        return tuple(action.start for action in self.actions)


_encoder = msgspec.json.Encoder()
_any_decoder = msgspec.json.Decoder()

ErrorMode = Literal["raise", "keep_prefix"]


def encode_line(item: object) -> bytes:
    """One line of a save: a header, an event or an action marker."""
    return _encoder.encode(item) + b"\n"


def record_lines(events: Sequence[object], actions: Sequence[Action] = ()) -> Iterator[bytes]:
    """The lines of ``events`` with the marker of each action before its first event.

    ``actions`` must be in order and apart, and only the last may end past the
    events (a record cut inside it, as a crash leaves one); anything else is a
    programming error.
    """
    markers: dict[int, Action] = {}
    end = 0
    for action in actions:
        if action.start < end or action.count < 1 or end > len(events):
            raise RuntimeError(f"actions out of order or past the events: {action}")
        markers[action.start] = action
        end = action.end
    if actions and actions[-1].start > len(events):
        raise RuntimeError(f"an action begins past the events: {actions[-1]}")
    for index, event in enumerate(events):
        starting = markers.get(index)
        if starting is not None:
            yield encode_line(starting.marker())
        yield encode_line(event)
    if len(events) in markers:  # cut right after its marker
        yield encode_line(markers[len(events)].marker())


def save_bytes(header: Header[Any], events: Sequence[object], actions: Sequence[Action]) -> bytes:
    """A whole save file in the current format."""
    return b"".join([encode_line(header), *record_lines(events, actions)])


class SaveWriter:
    """Appends a game's lines to a save file, flushing each one to the operating system.

    ``append`` is a ``core.kernel.game.Game`` listener: it writes the action
    markers and the events the game hears, in that order.
    """

    def __init__(self, path: str | Path, handle: IO[bytes]) -> None:
        self.path = Path(path)
        self._handle = handle

    @classmethod
    def create(
        cls,
        path: str | Path,
        header: Header[Any],
        events: Iterable[object],
        actions: Sequence[Action] = (),
    ) -> SaveWriter:
        """Start a new save holding ``events`` (their first is the game's opening event)."""
        events = list(events)
        if not events:
            raise TypeError("a save starts with the game's opening event")
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = path.open("xb")
        writer = cls(path, handle)
        writer._write(encode_line(header))
        for line in record_lines(events, actions):
            writer._write(line)
        return writer

    @classmethod
    def resume(cls, path: str | Path) -> SaveWriter:
        """Append to an existing save, read and checked by ``save_lifecycle.resume_save``
        (which rewrites an older format first: appended lines never follow lines of
        another format)."""
        if file_format(path) < FORMAT_VERSION:
            raise ValueError(
                _("{path} is in an older format: resume it with resume_save").format(path=path)
            )
        return cls(path, Path(path).open("ab"))

    def append(self, item: object) -> None:
        """Write one event or action marker."""
        self._write(encode_line(item))

    def _write(self, data: bytes) -> None:
        self._handle.write(data)
        self._handle.flush()

    def close(self) -> None:
        self._handle.close()

    def __enter__(self) -> SaveWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def write_save(
    path: str | Path,
    header: Header[Any],
    events: Iterable[object],
    actions: Sequence[Action] = (),
) -> None:
    """Write a whole game at once (exports, ``play from here``, simulations)."""
    with SaveWriter.create(path, header, events, actions):
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


def _decode_header_json(line: bytes) -> dict[str, object]:
    """The header line as a JSON object; a line that is not one is reported."""
    try:
        document = _any_decoder.decode(line)
    except (msgspec.DecodeError, UnicodeDecodeError) as error:
        raise SaveFileError(
            1, _("the header is not valid JSON ({reason})").format(reason=_reason(error))
        ) from None
    if not isinstance(document, dict) or document.get("type") != "header":
        raise SaveFileError(1, _("this is not an Atlantis save: the first line is not a header"))
    return document


def _reason(error: Exception) -> str:
    """An error's message on one line, for a one-sentence report."""
    return " ".join(str(error).split())


def _format_of(header: dict[str, object]) -> int:
    """The header's format version, if this version of the program can read it."""
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


class _GameId(msgspec.Struct):
    """The one header field read before the game is known."""

    game: str = DEFAULT_GAME


def _damaged_header(error: Exception) -> SaveFileError:
    return SaveFileError(1, _("the header is damaged: {reason}").format(reason=_reason(error)))


def _game_of(document: dict[str, object], games: GameRegistry) -> AnyGameType:
    """The game the header names (an older save names none: it is an Atlantis game)."""
    try:
        game_id = msgspec.convert(document, _GameId).game
        return games.get(game_id)
    except msgspec.ValidationError as error:
        raise _damaged_header(error) from None
    except UnknownGame as error:
        raise SaveFileError(1, str(error)) from None


def _decode_header(line: bytes, games: GameRegistry) -> tuple[Header[Any], int, AnyGameType]:
    """The header (upcast to the current format), the format the file was written
    in, and the game it names."""
    document = _decode_header_json(line)
    version = _format_of(document)
    game = _game_of(document, games)
    try:
        current = upgrade(document, version, FORMAT_VERSION, game.records.upgrades)
        header: Header[Any] = msgspec.convert(current, Header[game.options_type])  # type: ignore[name-defined]
    except (msgspec.ValidationError, UpgradeError) as error:
        raise _damaged_header(error) from None
    return header, version, game


LineReader = Callable[[bytes], object]
_MARKER_TAG = str(ActionMarker.__struct_config__.tag)


@functools.cache
def _current_decoder(game: AnyGameType) -> msgspec.json.Decoder[Any]:
    """Decodes a line of the current format: an action marker or one of the game's events."""
    return msgspec.json.Decoder(ActionMarker | game.event_type)


def _line_reader(game: AnyGameType, version: int) -> LineReader:
    """How to decode one line after the header of a file written in format ``version``."""
    if version == FORMAT_VERSION:
        return _current_decoder(game).decode

    def read_old(line: bytes) -> object:
        # Formats before markers hold events only: a marker there is no known event.
        document = _any_decoder.decode(line)
        current = upgrade(document, version, FORMAT_VERSION, game.records.upgrades)
        return msgspec.convert(current, game.event_type)

    return read_old


def event_tags(game: AnyGameType) -> frozenset[str]:
    """The ``type`` of every event a save of ``game`` may hold."""
    return frozenset(
        str(cls.__struct_config__.tag)
        for cls in get_args(game.event_type)
        if cls.__struct_config__.tag
    )


def _opening_type(game: AnyGameType) -> type:
    """The event every save of ``game`` opens with: the first of its event union."""
    first: type = get_args(game.event_type)[0]
    return first


def _opening_tag(game: AnyGameType) -> str:
    return str(_opening_type(game).__struct_config__.tag)  # type: ignore[attr-defined]


def _unreadable(line: bytes, number: int, error: Exception, known: frozenset[str]) -> SaveFileError:
    """Say why a line could not be decoded, naming a type of line not in ``known``."""
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
    if isinstance(kind, str) and kind not in known:
        return SaveFileError(number, _("unknown event type {type}").format(type=repr(kind)))
    return SaveFileError(
        number, _("the event cannot be read: {reason}").format(reason=_reason(error))
    )


def _read_line(
    line: bytes, number: int, reader: LineReader, game: AnyGameType, known: frozenset[str]
) -> object:
    """Line ``number`` (2 or later) as an event or an action marker (``known`` are the
    types of line the file may hold); raises ``SaveFileError`` naming it."""
    if len(line) > MAX_LINE_BYTES:
        raise SaveFileError(
            number, _("the line is longer than {size}").format(size=_size_text(MAX_LINE_BYTES))
        )
    if not line.strip():
        raise SaveFileError(number, _("the line is empty"))
    try:
        item = reader(line)
    except (msgspec.DecodeError, UnicodeDecodeError, UpgradeError) as error:
        raise _unreadable(line, number, error, known) from None
    if (number == 2) != isinstance(item, _opening_type(game)):
        opening = _opening_tag(game)
        if number == 2:
            raise SaveFileError(number, _("{event} must be the first event").format(event=opening))
        raise SaveFileError(number, _("{event} can only be the first event").format(event=opening))
    return item


def _split_lines(data: bytes) -> list[bytes]:
    """The file's lines, without blank lines at the end or a leading byte-order mark
    (both harmless, and added by some editors)."""
    raw_lines = data.removeprefix(b"\xef\xbb\xbf").split(b"\n")
    while raw_lines and not raw_lines[-1].strip():
        raw_lines.pop()
    return raw_lines


class _Reading:
    """The events, their lines and the actions read so far from one file.

    Markers are taken as the file gives them: whether they stand where the
    actions begin, and count what the actions gave, is the game's check to say
    (``atlantis check``), as it says whether the events are the rules'.
    """

    def __init__(self, marked: bool) -> None:
        self.events: list[object] = []
        self.lines: list[int] = []
        self.actions: list[Action] | None = [] if marked else None

    def add(self, item: object, number: int) -> None:
        if not isinstance(item, ActionMarker):
            self.events.append(item)
            self.lines.append(number)
        elif self.actions is not None:  # decoders of older formats never give one
            self.actions.append(Action(len(self.events), item.seat, item.events))


def parse_save(data: bytes, games: GameRegistry, mode: ErrorMode = "raise") -> SavedGame:
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
    header, version, game = _decode_header(raw_lines[0], games)
    reader = _line_reader(game, version)
    marked = version >= FIRST_MARKED_FORMAT
    known = event_tags(game) | ({_MARKER_TAG} if marked else set())
    reading = _Reading(marked)
    error: SaveFileError | None = None
    for number, line in enumerate(raw_lines[1:], start=2):
        try:
            reading.add(_read_line(line, number, reader, game, known), number)
        except SaveFileError as problem:
            error = problem
            break
    if error is None and not reading.events:
        error = SaveFileError(
            2, _("the save has no {event} event").format(event=_opening_tag(game))
        )
    if error is not None and mode == "raise":
        raise error
    actions = None if reading.actions is None else tuple(reading.actions)
    return SavedGame(header, tuple(reading.events), tuple(reading.lines), error, version, actions)


def read_save(path: str | Path, games: GameRegistry, mode: ErrorMode = "raise") -> SavedGame:
    """Read a save file of one of ``games``. With ``keep_prefix``, a bad line ends the
    game there instead of raising, and ``SavedGame.error`` says which line and why.

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
    return parse_save(data, games, mode)


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
    return _format_of(_decode_header_json(lines[0]))


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
