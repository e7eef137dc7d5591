"""The online load benchmark behind ``atlantis bench-online``.

It hosts ``games`` games at once on this machine and has each played to its
end by bot clients over real WebSockets on loopback, ``rounds`` times over
(a 2-player game with random bots is some 40 commands, over in a fraction
of a second: one round is too short to time steadily). It reports what the
owner of a host would compare between versions: games finished, events per
second (all games together, over the time spent playing), the latency a
player perceives from sending an ``act`` to receiving the ``update`` that
carries its events (median and p95, nearest rank), answers ``refused`` or
``error`` (0 when all is well), and the CPU time the hosts spent.

Design
------
Each game is its own ``atlantis host`` process, started as a user starts
one, run by this interpreter with this same code, with a fixed seed (game
``k`` of the run, from 0, gets ``seed + k``) so that runs deal the same
games. All of a round's hosts are started, and listening, before its clock
starts. All the clients (``players`` per game, each an ``OnlineClient`` with
its seat's code, choosing with the ``random`` bot) share one event loop in
this process; no seat is played by a bot on a host.

Why processes rather than every host in this process's event loop: on a
machine with two cores, hosts in one Python process would share one core
(the GIL) with each other and with every client, so the latency would
mostly be the queue of that one loop, and nothing could tell the hosts' work
from the clients'. Separate processes are what runs in real use, let the
operating system spread the work over the cores, and let the hosts' CPU time
be read on its own (``host_cpu_seconds``, Linux only, from ``/proc``: from
the moment a host prints its join lines to the moment all its players have
the final update, so neither its start-up nor its exit is counted). The
clients still share the machine with the hosts; their CPU time is reported
too (``client_cpu_seconds``) so that a saturated machine shows.

The clients play as fast as a host lets one connection send: a host refuses
more than ``rate`` messages a second after a ``burst`` (``server.Host``'s
defaults), so each client keeps its own token bucket at that rate, with
``PACE_MARGIN`` messages fewer in its burst for the delays of the wire, and
has no message refused for rate. Few seats of a 2-player game send more
than that burst, so the pace seldom waits; where it does, the wait counts in
the time spent playing but not in the latency. The latency is timed in the
client: from just before the ``act`` is written to the socket until the
update that carries its events has been read and decoded, in an event loop
shared with the other clients, as a busy machine would have it.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import math
import os
import random
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

import atlantis_tui
from atlantis_tui.online.client import OnlineClient
from atlantis_tui.online.protocol import Error, Refused, Update, Welcome
from atlantis_tui.online.server import Host
from core.kernel.bots import make_bot_from
from core.kernel.errors import GameError
from core.kernel.i18n import _

JOIN_LINE = re.compile(r" join (?P<address>\S+) (?P<code>\S+)  # ")
"""The part of a join line that names the host's address and a seat's code."""

NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve")
"""The players' names, seat by seat (a seat past these is named by its number)."""
BOT = "random"
"""The clients' bot: the fastest, since the point is the host and the wire."""
PACE_MARGIN = 5
"""Messages a client keeps in hand below the host's burst, for the jitter of the wire."""
START_SECONDS = 60.0
"""How long a host may take to print its join lines."""
EXIT_SECONDS = 10.0
"""How long a host may take to exit after its game is over."""


class LoadError(GameError):
    """A host that could not be started, or a player that lost its connection."""


class LoadResult(msgspec.Struct, frozen=True):
    """The figures of one run; ``figures()`` gives them as ``--json`` prints them."""

    games_at_once: int
    players: int
    rounds: int
    games_played: int
    games_finished: int
    events: int
    acts: int
    wall_seconds: float
    """Time spent playing: each round's, from the first connection to the last game's end."""
    events_per_second: float
    act_to_update_ms_median: float
    act_to_update_ms_p95: float
    errors: int
    """Answers ``refused`` or ``error``, and games that failed."""
    host_cpu_seconds: float | None
    """All the hosts' CPU time while their games were played; ``None`` without ``/proc``."""
    host_cpu_ms_per_event: float | None
    client_cpu_seconds: float
    problems: tuple[str, ...] = ()
    """What went wrong, one sentence each (not among the figures)."""

    def figures(self) -> dict[str, int | float | None]:
        """The figures, rounded, with stable keys (``--json`` prints them)."""
        figures = msgspec.structs.asdict(self)
        del figures["problems"]
        return {k: round(v, 3) if isinstance(v, float) else v for k, v in figures.items()}


@dataclass
class _Tally:
    """What the clients saw, all games together."""

    latencies: list[float] = field(default_factory=list)
    acts: int = 0
    errors: int = 0
    events: int = 0
    finished: int = 0
    wall: float = 0.0
    client_cpu: float = 0.0
    host_cpu: float | None = 0.0
    problems: list[str] = field(default_factory=list)


