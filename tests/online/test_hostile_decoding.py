"""Messages built to trip the decoder: JSON nested thousands deep, strings of four-byte
characters, text that is not UTF-8, a frame of 128 KiB.

Each is answered (an ``Error``, then a close before hello; an ``Error`` after it;
a 1009 close for a frame beyond the WebSocket layer's limit) and is one line in
the host's log, never a traceback, while the honest players play on.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from atlantis_tui.online.protocol import MAX_FRAME_BYTES, MAX_MESSAGE_BYTES, PROTOCOL_VERSION
from tests.online.hostile_access import (
    answer,
    closed,
    everybody_sees_a_move,
    honest_table,
    raw,
    seated,
    snapshot,
)

FACE = "😀"
"""Four bytes in UTF-8, one character."""
NESTED = "[" * 6144
"""6 KiB of brackets: under the message limit, far deeper than Python's recursion limit."""


def _hello_with(field: str) -> str:
    """A hello (a watcher's) with one more field, ``x``, holding ``field`` as JSON."""
    return f'{{"type":"hello","version":{PROTOCOL_VERSION},"x":{field}}}'


HOSTILE: list[tuple[str, str | bytes, str]] = [
    # (what it is, the message, the error it gets)
    ("brackets", NESTED, "malformed"),
    ("brackets in a field", _hello_with(NESTED[: MAX_MESSAGE_BYTES - 100]), "malformed"),
    ("objects in a field", _hello_with('{"a":' * 1500), "malformed"),
    ("a command nested deep", '{"type":"act","command":' + '{"a":' * 1500, "malformed"),
    ("32 KiB of faces", _hello_with(f'"{FACE * 8192}"'), "too-large"),
    # Fewer characters than the limit, more bytes: the limit counts bytes.
    ("8.2 KB in 2,070 characters", _hello_with(f'"{FACE * 2050}"'), "too-large"),
    ("not UTF-8", b'{"type":"hello","version":1,"code":"\xff\xfe"}', "malformed"),
    ("not an object", '"hello"', "malformed"),
    ("a wrong type", '{"type":"hello","version":"one"}', "malformed"),
]


def _no_traceback(capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture) -> str:
    """The host's standard error so far, after checking that nothing in it or in the
    log records is a traceback or an error of the WebSocket layer."""
    err = capsys.readouterr().err
    assert "Traceback" not in err, err
    failures = [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    assert not failures, [r.getMessage() for r in failures]
    return err


@pytest.mark.parametrize(("what", "message", "code"), HOSTILE, ids=[h[0] for h in HOSTILE])
async def test_a_hostile_first_message_is_answered_and_closed_without_a_traceback(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
    what: str,
    message: str | bytes,
    code: str,
) -> None:
    caplog.set_level(logging.INFO)
    async with honest_table(tmp_path) as (table, address, clients):
        await everybody_sees_a_move(table, clients)
        capsys.readouterr()
        socket = await raw(address)
        await socket.send(message)
        assert (await answer(socket)).code == code
        assert await closed(socket) == 1008
        await everybody_sees_a_move(table, clients)
        lines = _no_traceback(capsys, caplog).splitlines()
        assert len(lines) == 1, lines
        assert f"127.0.0.1: refused before hello ({code})" in lines[0]


async def test_hostile_messages_after_hello_are_answered_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    async with honest_table(tmp_path) as (table, address, clients):
        await everybody_sees_a_move(table, clients)
        before = snapshot(table)
        capsys.readouterr()
        watcher = await seated(address, "")
        for what, message, code in HOSTILE:
            await watcher.send(message)
            assert (await answer(watcher)).code == code, what
        assert snapshot(table) == before
        await everybody_sees_a_move(table, clients)
        await watcher.close()
        assert watcher.close_code == 1000  # the host answered the closing handshake
        lines = _no_traceback(capsys, caplog).splitlines()
        assert len(lines) == len(HOSTILE), lines
        assert all("127.0.0.1: unreadable message (" in line for line in lines)


async def test_a_frame_of_128_kib_of_faces_is_cut_off_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    text = FACE * (32 * 1024)
    assert len(text) < MAX_FRAME_BYTES < len(text.encode())  # characters pass, bytes do not
    async with honest_table(tmp_path) as (table, address, clients):
        await everybody_sees_a_move(table, clients)
        capsys.readouterr()
        for first in (True, False):  # before hello and after it
            socket = await (raw(address) if first else seated(address, ""))
            await socket.send(text)
            assert await closed(socket) == 1009  # "message too big"
        await everybody_sees_a_move(table, clients)
        lines = _no_traceback(capsys, caplog).splitlines()
        assert len(lines) == 2, lines
        assert all("127.0.0.1: connection closed (1009 " in line for line in lines)
