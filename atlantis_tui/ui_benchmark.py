"""How fast the app starts, answers a key and seeks in a replay (``atlantis bench-ui``).

The start menu is every game's; the game screen and the replay timed are those
of the game whose ``Scenario`` is given (``atlantis_tui/games/<game>/ui_bench.py``
says what to play and which keys to press).

Everything is timed in a real pseudo-terminal, 120×40, as a user's terminal
sees it. The benchmark plays the terminal: it answers Textual's question
whether synchronized output is supported (``CSI ? 2026 $ p``) with yes, as
kitty, WezTerm, iTerm2, foot or Windows Terminal do, so the app brackets each
frame between ``CSI ? 2026 h`` and ``CSI ? 2026 l``. A frame is complete when
its ``CSI ? 2026 l`` is read; its time is the time of that read.

Until the answer has reached the app, it paints without brackets, and a
terminal shows those bytes as they come: the first frame of a start-up is
often one of them. Text painted outside an update is a frame too, complete
when no byte follows for ``LOOSE_QUIET`` seconds (or the program ends) and dated
by the read of its last byte. Bytes outside an update that paint no text (modes, titles, pointer
shapes) are not frames.

What a frame shows is read from its bytes: colours and attributes (SGR
sequences) are removed and the text that must appear is searched for.
Textual writes the text of a changed line as plain runs between cursor moves,
so a sentence of one style appears whole. A terminal emulator (``pyte``)
would give the same answer at about 1 MB/s of pure Python, some 20 ms per
replay frame, on the same cores as the app being timed.

Each key is timed from writing it to the pty:

* to the frame that shows the change: the first frame, after the key, whose
  text contains what the key must bring up (computed beforehand by the same
  code the app uses): "Event k of n · turn t" in the replay's step panel,
  "Pawn B → space 7" in the game's preview;
* until the screen is still: the end of the last frame before ``STILL``
  seconds of silence, follow-up frames included (widgets that react to their
  new sizes paint again).

Every key is counted. A key whose change does not appear within
``CHANGE_TIMEOUT`` seconds is a failure; a key whose screen is not still by
then is counted as such. Both rank above every other time in the median and
the p90 (nearest rank: the value at rank ⌈q·n⌉), so they can only raise them;
a figure that falls on one of them is ``null``.

``measure`` returns one flat dict; its keys are stable (``--json`` prints it):

``bare_textual_first_frame_ms``, ``atlantis_first_frame_ms``
    medians over ``runs`` start-ups, from starting the process to the end of
    the first frame that shows a bare Textual app's one label, or the start
    menu's "New game"; the two apps are started in turns.
``first_frame_ratio``
    the second over the first: what the app adds to Textual's own start-up.
``key_to_repaint_ms_median``, ``key_to_repaint_ms_p90``
    a game in mid play, the keys of its move input, each changing what the
    screen shows (in Atlantis: pawn keys, ← → and a destination label, each
    changing the preview); key to the frame that shows the change.
``key_to_still_ms_median``, ``key_to_still_ms_p90``
    the same keys, until the screen is still.
``key_presses``, ``key_failures``, ``key_not_still``
    keys written; keys whose change never appeared; keys whose screen was
    not still within the timeout.
``key_second_frames``
    keys answered with two frames or more.
``replay_events``
    events in the record replayed (in Atlantis, over 1,000: every turn of a
    4-player game undone and played again three times).
``replay_seek_ms_median``, ``replay_seek_ms_p90``
    End, Home and turn jumps (``[``, ``]``); key to the frame that shows
    "Event k of n · turn t".
``replay_seek_still_ms_median``, ``replay_seek_still_ms_p90``
    the same seeks, until the screen is still.
``replay_seeks``, ``replay_seek_failures``, ``replay_seek_not_still``, ``replay_seek_second_frames``
    as for the keys above.

Escape is not among the keys: Textual waits ``ESCDELAY`` (100 ms) to tell a
lone Escape from the start of an escape sequence, which would time the
terminal protocol rather than the app.
"""

from __future__ import annotations

import math
import os
import pty
import re
import select
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

