"""Helpers for the online tests: a host on a free loopback port, clients, the CLI.

Everything runs over real sockets on 127.0.0.1; nothing of the network is mocked.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from atlantis_tui.online.hosting import new_table, run_host
from atlantis_tui.online.table import Table
from atlantis_tui.session import parse_players
from core.kernel.bot_settings import BotSettings
from core.kernel.registry import AnyGameType

JOIN_LINE = re.compile(r"(?P<program>.+) join (?P<address>\S+) (?P<code>\S+)  # (?P<name>.+)")
"""A join line ``atlantis host`` prints; ``program`` is how it was run (``atlantis``, …)."""
WATCH_LINE = re.compile(r"(?P<program>.+) watch (?P<address>\S+)  # .+")

TINY = BotSettings(time_budget=0.01, iterations=20)
"""Bot budgets that keep the tests fast."""


@contextlib.asynccontextmanager
async def hosting(
    players: str,
    save_dir: Path,
    seed: int | None = 1,
    bot_delay: float = 0.0,
    game: AnyGameType | None = None,
    options: Any = None,
) -> AsyncIterator[tuple[Table, str, asyncio.Task[None]]]:
    """A table of ``game`` (by default the default game) with rule ``options`` (by
    default its own) served in this event loop; yields it, its address and the
    host's task."""
    seats = parse_players(players, game)
    table = new_table(seats, save_dir, seed, TINY, options, game=game)
    ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(run_host(table, bot_delay=bot_delay, on_ready=ready.set_result))
    port = await asyncio.wait_for(ready, 10)
    try:
        yield table, f"127.0.0.1:{port}", task
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        table.session.close()


async def until(condition: object, timeout: float = 10.0) -> None:
    """Wait until ``condition()`` holds (polling), or fail after ``timeout`` seconds."""
    assert callable(condition)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError("timed out waiting")
        await asyncio.sleep(0.01)


def atlantis(*args: str) -> list[str]:
    """The command line for ``atlantis ARGS`` with this interpreter."""
    return [sys.executable, "-m", "atlantis_tui.cli", *args]


def run_cli(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        atlantis(*args), capture_output=True, text=True, timeout=timeout, env=_env()
    )


def start_cli(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        atlantis(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env()
    )


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONUNBUFFERED": "1"}


class HostProcess:
    """``atlantis host`` in a subprocess, with the join lines it printed."""

    def __init__(self, *args: str) -> None:
        self.process = start_cli("host", "--port", "0", *args)
        assert self.process.stdout is not None and self.process.stderr is not None
        self.lines: list[str] = []
        while not self.lines or WATCH_LINE.match(self.lines[-1]) is None:
            line = self.process.stdout.readline()
            if not line:
                raise AssertionError(f"host ended early: {self.process.stderr.read()}")
            self.lines.append(line.strip())
        self.save = Path(self.lines[0].rsplit("saving to ", 1)[1])
        watch = WATCH_LINE.match(self.lines[-1])
        assert watch is not None
        self.address = watch["address"]

    @property
    def join_lines(self) -> list[re.Match[str]]:
        """The join lines printed, one per human seat (``PROGRAM join ADDRESS CODE  # Name``)."""
        return [match for line in self.lines if (match := JOIN_LINE.match(line)) is not None]

    def code(self, name: str) -> str:
        for match in self.join_lines:
            if match["name"] == name:
                return match["code"]
        raise KeyError(name)

    def finish(self, timeout: float = 60) -> str:
        out, err = self.process.communicate(timeout=timeout)
        assert self.process.returncode == 0, err
        return out

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate()