@dataclass
class _HostProcess:
    process: asyncio.subprocess.Process
    address: str
    codes: list[str]
    cpu_at_ready: float | None


class _Pace:
    """A token bucket that keeps a client within the host's rate limit."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self._tokens = burst
        self._last = time.monotonic()

    def _refill(self) -> None:
        now = time.monotonic()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now

    def empty(self) -> None:
        self._refill()
        self._tokens = 0.0

    async def wait(self) -> None:
        self._refill()
        if self._tokens < 1:
            await asyncio.sleep((1 - self._tokens) / self.rate)
            self._refill()
        self._tokens -= 1


def host_pace() -> tuple[float, float]:
    """The host's per-connection message rate and the burst a client may use of it."""
    parameters = inspect.signature(Host).parameters
    rate = float(parameters["rate"].default)
    burst = float(parameters["burst"].default)
    return rate, max(1.0, burst - PACE_MARGIN)


def run(
    games: int = 8,
    players: int = 2,
    rounds: int = 5,
    seed: int = 1,
    timeout: float = 300.0,
    game: str | None = None,
) -> LoadResult:
    """Host ``games`` games of ``game`` (an id; default: the default game) at once,
    ``rounds`` times over, each played to its end by ``players`` bot clients; game
    ``k`` (from 0) is dealt from seed ``seed + k``."""
    tally = _Tally()
    words = ["--game", game] if game is not None else []
    asyncio.run(_run(games, players, rounds, seed, timeout, tally, words))
    latencies = sorted(tally.latencies)
    host_cpu = tally.host_cpu
    return LoadResult(
        games_at_once=games,
        players=players,
        rounds=rounds,
        games_played=games * rounds,
        games_finished=tally.finished,
        events=tally.events,
        acts=tally.acts,
        wall_seconds=tally.wall,
        events_per_second=tally.events / tally.wall if tally.wall > 0 else 0.0,
        act_to_update_ms_median=statistics.median(latencies) * 1000 if latencies else 0.0,
        act_to_update_ms_p95=_nearest_rank(latencies, 0.95) * 1000,
        errors=tally.errors + len(tally.problems),
        host_cpu_seconds=host_cpu,
        host_cpu_ms_per_event=host_cpu * 1000 / tally.events
        if host_cpu is not None and tally.events
        else None,
        client_cpu_seconds=tally.client_cpu,
        problems=tuple(tally.problems),
    )


async def _run(
    games: int,
    players: int,
    rounds: int,
    seed: int,
    timeout: float,
    tally: _Tally,
    words: list[str],
) -> None:
    with tempfile.TemporaryDirectory(prefix="atlantis-bench-online-") as folder:
        for round_ in range(rounds):
            numbers = range(round_ * games, (round_ + 1) * games)
            await _round(Path(folder), numbers, players, seed, timeout, tally, words)


async def _round(
    folder: Path,
    numbers: range,
    players: int,
    seed: int,
    timeout: float,
    tally: _Tally,
    words: list[str],
) -> None:
    """Start a host for each game numbered (``words``: the game chosen on its command line),
    wait until all listen, then play them at once."""
    starting = [
        asyncio.create_task(_start_host(folder / f"game-{k + 1}", players, seed + k, words))
        for k in numbers
    ]
    try:
        hosts = list(await asyncio.gather(*starting))
        await _play_round(hosts, numbers, seed, timeout, tally)
    finally:
        # Only after a failure is any host left running: it would wait for its players.
        for task in starting:
            task.cancel()
        for task in starting:
            with contextlib.suppress(BaseException):
                await _kill((await task).process)


async def _play_round(
    hosts: list[_HostProcess], numbers: range, seed: int, timeout: float, tally: _Tally
) -> None:
    rate, burst = host_pace()
    ends: list[float] = []
    host_cpu: list[float | None] = []

    async def one_game(host: _HostProcess, number: int) -> int:
        clients = [OnlineClient(host.address, code, rejoin=False) for code in host.codes]
        try:
            await asyncio.gather(
                *(
                    _play_seat(
                        client, random.Random((seed + number) * 4 + i), _Pace(rate, burst), tally
                    )
                    for i, client in enumerate(clients)
                )
            )
        finally:
            for client in clients:
                await client.close()
        ends.append(time.perf_counter())
        # The game is over and every player has its last update: the host's work is done.
        cpu = _process_cpu(host.process.pid)
        ready = host.cpu_at_ready
        host_cpu.append(None if cpu is None or ready is None else cpu - ready)
        return len(clients[0].events)

    cpu_start = time.process_time()
    start = time.perf_counter()
    tasks = [asyncio.create_task(one_game(h, k)) for h, k in zip(hosts, numbers, strict=True)]
    await asyncio.wait(tasks, timeout=timeout)
    for number, task in zip(numbers, tasks, strict=True):
        if not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            text = _("game {number} did not finish within {seconds} seconds")
            tally.problems.append(text.format(number=number + 1, seconds=round(timeout)))
        elif (error := task.exception()) is not None:
            tally.problems.append(str(error) or type(error).__name__)
        else:
            tally.finished += 1
            tally.events += task.result()
    tally.wall += (max(ends) if ends else time.perf_counter()) - start
    tally.client_cpu += time.process_time() - cpu_start
    if tally.host_cpu is not None and host_cpu and None not in host_cpu:
        tally.host_cpu += sum(cpu for cpu in host_cpu if cpu is not None)
    else:
        tally.host_cpu = None
    for host in hosts:
        await _stop(host.process)


