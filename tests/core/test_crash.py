"""Crash safety: a game killed with SIGKILL loses nothing it had confirmed.

A child process plays a game between bots through ``core.kernel.game.Game`` with a
``SaveWriter`` listening, and prints ``CONFIRMED <n>`` once the ``n`` events of
each command are written. The test kills it at seeded random points, then
reads the save: every confirmed event is there, the events are exactly the
start of the game the child would have played, and the file passes the rules
check, its action markers included (a file cut inside a command is consistent
so far; a line cut in the middle is reported and the events before it are
kept). Resuming it drops exactly the action its last marker says was cut.
"""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from core.atlantis.check import check_events
from core.atlantis.events import AnyEvent
from core.atlantis.saves import read_save, resume_save
from core.kernel.events import cut_action

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")

ROOT = Path(__file__).resolve().parents[2]
KILLS = 8
SEED = 424242

CHILD = """
import random, sys, time
from core.atlantis.bots import make_bot
from core.atlantis.game_type import ATLANTIS
from core.atlantis.saves import header_for
from core.atlantis.setup import new_game
from core.kernel.game import Game
from core.kernel.savefile import SaveWriter
from core.atlantis.view import view_for

path, seed = sys.argv[1], int(sys.argv[2])
bots = [make_bot(name) for name in ("random", "greedy", "random", "greedy")]
game = Game(ATLANTIS, new_game([f"Bot {seat + 1}" for seat in range(len(bots))], seed))
header = header_for(game.events[0], tuple(f"bot:{bot.name}" for bot in bots))
writer = SaveWriter.create(path, header, game.events)

def listener(line):
    writer.append(line)  # an action marker, then the action's events
    time.sleep(0.0003)  # a slow disk: kills then often land inside a command

game.listener = listener
print("CONFIRMED", len(game.events), flush=True)
rngs = [random.Random(seed * 31 + seat) for seat in range(len(bots))]
while not game.state.is_over:
    seat = game.state.to_act
    game.play(bots[seat].decide(view_for(game.state, seat), rngs[seat]))
    print("CONFIRMED", len(game.events), flush=True)
"""


def start_child(path: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path), str(SEED)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
    )


def confirmed_counts(output: bytes) -> list[int]:
    """The ``n`` of every complete ``CONFIRMED n`` line."""
    return [
        int(line.split()[1]) for line in output.split(b"\n")[:-1] if line.startswith(b"CONFIRMED ")
    ]


def full_game(tmp_path: Path) -> tuple[list[AnyEvent], list[int]]:
    """The game the child plays when left alone, and the counts it confirms."""
    path = tmp_path / "whole.atlantis.jsonl"
    child = start_child(path)
    output, _ = child.communicate(timeout=60)
    assert child.returncode == 0
    saved = read_save(path)
    assert saved.error is None
    assert check_events(saved.events, saved.lines, saved.header, saved.actions).ok
    counts = confirmed_counts(output)
    assert counts[-1] == len(saved.events)
    return list(saved.events), counts


def kill_after(path: Path, threshold: int, delay: float) -> tuple[int, int | None]:
    """Run the child, SIGKILL it once it confirmed ``threshold`` events (plus ``delay``
    seconds); return the last count it confirmed and its exit status."""
    child = start_child(path)
    assert child.stdout is not None
    seen = b""
    while True:
        line = child.stdout.readline()
        seen += line
        counts = confirmed_counts(line)
        if not line or (counts and counts[-1] >= threshold):
            break
    if delay:
        time.sleep(delay)
    child.send_signal(signal.SIGKILL)
    rest, _ = child.communicate(timeout=60)
    counts = confirmed_counts(seen + rest)
    return (counts[-1] if counts else 0), child.returncode


def test_sigkill_loses_no_confirmed_event(tmp_path: Path) -> None:
    reference, counts = full_game(tmp_path)
    rng = random.Random(SEED)
    killed = cuts = 0
    for trial in range(KILLS):
        path = tmp_path / f"killed-{trial}.atlantis.jsonl"
        # Stop well before the end, so that the kill lands while the game is on.
        threshold = rng.choice(counts[: len(counts) * 3 // 4])
        delay = rng.uniform(0, 0.004)
        confirmed, status = kill_after(path, threshold, delay)
        killed += status == -signal.SIGKILL
        saved = read_save(path, mode="keep_prefix")
        data = path.read_bytes()
        if saved.error is not None:
            # Only a last line cut while it was written may be unreadable.
            assert not data.endswith(b"\n") and saved.error.line == data.count(b"\n") + 1
        assert len(saved.events) >= confirmed, (trial, confirmed, len(saved.events))
        assert list(saved.events) == reference[: len(saved.events)], trial
        result = check_events(saved.events, saved.lines, saved.header, saved.actions)
        assert result.ok, (trial, result.problem)
        assert saved.actions is not None
        cut = cut_action(saved.actions, len(saved.events))
        cuts += cut is not None
        # Resuming keeps the whole actions: up to where the cut one began, if any.
        resumed = resume_save(path, repair=saved.error is not None)
        whole = cut.start if cut is not None else len(saved.events)
        assert len(resumed.events) == whole and whole in counts, trial
        assert len(resumed.events) >= confirmed
        assert resumed.repaired == (cut is not None or saved.error is not None)
        assert read_save(path).actions == resumed.actions
    assert killed >= KILLS - 2, f"only {killed} of {KILLS} children were killed mid-game"
    assert cuts, "no kill landed inside an action"
