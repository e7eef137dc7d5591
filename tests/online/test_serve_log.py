"""``atlantis serve`` never writes a token into its log: the real server on loopback,
asked with the real token, with guesses and with a ``Referer`` that holds an address,
then stopped, and everything it wrote read back.

The address printed once at start-up, token included, is the only line that holds it;
every request is still logged, by its path.
"""

from __future__ import annotations

import re

import aiohttp

from tests.online.test_serve_guard import parts, start_serving, stop_serving

ANNOUNCED = "Atlantis is served at "
"""How the line with the address to open begins."""


async def test_the_log_holds_no_query_string_and_no_header() -> None:
    server, printed = start_serving("--max-sessions", "1")
    try:
        origin, token = parts(printed)
        guess = "GuessedToken" + "x" * 31
        async with aiohttp.ClientSession() as client:
            async with client.get(printed) as response:
                assert response.status == 200
            async with client.get(f"{origin}/?token={guess}&also=Visible1") as response:
                assert response.status == 403
            leak = f"{origin}/?token=RefererToken"
            async with client.get(
                f"{origin}/static/js/textual.js?v=Visible2", headers={"Referer": leak}
            ) as response:
                assert response.status == 403
    finally:
        output = stop_serving(server)
    # ``start_serving`` read up to the announced address, the one line with the token;
    # the log may wrap a long line, so the rest is searched with its spaces taken out.
    assert ANNOUNCED + printed not in output
    rest = re.sub(r"\s", "", output)
    for secret in (token, guess, "RefererToken", "token=", "Visible1", "Visible2"):
        assert secret not in rest, secret
    # Every request is still there, by its path and status.
    assert re.search(r'"GET /" 200', output), output
    assert re.search(r'"GET /" 403', output), output
    assert re.search(r'"GET /static/js/textual\.js" 403', output), output