async def _play_seat(client: OnlineClient, rng: random.Random, pace: _Pace, tally: _Tally) -> None:
    """Play the client's seat to the end of the game, timing each act to its update."""
    bot: Any = None  # the game's own, once the host has named the game
    acted_at = -1  # the event count at which we last sent a command
    sent: float | None = None  # when that command was sent, until its update came
    async for message in client.messages():
        if isinstance(message, Update):
            if sent is not None and message.start + len(message.events) > acted_at:
                tally.latencies.append(time.perf_counter() - sent)
                sent = None
        elif isinstance(message, Refused | Error):
            tally.errors += 1
            acted_at, sent = -1, None  # the update that follows, if any, says what to do
            if isinstance(message, Error) and message.code == "rate":
                pace.empty()  # the host's bucket is empty: wait for its next token
        elif isinstance(message, Welcome):
            acted_at, sent = -1, None
        if client.is_over:
            break
        if client.my_turn and acted_at != len(client.events):
            assert client.view is not None and client.game is not None
            acted_at = len(client.events)
            bot = bot or make_bot_from(client.game.play.bots, BOT)
            command = bot.decide(client.view, rng)
            await pace.wait()
            sent = time.perf_counter()
            await client.act(command)
            tally.acts += 1
    await client.close()
    if not client.is_over:
        raise LoadError(_("{address} closed the connection").format(address=client.address))


def _names(players: int) -> list[str]:
    return [NAMES[seat] if seat < len(NAMES) else f"P{seat + 1}" for seat in range(players)]


async def _start_host(folder: Path, players: int, seed: int, game: list[str]) -> _HostProcess:
    """``atlantis host`` for one game, run by this interpreter with this same code."""
    folder.mkdir()
    root = str(Path(atlantis_tui.__file__).resolve().parents[1])
    path = os.environ.get("PYTHONPATH")
    env = {**os.environ, "PYTHONPATH": root if not path else root + os.pathsep + path}
    words = ["host", "--port", "0", *game, "--players", ",".join(_names(players))]
    words += ["--seed", str(seed), "--save-dir", str(folder)]
    with open(folder / "host.err", "wb") as errors:
        process = await asyncio.create_subprocess_exec(
            *(sys.executable, "-m", "atlantis_tui.cli", *words),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=errors,
            cwd=folder,
            env=env,
        )
    try:
        address, codes = await asyncio.wait_for(_join_lines(process, players), START_SECONDS)
    except (TimeoutError, LoadError):
        await _kill(process)
        said = (folder / "host.err").read_text(errors="replace").strip().splitlines()
        reason = said[-1] if said else _("it printed no join lines")
        raise LoadError(_("a host did not start: {reason}").format(reason=reason)) from None
    except BaseException:
        await _kill(process)
        raise
    return _HostProcess(process, address, codes, _process_cpu(process.pid))


async def _join_lines(process: asyncio.subprocess.Process, players: int) -> tuple[str, list[str]]:
    """The address and the seats' codes from the join lines the host prints."""
    assert process.stdout is not None
    address, codes = "", list[str]()
    while len(codes) < players:
        line = await process.stdout.readline()
        if not line:
            raise LoadError(_("it printed no join lines"))
        # ``PROGRAM join ADDRESS CODE  # Name``: the program is written as it was run.
        found = JOIN_LINE.search(line.decode(errors="replace"))
        if found is not None:
            address = found["address"]
            codes.append(found["code"])
    return address, codes


async def _stop(process: asyncio.subprocess.Process) -> None:
    """Let the host exit after its game (killing it if it does not), reading its output."""
    try:
        await asyncio.wait_for(process.communicate(), EXIT_SECONDS)
    except TimeoutError:
        await _kill(process)


async def _kill(process: asyncio.subprocess.Process) -> None:
    if process.returncode is None:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
    await process.wait()


def _process_cpu(pid: int) -> float | None:
    """CPU seconds a running process has used so far; ``None`` without ``/proc``."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat.rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _nearest_rank(ordered: list[float], fraction: float) -> float:
    """The nearest-rank percentile of sorted values: the value at rank ⌈q·n⌉ (0 if none)."""
    if not ordered:
        return 0.0
    return ordered[max(1, math.ceil(fraction * len(ordered))) - 1]