SYNC_BEGIN = b"\x1b[?2026h"
SYNC_END = b"\x1b[?2026l"
SYNC_QUERY = b"\x1b[?2026$p"
SYNC_REPLY = b"\x1b[?2026;2$y"
"""Mode 2026 is known and currently reset: the terminal supports synchronized output."""
SGR = re.compile(rb"\x1b\[[0-9;:]*m")
ESCAPES = re.compile(
    rb"\x1b\[[0-?]*[ -/]*[@-~]"  # control sequences: cursor moves, modes, colours
    rb"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # operating system commands: titles, pointers
    rb"|\x1b[ -/]*[0-~]"  # the other escapes
)
"""What paints no text: removed before asking whether bytes outside an update paint."""
LOOSE_QUIET = 0.025
"""Seconds without a byte after which text painted outside an update is a whole frame.
Textual's writer thread may wait for the GIL between the chunks of one frame (the
switch interval is 5 ms); two frames closer than this are taken as one, dated by the
later, which can only make the app look slower."""

CHANGE_TIMEOUT = 3.0
"""Seconds a key's change may take before the key counts as a failure."""
STILL = 0.3
"""Seconds of silence after which the screen is taken as still. Follow-up frames
usually come 10–40 ms after the one before; on a loaded machine up to 150 ms."""
READY_TIMEOUT = 30.0

BARE_APP = (
    "from textual.app import App\n"
    "from textual.widgets import Label\n"
    "class Bare(App):\n"
    "    def compose(self):\n"
    "        yield Label('READY-MARK')\n"
    "Bare().run()\n"
)
APP = "import sys\nfrom atlantis_tui.cli import main\nsys.exit(main(['--save-dir', sys.argv[1]]))\n"
REPLAY_APP = (
    "import sys\nfrom atlantis_tui.cli import main\nsys.exit(main(['replay', sys.argv[1]]))\n"
)

KEY_CODES = {"right": b"\x1b[C", "left": b"\x1b[D", "home": b"\x1b[H", "end": b"\x1b[F"}


# -- frames -------------------------------------------------------------------------


@dataclass(frozen=True)
class Frame:
    """One synchronized update: when its end was read, and its text without colours."""

    at: float
    text: bytes


class FrameSplitter:
    """Cuts a terminal output stream into frames: synchronized updates, and text painted
    outside them (see the module docstring).

    Chunks may split a sequence anywhere; the unfinished part waits.
    """

    def __init__(self) -> None:
        self._pending = b""
        self._inside = False
        self._loose = b""
        self._loose_at = 0.0

    @property
    def painting_outside_updates(self) -> bool:
        """Bytes outside an update were read and are not yet part of a frame."""
        return bool(self._loose)

    def feed(self, data: bytes, at: float) -> list[Frame]:
        """The frames completed by ``data``, read at time ``at``."""
        buffer = self._pending + data
        frames: list[Frame] = []
        while True:
            if self._inside:
                end = buffer.find(SYNC_END)
                if end < 0:
                    break
                frames.append(Frame(at, SGR.sub(b"", buffer[:end])))
                buffer = buffer[end + len(SYNC_END) :]
                self._inside = False
            else:
                begin = buffer.find(SYNC_BEGIN)
                if begin < 0:
                    # Keep back only what may be the start of a SYNC_BEGIN cut by the chunk.
                    cut = _cut_marker(buffer, SYNC_BEGIN)
                    self._paint_loose(buffer[: len(buffer) - cut], at)
                    buffer = buffer[len(buffer) - cut :]
                    break
                self._paint_loose(buffer[:begin], at)
                frames.extend(self.flush())
                buffer = buffer[begin + len(SYNC_BEGIN) :]
                self._inside = True
        self._pending = buffer
        return frames

    def flush(self) -> list[Frame]:
        """The text painted outside updates so far, as one frame (none if it shows no text)."""
        loose, self._loose = self._loose, b""
        if not ESCAPES.sub(b"", loose).strip():
            return []
        return [Frame(self._loose_at, SGR.sub(b"", loose))]

    def _paint_loose(self, data: bytes, at: float) -> None:
        if data:
            self._loose += data
            self._loose_at = at


def _cut_marker(buffer: bytes, marker: bytes) -> int:
    """The length of the longest end of ``buffer`` that begins ``marker`` (0 if none)."""
    for length in range(min(len(marker) - 1, len(buffer)), 0, -1):
        if buffer.endswith(marker[:length]):
            return length
    return 0


@dataclass(frozen=True)
class Answer:
    """How the screen answered one key (seconds from writing the key)."""

    frames: int
    """Frames painted after the key until the screen was still (or the timeout)."""
    change: float | None
    """To the end of the first frame that shows the change; None: it never did."""
    still: float | None
    """To the end of the last frame before the screen was still; None: it never was
    (or the change never appeared)."""


