"""How fast the app starts, answers a key and seeks in a replay (``atlantis bench-ui``).

Both are timed in a real pseudo-terminal, as a user's terminal sees them.
Start-up: from starting the process to the first frame that shows the start
menu, against a bare Textual app (one label) timed the same way; the ratio is
what the app adds. Key to repaint: in a 4-player game in mid play, from
writing a key to the last byte of the frame the app paints in answer.
Replay seek: the same, for End/Home/turn jumps in a record of over 1,000
events.
"""

from __future__ import annotations

import os
import pty
import select
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BARE_APP = (
    "from textual.app import App\n"
    "from textual.widgets import Label\n"
    "class Bare(App):\n"
    "    def compose(self):\n"
    "        yield Label('READY-MARK')\n"
    "Bare().run()\n"
)
APP = "import sys\nfrom atlantis_tui.cli import main\nsys.exit(main(['--save-dir', sys.argv[1]]))\n"


def spawn(code: str, args: list[str]) -> tuple[subprocess.Popen[bytes], int]:
    """Start ``python -c code args`` on a new 120×40 pseudo-terminal; returns its controller."""
    controller, terminal = pty.openpty()
    os.set_blocking(controller, False)
    environment = dict(os.environ, TERM="xterm-256color", COLUMNS="120", LINES="40")
    process = subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
        env=environment,
        close_fds=True,
    )
    os.close(terminal)
    return process, controller


def time_to_text(code: str, marker: bytes, args: list[str], timeout: float = 30.0) -> float:
    """Seconds from starting ``python -c code`` in a pty to ``marker`` on its screen."""
    start = time.perf_counter()
    process, controller = spawn(code, args)
    seen = b""
    try:
        while time.perf_counter() - start < timeout:
            ready, _, _ = select.select([controller], [], [], 0.05)
            if ready:
                try:
                    seen += os.read(controller, 65536)
                except OSError:
                    break
                if marker in seen:
                    return time.perf_counter() - start
        raise RuntimeError(f"{marker!r} did not appear within {timeout} s")
    finally:
        process.kill()
        process.wait()
        os.close(controller)


def mid_game_save(folder: str) -> None:
    """A 4-player game in mid play with Ann (human) to move, saved in ``folder``."""
    import random
    from pathlib import Path

    from core.bots import make_bot
    from core.game import Game
    from core.savefile import SUFFIX, write_save
    from core.view import view_for

    game = Game.new(["Ann", "Bob", "Cleo", "Dan"], seed=12)
    bot = make_bot("greedy")
    rng = random.Random(1)
    while game.state.turn < 40 or game.state.current != 0:
        seat = game.state.to_act
        assert seat is not None
        game.play(bot.decide(view_for(game.state, seat), rng))
    seats = ("human", "bot:greedy", "bot:greedy", "bot:greedy")
    write_save(Path(folder) / ("mid-game" + SUFFIX), game.events, seats)


def long_record(folder: str, minimum: int = 1000) -> Path:
    """A save of at least ``minimum`` events: a 4-player greedy game in which every
    turn was undone and played again three times (the record keeps every event)."""
    import random

    from core.bots import make_bot
    from core.events import AnyEvent, TurnEnded
    from core.evolve import events_in_force
    from core.game import Game
    from core.savefile import SUFFIX, write_save
    from core.view import view_for

    game = Game.new(["Ann", "Bob", "Cleo", "Dan"], seed=77)
    bot = make_bot("greedy")
    rng = random.Random(77)
    turn: list[AnyEvent] = []
    while not game.state.is_over:
        seat = game.state.to_act
        assert seat is not None
        events = game.play(bot.decide(view_for(game.state, seat), rng))
        turn.extend(events)
        if any(isinstance(e, TurnEnded) for e in events):
            for _again in range(3):
                game.undo(len(turn))
                game.redo(turn)
            turn = []
    assert len(events_in_force(game.events)) < len(game.events)
    path = Path(folder) / ("long" + SUFFIX)
    write_save(path, game.events)
    if len(game.events) < minimum:
        raise RuntimeError(f"the record has only {len(game.events)} events")
    return path


