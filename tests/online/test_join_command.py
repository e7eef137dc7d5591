"""``atlantis join`` on the command line, against a real host on loopback.

A wrong code (or a host that cannot be reached) is one line on standard error and
a non-zero exit, with nothing drawn: no start menu, no escape sequence. The code
may also be given as ``--code CODE`` (``--code=CODE`` takes one that begins with
``-``, as older hosts could print), on the command line and in the start menu's
Join dialog.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from atlantis_tui.online.menu import parse_join
from atlantis_tui.subcommands.join import seat_code
from tests.cli.helpers import fails
from tests.online.conftest import atlantis, hosting

JOIN_SECONDS = 60.0
"""How long one ``atlantis join`` may take here (a whole game, for a bot)."""


async def run_join(*words: str) -> tuple[int, str, str]:
    """``atlantis join WORDS`` in a subprocess, while this loop goes on hosting."""
    process = await asyncio.create_subprocess_exec(
        *atlantis("join", *words),
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        out, err = await asyncio.wait_for(process.communicate(), JOIN_SECONDS)
    except TimeoutError:
        process.kill()
        out, err = await process.communicate()
    assert process.returncode is not None
    return process.returncode, out.decode(errors="replace"), err.decode(errors="replace")


async def test_a_wrong_code_is_one_line_and_nothing_is_drawn(tmp_path: Path) -> None:
    async with hosting("Ann,Bob", tmp_path) as (_table, address, _task):
        code, out, err = await run_join(address, "WrongCode1234567")
    assert code != 0
    assert out == ""
    assert "\x1b" not in err
    assert err.splitlines() == [
        "atlantis join: the host refused: no seat has this code (bad-code)"
    ], err


async def test_an_unreachable_host_is_one_line_and_nothing_is_drawn(tmp_path: Path) -> None:
    async with hosting("Ann,Bob", tmp_path) as (_table, address, task):
        pass  # the host has stopped: its port is closed
    assert task.done()
    code, out, err = await run_join(address, "AnyCode")
    assert code != 0 and out == "" and "\x1b" not in err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("atlantis join: cannot reach "), err


async def test_a_code_that_begins_with_a_dash_joins_with_the_code_option(tmp_path: Path) -> None:
    async with hosting("Ann,bot:random", tmp_path, seed=3) as (table, address, _task):
        table.codes[0] = "-" + table.codes[0][1:]  # as an older host could have drawn it
        code, out, err = await run_join(
            address, f"--code={table.codes[0]}", "--bot", "random", "--seed", "1"
        )
        assert code == 0, err
        assert "Game over" in out
        assert table.is_over


def test_the_code_is_taken_once_as_a_word_or_an_option() -> None:
    assert seat_code("Xy3", None) == "Xy3"
    assert seat_code(None, "-Xy3") == "-Xy3"
    assert seat_code(None, None) is None
    assert seat_code("Xy3", "Xy3") is None
    assert seat_code(None, "") is None


@pytest.mark.parametrize(
    "words", [[], ["--code"], ["one", "--code", "two"], ["--code", "one", "two"]]
)
def test_no_code_or_two_codes_is_one_line(
    words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert fails(["join", "127.0.0.1:8700", *words], capsys).startswith("atlantis")


def test_the_join_dialog_takes_the_code_option_too() -> None:
    for text in (
        "atlantis join 127.0.0.1:8700 --code Xy3-abc  # Ann",
        "atlantis join 127.0.0.1:8700 --code=Xy3-abc",
        "127.0.0.1:8700 --code Xy3-abc",
    ):
        request = parse_join(text)
        assert (request.address, request.code) == ("127.0.0.1:8700", "Xy3-abc"), text
    dashed = parse_join("atlantis join 127.0.0.1:8700 --code=-Xy3")
    assert dashed.code == "-Xy3"
    with pytest.raises(ValueError):
        parse_join("127.0.0.1:8700 --code=")  # an empty code would only watch