@dataclass
class KeyWatch:
    """Follows the frames after one key until its change is shown and the screen is still."""

    sent: float
    expected: re.Pattern[bytes]
    timeout: float = CHANGE_TIMEOUT
    quiet: float = STILL
    frames: list[Frame] = field(default_factory=list)
    change_at: float | None = None

    def add(self, frame: Frame) -> None:
        self.frames.append(frame)
        if self.change_at is None and self.expected.search(frame.text):
            self.change_at = frame.at

    @property
    def last(self) -> float:
        """When the screen last changed: the last frame, or the key."""
        return self.frames[-1].at if self.frames else self.sent

    def is_still(self, now: float) -> bool:
        """The change is shown and nothing was painted for ``quiet`` seconds."""
        return self.change_at is not None and now - self.last >= self.quiet

    def done(self, now: float) -> bool:
        return self.is_still(now) or now - self.sent >= self.timeout

    def deadline(self) -> float:
        """The next time at which ``done`` may become true without another frame."""
        give_up = self.sent + self.timeout
        if self.change_at is None:
            return give_up
        return min(give_up, self.last + self.quiet)

    def answer(self, now: float) -> Answer:
        """The key's times, once ``done(now)``."""
        change = None if self.change_at is None else self.change_at - self.sent
        still = self.last - self.sent if self.is_still(now) else None
        return Answer(len(self.frames), change, still)


def shows(text: str) -> re.Pattern[bytes]:
    """A pattern for ``text`` as written, not followed by a digit ("space 5" ≠ "space 54")."""
    return re.compile(re.escape(text.encode()) + rb"(?![0-9])")


# -- the terminal ---------------------------------------------------------------------


class Terminal:
    """A program on a new 120×40 pseudo-terminal, as a terminal with synchronized output."""

    def __init__(self, code: str, args: Sequence[str]) -> None:
        controller, terminal = pty.openpty()
        os.set_blocking(controller, False)
        from core.kernel.i18n import language

        # The markers searched for are in this process's language: the app must speak it too.
        environment = dict(
            os.environ, TERM="xterm-256color", COLUMNS="120", LINES="40", ATLANTIS_LANG=language()
        )
        self.started = time.perf_counter()
        self.process = subprocess.Popen(
            [sys.executable, "-c", code, *args],
            stdin=terminal,
            stdout=terminal,
            stderr=terminal,
            env=environment,
            close_fds=True,
        )
        os.close(terminal)
        self.controller = controller
        self.splitter = FrameSplitter()
        self._tail = b""
        self.closed = False

    def read(self, until: float) -> list[Frame]:
        """The frames completed by what arrives before ``until`` (at least one read's worth)."""
        frames: list[Frame] = []
        while not frames and not self.closed:
            wait = until - time.perf_counter()
            if wait <= 0:
                break
            loose = self.splitter.painting_outside_updates
            readable, _, _ = select.select(
                [self.controller], [], [], min(wait, LOOSE_QUIET) if loose else wait
            )
            if not readable:
                if loose and wait > LOOSE_QUIET:
                    frames = self.splitter.flush()  # text painted outside updates, now quiet
                    continue
                break
            try:
                data = os.read(self.controller, 65536)
            except OSError:  # the program ended
                data = b""
            at = time.perf_counter()
            if not data:
                self.closed = True
                frames = self.splitter.flush()  # what was painted before the end
                break
            self._answer_queries(data)
            frames = self.splitter.feed(data, at)
        return frames

    def _answer_queries(self, data: bytes) -> None:
        """Say yes to every question about synchronized output, even one cut by a read."""
        seen = self._tail + data
        for _query in range(seen.count(SYNC_QUERY)):
            os.write(self.controller, SYNC_REPLY)
        self._tail = seen[-(len(SYNC_QUERY) - 1) :]

    def press(self, key: bytes, expected: re.Pattern[bytes], timeout: float) -> Answer:
        """Write ``key`` and follow the frames until ``expected`` is shown and all is still."""
        watch = KeyWatch(time.perf_counter(), expected, timeout)
        os.write(self.controller, key)
        return self.follow(watch)

    def follow(self, watch: KeyWatch) -> Answer:
        while not (watch.done(time.perf_counter()) or self.closed):
            for frame in self.read(watch.deadline()):
                watch.add(frame)
        return watch.answer(time.perf_counter())

    def wait_for(self, expected: re.Pattern[bytes], since: float | None = None) -> Answer:
        """Wait (up to ``READY_TIMEOUT``) until ``expected`` is shown and the screen is still."""
        start = self.started if since is None else since
        answer = self.follow(KeyWatch(start, expected, READY_TIMEOUT))
        if answer.change is None:
            raise RuntimeError(f"{expected.pattern!r} was not shown within {READY_TIMEOUT} s")
        return answer

    def close(self) -> None:
        self.process.kill()
        self.process.wait()
        os.close(self.controller)