def seek_latencies(seeks: int, timeout: float = 30.0) -> tuple[int, list[float]]:
    """Replay of a 1,000+ event record: key (End, Home, turn jumps) to repainted frame."""
    folder = tempfile.mkdtemp()
    path = long_record(folder)
    from core.savefile import read_save

    count = len(read_save(path).events)
    code = (
        "import sys\nfrom atlantis_tui.cli import main\nsys.exit(main(['replay', sys.argv[1]]))\n"
    )
    keys = [b"\x1b[F", b"\x1b[H", b"]", b"]", b"\x1b[F", b"[", b"\x1b[H", b"]"]
    return count, _pty_latencies(code, [str(path)], b"Event 0", None, keys, seeks, timeout)


def _pty_latencies(
    code: str,
    args: list[str],
    ready: bytes,
    prelude: tuple[bytes, bytes] | None,
    keys: list[bytes],
    presses: int,
    timeout: float,
) -> list[float]:
    """Run ``code`` in a pty, wait for ``ready`` (then send ``prelude`` keys and wait
    for its marker), and time each key until its frame is written."""
    process, controller = spawn(code, args)

    def drain(quiet: float) -> tuple[bytes, float]:
        data, last = b"", time.perf_counter()
        while True:
            readable, _, _ = select.select([controller], [], [], quiet)
            if not readable:
                return data, last
            try:
                chunk = os.read(controller, 65536)
            except OSError:
                return data, last
            data += chunk
            last = time.perf_counter()

    def wait_for(marker: bytes) -> None:
        seen, start = b"", time.perf_counter()
        while marker not in seen:
            if time.perf_counter() - start > timeout:
                raise RuntimeError(f"{marker!r} did not appear")
            seen += drain(0.05)[0]

    latencies: list[float] = []
    try:
        wait_for(ready)
        if prelude is not None:
            os.write(controller, prelude[0])
            wait_for(prelude[1])
        drain(0.3)
        for index in range(presses):
            sent = time.perf_counter()
            os.write(controller, keys[index % len(keys)])
            data, last = drain(0.025)
            if data:
                latencies.append(last - sent)
    finally:
        process.kill()
        process.wait()
        os.close(controller)
    return latencies


def key_latencies(presses: int, timeout: float = 30.0) -> list[float]:
    """Seconds from writing a key to the pty until the app has written its new frame.

    The app continues a saved 4-player mid-game; each key (choose a pawn, next
    destination, …) changes the screen. The frame is taken as complete when the
    terminal has been quiet for 25 ms; that quiet time is not counted.
    """
    folder = tempfile.mkdtemp()
    mid_game_save(folder)
    keys = [b"a", b"\x1b[C", b"\x1b[C", b"b", b"\x1b[D", b"c", b"\x1b"]
    prelude = (b"\x1b[B\r", b"Pawn A")  # down, enter: Continue
    return _pty_latencies(APP, [folder], b"New game", prelude, keys, presses, timeout)


def measure(runs: int, presses: int) -> dict[str, float]:
    """Medians of ``runs`` start-ups of each app, and of ``presses`` keys and seeks."""
    save_dir = tempfile.mkdtemp()
    bare = [time_to_text(BARE_APP, b"READY-MARK", []) for _ in range(runs)]
    ours = [time_to_text(APP, b"New game", [save_dir]) for _ in range(runs)]
    keys = key_latencies(presses)
    record_events, seeks = seek_latencies(presses)
    return {
        "bare_textual_first_frame_ms": round(statistics.median(bare) * 1000, 1),
        "atlantis_first_frame_ms": round(statistics.median(ours) * 1000, 1),
        "first_frame_ratio": round(statistics.median(ours) / statistics.median(bare), 2),
        "key_to_repaint_ms_median": round(statistics.median(keys) * 1000, 2),
        "key_to_repaint_ms_p90": round(sorted(keys)[int(len(keys) * 0.9)] * 1000, 2),
        "replay_events": record_events,
        "replay_seek_ms_median": round(statistics.median(seeks) * 1000, 2),
    }
