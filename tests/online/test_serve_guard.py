"""``atlantis serve`` lets only its owner drive it: the real server, on loopback,
asked as an attacker would (plain HTTP and WebSockets, no browser).

Without the printed token, or with a wrong one, pages, scripts and sockets get
403; a WebSocket from another origin gets 403 even with the token; beyond
``--max-sessions`` open apps the page and the socket get 503, until one closes;
a busy port fails in one line before any address is printed.
"""

from __future__ import annotations

import asyncio
import socket
import subprocess
import threading
from collections.abc import AsyncIterator, Iterator
from urllib.parse import urlsplit

import aiohttp
import pytest

from tests.online.conftest import run_cli, start_cli

STARTUP = 30.0
"""Seconds the server may take to print its address."""


def free_port() -> int:
    with socket.create_server(("127.0.0.1", 0)) as probe:
        port: int = probe.getsockname()[1]
        return port


def start_serving(*args: str) -> tuple[subprocess.Popen[str], str]:
    """``atlantis serve ARGS`` on a free loopback port in a subprocess, and the address
    it printed (token included)."""
    server = start_cli("serve", "--port", str(free_port()), *args)
    assert server.stdout is not None
    watchdog = threading.Timer(STARTUP, server.kill)  # a silent server ends the wait
    watchdog.start()
    try:
        for line in server.stdout:
            words = [word for word in line.split() if "?token=" in word]
            if words:
                return server, words[0]
    finally:
        watchdog.cancel()
    server.kill()
    _out, errors = server.communicate()
    raise AssertionError(f"atlantis serve printed no address: {errors}")


def stop_serving(server: subprocess.Popen[str]) -> str:
    """Stop the server; its remaining output, for pytest to show when a test fails."""
    server.terminate()
    try:
        output, errors = server.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()
        output, errors = server.communicate()
    return f"{output}\n{errors}"


@pytest.fixture
def address() -> Iterator[str]:
    """The printed address of a server that runs two apps at most."""
    server, printed = start_serving("--max-sessions", "2", "--bot-delay", "0")
    try:
        yield printed
    finally:
        print(stop_serving(server))


@pytest.fixture
async def client() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


def parts(printed: str) -> tuple[str, str]:
    """The server's origin (``http://127.0.0.1:PORT``) and the token of a printed address."""
    split = urlsplit(printed)
    return f"{split.scheme}://{split.netloc}", split.query.removeprefix("token=")


async def status(client: aiohttp.ClientSession, url: str, **headers: str) -> int:
    async with client.get(url, headers=headers) as response:
        return response.status


async def test_pages_scripts_and_sockets_without_the_token_are_refused(
    address: str, client: aiohttp.ClientSession
) -> None:
    origin, _token = parts(address)
    async with client.get(f"{origin}/") as response:
        assert response.status == 403
        assert "?token=" in await response.text()
    assert await status(client, f"{origin}/static/js/textual.js") == 403
    assert await status(client, f"{origin}/download/anything") == 403
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await client.ws_connect(f"{origin}/ws", origin=origin)
    assert refused.value.status == 403


async def test_a_wrong_token_is_refused_in_the_address_and_in_the_cookie(
    address: str, client: aiohttp.ClientSession
) -> None:
    origin, token = parts(address)
    wrong = token[:-1] + ("A" if token[-1] != "A" else "B")
    for guess in (wrong, token[:10], "", "é" * 43):
        assert await status(client, f"{origin}/?token={guess}") == 403
    port = urlsplit(origin).port
    cookie = f"atlantis-serve-{port}={wrong}"
    assert await status(client, f"{origin}/static/js/textual.js", Cookie=cookie) == 403
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await client.ws_connect(f"{origin}/ws", origin=origin, headers={"Cookie": cookie})
    assert refused.value.status == 403


async def test_the_printed_address_opens_the_page_and_its_cookie_admits_its_own_requests(
    address: str, client: aiohttp.ClientSession
) -> None:
    origin, token = parts(address)
    async with client.get(address) as response:
        assert response.status == 200
        assert "textual-terminal" in await response.text()
        assert response.headers["X-Frame-Options"] == "DENY"
        set_cookie = response.headers["Set-Cookie"]
    name, value = set_cookie.split(";")[0].split("=", 1)
    assert value == token
    assert "HttpOnly" in set_cookie
    assert "samesite=strict" in set_cookie.lower()
    cookie = f"{name}={value}"
    assert await status(client, f"{origin}/static/js/textual.js", Cookie=cookie) == 200
    assert await status(client, f"{origin}/", Cookie=cookie) == 200


async def test_a_websocket_from_another_origin_is_refused_even_with_the_token(
    address: str, client: aiohttp.ClientSession
) -> None:
    origin, token = parts(address)
    port = urlsplit(origin).port
    assert port is not None
    # Another site, the same host on another port (a cookie would be sent there
    # too), and the "null" origin of sandboxed frames and local files.
    for foreign in ("http://evil.example", f"http://127.0.0.1:{port + 1}", "null"):
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect(f"{origin}/ws?token={token}", origin=foreign)
        assert refused.value.status == 403, foreign
        assert await status(client, address, Origin=foreign) == 403
    async with client.ws_connect(f"{origin}/ws?token={token}", origin=origin) as own:
        assert not own.closed


async def first_paint(websocket: aiohttp.ClientWebSocketResponse) -> None:
    """Wait until the app behind the socket sends its screen: the session runs."""
    while True:
        message = await websocket.receive(timeout=STARTUP)
        assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), message
        if message.type is aiohttp.WSMsgType.BINARY:
            return


async def admitted_again(
    client: aiohttp.ClientSession, url: str, origin: str
) -> aiohttp.ClientWebSocketResponse:
    """A socket, once a place is free: refused with 503 until then."""
    deadline = asyncio.get_running_loop().time() + STARTUP
    while True:
        try:
            return await client.ws_connect(url, origin=origin)
        except aiohttp.WSServerHandshakeError as error:
            assert error.status == 503
            assert asyncio.get_running_loop().time() < deadline, "no place was freed"
            await asyncio.sleep(0.1)


async def test_the_session_cap_refuses_the_next_socket_and_admits_again_after_one_closes(
    address: str, client: aiohttp.ClientSession
) -> None:
    origin, token = parts(address)
    socket_url = f"{origin}/ws?token={token}&width=80&height=24"
    first = await client.ws_connect(socket_url, origin=origin)
    second = await client.ws_connect(socket_url, origin=origin)
    try:
        await first_paint(first)
        await first_paint(second)
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect(socket_url, origin=origin)
        assert refused.value.status == 503
        async with client.get(address) as page:
            assert page.status == 503
            assert "2 tabs are open" in await page.text()
            assert page.headers["Refresh"] == "5"  # the page tries again by itself
        await first.close()
        third = await admitted_again(client, socket_url, origin)
        await first_paint(third)
        await third.close()
    finally:
        await first.close()
        await second.close()


def test_a_busy_port_fails_in_one_line_before_any_address_is_printed() -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = run_cli("serve", "--port", str(port), timeout=30)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"atlantis serve: cannot listen on 127.0.0.1:{port}: ")


@pytest.mark.parametrize(
    "option", [["--max-sessions", "0"], ["--public-url", "localhost:8000"], ["--port", "70000"]]
)
def test_bad_options_fail_in_one_line(option: list[str]) -> None:
    result = run_cli("serve", *option, timeout=30)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("atlantis serve: ")