def first_frame(code: str, marker: str, args: Sequence[str]) -> float:
    """Seconds from starting ``python -c code`` to the end of the first frame showing ``marker``."""
    terminal = Terminal(code, args)
    try:
        change = terminal.wait_for(shows(marker)).change
        assert change is not None
        return change
    finally:
        terminal.close()


# -- what a key must bring up ------------------------------------------------------


def replay_step_text(position: int, last: int, turn: int, turns: int) -> str:
    """The step panel's first line up to the turn number (the panel may crop the rest)."""
    from core.kernel.i18n import _

    cut = "\0"
    line = _("Event {k} of {n} · turn {t} of {m}").format(k=position, n=last, t=cut, m=turns)
    return line.split(cut)[0] + str(turn)


# -- the measurements -----------------------------------------------------------------


def time_keys(terminal: Terminal, keys: Sequence[tuple[bytes, str]]) -> list[Answer]:
    """Press each key once the screen is still, and how the screen answered it."""
    return [terminal.press(key, shows(text), CHANGE_TIMEOUT) for key, text in keys]


def start_menu_marker() -> str:
    from core.kernel.i18n import _

    return _("New game")


def rank(values: Sequence[float | None], fraction: float) -> float | None:
    """The nearest-rank percentile; None (a failed key) ranks above every time."""
    ordered = sorted(values, key=lambda value: math.inf if value is None else value)
    return ordered[max(1, math.ceil(fraction * len(ordered))) - 1]


def milliseconds(value: float | None) -> float | None:
    return None if value is None else round(value * 1000, 2)


def summary(prefix: str, answers: Sequence[Answer], change: str, still: str) -> dict[str, object]:
    """The figures of one group of keys, under the module docstring's names."""
    changes = [answer.change for answer in answers]
    stills = [answer.still for answer in answers]
    return {
        f"{change}_median": milliseconds(rank(changes, 0.5)),
        f"{change}_p90": milliseconds(rank(changes, 0.9)),
        f"{still}_median": milliseconds(rank(stills, 0.5)),
        f"{still}_p90": milliseconds(rank(stills, 0.9)),
        f"{prefix}_failures": sum(answer.change is None for answer in answers),
        f"{prefix}_not_still": sum(
            answer.change is not None and answer.still is None for answer in answers
        ),
        f"{prefix}_second_frames": sum(answer.frames >= 2 for answer in answers),
    }


@dataclass(frozen=True)
class Scenario:
    """What a game gives the benchmark to time on its screens.

    ``game_answers(presses)``: ``presses`` keys of move input in a game in mid play,
    continued from the start menu, and how the screen answered each;
    ``replay_answers(presses)``: the event count of a long record, and ``presses``
    seeks in its replay.
    """

    game_answers: Callable[[int], list[Answer]]
    replay_answers: Callable[[int], tuple[int, list[Answer]]]


def measure(runs: int, presses: int, scenario: Scenario) -> dict[str, object]:
    """Start-ups (``runs`` of each app, in turns), ``presses`` game keys and seeks
    on the screens of the game ``scenario`` times."""
    save_dir = tempfile.mkdtemp()
    bare: list[float] = []
    ours: list[float] = []
    for _run in range(runs):
        bare.append(first_frame(BARE_APP, "READY-MARK", []))
        ours.append(first_frame(APP, start_menu_marker(), [save_dir]))
    keys = scenario.game_answers(presses)
    record_events, seeks = scenario.replay_answers(presses)
    bare_ms, ours_ms = rank(bare, 0.5), rank(ours, 0.5)
    assert bare_ms is not None and ours_ms is not None
    return {
        "bare_textual_first_frame_ms": round(bare_ms * 1000, 1),
        "atlantis_first_frame_ms": round(ours_ms * 1000, 1),
        "first_frame_ratio": round(ours_ms / bare_ms, 2),
        "key_presses": len(keys),
        **summary("key", keys, "key_to_repaint_ms", "key_to_still_ms"),
        "replay_events": record_events,
        "replay_seeks": len(seeks),
        **summary("replay_seek", seeks, "replay_seek_ms", "replay_seek_still_ms"),
    }
