"""Web pages: a browser sends an ``Origin`` header with every WebSocket handshake, our
own client sends none. ``atlantis host`` refuses a page's handshake (HTTP 403) unless
``--allow-origin`` names its origin, so that a page on some site cannot reach a host
through its visitors' browsers; players and watchers are not affected.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus
from websockets.typing import Origin

from atlantis_tui.online.client import OnlineClient
from atlantis_tui.online.protocol import PROTOCOL_VERSION, Hello, Welcome, decode_server, encode
from tests.online.conftest import HostProcess, hosting

ALLOWED = "https://games.example.org"


async def _refused(address: str, origin: str) -> int:
    """The HTTP status a handshake from a page of ``origin`` gets (101 if accepted)."""
    try:
        socket = await connect(f"ws://{address}/", origin=Origin(origin))
    except InvalidStatus as refusal:
        return refusal.response.status_code
    await socket.close()
    return 101


async def _watches(address: str, origin: str) -> bool:
    """Whether a page of ``origin`` gets in and is welcomed as a watcher."""
    async with connect(f"ws://{address}/", origin=Origin(origin)) as socket:
        await socket.send(encode(Hello(PROTOCOL_VERSION)))
        return isinstance(decode_server(await socket.recv()), Welcome)


async def test_atlantis_host_refuses_web_pages_except_the_origins_it_is_told(
    tmp_path: Path,
) -> None:
    host = HostProcess(
        "--players", "Ann,bot:random", "--save-dir", str(tmp_path), "--allow-origin", ALLOWED
    )
    try:
        for foreign in ("https://evil.example", f"http://{host.address}", "null"):
            assert await _refused(host.address, foreign) == 403, foreign
        assert await _watches(host.address, ALLOWED)
        # Our own client, which sends no Origin, is seated as always.
        ann = OnlineClient(host.address, host.code("Ann"))
        assert (await ann.connect()).seat == 0
        await ann.close()
    finally:
        host.process.kill()
        _out, err = host.process.communicate()
    assert "Traceback" not in err
    refusals = [line for line in err.splitlines() if "was refused (see --allow-origin)" in line]
    assert len(refusals) == 3
    assert "atlantis host: 127.0.0.1: a web page from https://evil.example" in refusals[0]


async def test_a_host_refuses_every_web_page_by_default(tmp_path: Path) -> None:
    async with hosting("Ann,Bob", tmp_path) as (_table, address, _task):
        for origin in (ALLOWED, f"http://{address}", "http://localhost"):
            assert await _refused(address, origin) == 403, origin


@pytest.mark.parametrize("origins", [[], ["https://a.example", "https://b.example"]])
def test_allow_origin_is_repeatable(origins: list[str]) -> None:
    from atlantis_tui.cli import build_parser

    words = [word for origin in origins for word in ("--allow-origin", origin)]
    args = build_parser().parse_args(["host", *words])
    assert args.allow_origin == origins
