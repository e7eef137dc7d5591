"""The host's log under attack: one line per thing gone wrong, a dozen lines a minute
from one address at most, and running out of file descriptors said once.

The bookkeeping behind the limits (``LogLimit``, ``Census``, ``address_key``)
is tested here with a fake clock; the rest over real sockets.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from atlantis_tui.online import server
from atlantis_tui.online.client import JoinError, OnlineClient
from atlantis_tui.online.limits import Census, LogLimit, address_key
from tests.online.conftest import JOIN_LINE, WATCH_LINE, atlantis, hosting
from tests.online.hostile_access import closed

FILES = 48
"""Descriptors the host may open in the test below (it starts with about 8)."""


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_log_limit_says_its_lines_then_one_notice_then_nothing_until_the_minute_is_over() -> None:
    clock = Clock()
    limit = LogLimit(lines=3, seconds=60.0, clock=clock)
    assert [limit.check("a") for _ in range(6)] == ["say"] * 3 + ["notice", "quiet", "quiet"]
    assert limit.check("b") == "say"  # each address has its own share
    clock.now = 59.0
    assert limit.check("a") == "quiet"
    clock.now = 60.0
    assert limit.check("a") == "say"  # a new minute


def test_a_log_limit_forgets_the_least_recent_addresses_beyond_its_size() -> None:
    limit = LogLimit(lines=1, keys=2, clock=Clock())
    for key in ("a", "b", "a", "c"):  # "b" is the least recent when "c" comes
        limit.check(key)
    assert limit.check("a") == "quiet"
    assert limit.check("b") == "say"  # forgotten, so counted afresh


def test_a_census_makes_room_from_the_address_at_its_limit_or_the_biggest_crowd() -> None:
    census: Census[str] = Census(per_address=2, total=4)
    census.add("a", "a1")
    census.add("a", "a2")
    assert census.full("a") and census.to_make_room("a") == ("a", "a1")
    assert not census.full("b") and census.to_make_room("b") is None
    census.add("b", "b1")
    census.add("c", "c1")
    assert len(census) == 4 and census.full("d")
    assert census.to_make_room("d") == ("a", "a1")  # "a" holds the most
    assert census.discard("a", "a1") and not census.discard("a", "a1")
    census.add("d", "d1")
    assert census.to_make_room("e") == ("a", "a2")  # all hold one: the oldest goes
    assert census.holds("d", "d1") and not census.holds("d", "a2")


def test_addresses_are_counted_by_machine() -> None:
    assert address_key("203.0.113.9") == "203.0.113.9"
    assert address_key("::ffff:203.0.113.9") == "203.0.113.9"
    assert address_key("2001:db8:1:2:3:4:5:6") == address_key("2001:db8:1:2:ffff::1")
    assert address_key("2001:db8:1:2:3:4:5:6") == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    assert address_key("fe80::1%eth0") == "fe80::/64"
    assert address_key("?") == "?"


async def test_repeated_errors_from_one_address_are_a_few_lines_a_minute(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    async with hosting("Ann,Bob", tmp_path) as (_table, address, _task):
        capsys.readouterr()
        for _ in range(3 * server.LOG_LINES_PER_MINUTE):
            garbage = await connect(f"ws://{address}/")
            await garbage.send("not json")
            assert await closed(garbage) == 1008
        # Another address still has its own share.
        other = await connect(f"ws://{address}/", local_addr=("127.0.0.2", 0))
        await other.send("not json")
        assert await closed(other) == 1008
        err = capsys.readouterr().err
    lines = err.splitlines()
    ours = [line for line in lines if line.startswith("atlantis host: 127.0.0.1: ")]
    assert len(ours) == server.LOG_LINES_PER_MINUTE + 1, lines
    assert all("refused before hello (malformed)" in line for line in ours[:-1])
    assert ours[-1].endswith("more lines like these are suppressed for a minute")
    others = [line for line in lines if "127.0.0.2" in line]
    assert len(others) == 1
    assert others[0].startswith("atlantis host: 127.0.0.2: refused before hello (malformed): ")
    assert "Traceback" not in err


def _with_few_files(command: list[str]) -> list[str]:
    """``command`` (``python -m atlantis_tui.cli …``) with at most ``FILES`` descriptors.

    The limit is set by the child itself rather than in ``preexec_fn``, which is
    unsafe while the test process has threads (bots think in threads).
    """
    python, _m, module, *args = command
    lowered = (
        "import resource, runpy, sys; "
        f"resource.setrlimit(resource.RLIMIT_NOFILE, ({FILES}, {FILES})); "
        f"sys.argv = [{module!r}, *sys.argv[1:]]; "
        f"runpy.run_module({module!r}, run_name='__main__', alter_sys=True)"
    )
    return [python, "-c", lowered, *args]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX descriptor limits")
async def test_running_out_of_file_descriptors_is_said_once_and_the_host_recovers(
    tmp_path: Path,
) -> None:
    process = subprocess.Popen(
        _with_few_files(
            atlantis("host", "--port", "0", "--players", "Ann,Bob", "--save-dir", str(tmp_path))
        ),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        lines = _join_lines(process)
        watch = WATCH_LINE.match(lines[-1])
        join = JOIN_LINE.match(lines[1])
        assert watch is not None and join is not None
        address, code = watch["address"], join["code"]
        host, port = address.rsplit(":", 1)
        # More connections than the host has descriptors; none of them says anything.
        # asyncio retries accept() every second: three seconds are three failures.
        crowd = [socket.create_connection((host, int(port))) for _ in range(FILES + 10)]
        await asyncio.sleep(3)
        for connection in crowd:
            connection.close()
        ann = await _join_soon(address, code)
        assert ann.seat == 0
        await ann.close()
    finally:
        process.kill()
        _out, err = process.communicate()
    assert "Traceback" not in err
    shortage = [line for line in err.splitlines() if "cannot accept connections" in line]
    assert shortage == [
        "atlantis host: cannot accept connections (Too many open files); they wait until some close"
    ]


def _join_lines(process: subprocess.Popen[str]) -> list[str]:
    """What ``atlantis host`` printed up to its ``atlantis watch`` line."""
    assert process.stdout is not None
    lines: list[str] = []
    while not lines or WATCH_LINE.match(lines[-1]) is None:
        line = process.stdout.readline()
        if not line:
            raise AssertionError(f"host ended early: {process.communicate()[1]}")
        lines.append(line.strip())
    return lines


async def _join_soon(address: str, code: str) -> OnlineClient:
    """Ann, seated once the host accepts connections again (within ten seconds)."""
    deadline = time.monotonic() + 10
    while True:
        ann = OnlineClient(address, code)
        try:
            await ann.connect()
            return ann
        except JoinError:
            if time.monotonic() > deadline:
                raise
            with contextlib.suppress(Exception):
                await ann.close()
            await asyncio.sleep(0.2)
