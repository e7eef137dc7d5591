"""The host's console says who comes and goes, never a code: a real host on loopback,
players and a watcher joining, coming back and leaving, and what the host printed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from atlantis_tui.online.client import JoinError, OnlineClient
from tests.online.conftest import hosting, until


class Console:
    """What the host printed so far (``capsys`` hands each line out once)."""

    def __init__(self, capsys: pytest.CaptureFixture[str]) -> None:
        self.capsys = capsys
        self.out: list[str] = []
        self.err: list[str] = []

    def says(self, line: str) -> bool:
        captured = self.capsys.readouterr()
        self.out += captured.out.splitlines()
        self.err += captured.err.splitlines()
        return line in self.out


async def test_the_host_says_who_joins_and_leaves_and_never_a_code(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    console = Console(capsys)
    async with hosting("Ann,Bob,bot:random", tmp_path) as (table, address, _task):
        ann = OnlineClient(address, table.codes[0], rejoin=False)
        await ann.join()
        await until(lambda: console.says("Ann joined from 127.0.0.1"))
        watcher = OnlineClient(address, rejoin=False)
        await watcher.join()
        await until(lambda: console.says("A watcher joined from 127.0.0.1: 1 watching"))
        with pytest.raises(JoinError):
            await OnlineClient(address, "WrongCode-123456", rejoin=False).join()
        again = OnlineClient(address, table.codes[0], rejoin=False)
        await again.join()
        rejoined = "Ann joined again from 127.0.0.1; the earlier connection is closed"
        await until(lambda: console.says(rejoined))
        await watcher.close()
        await until(lambda: console.says("A watcher left (127.0.0.1): 0 watching"))
        await again.close()
        await until(lambda: console.says("Ann left (127.0.0.1)"))
        await ann.close()
        codes = list(table.codes.values())
    printed = "\n".join(console.out + console.err)
    for code in [*codes, "WrongCode-123456"]:
        assert code not in printed
    # Bob never came, and the replaced connection's end is no news.
    assert not any("Bob" in line for line in console.out)
    assert sum("Ann left" in line for line in console.out) == 1
