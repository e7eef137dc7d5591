"""``atlantis join`` and ``atlantis watch``: a bad address, or a host that cannot be
reached, is one line that starts with the command and says what is wrong, exit 2."""

from __future__ import annotations

import socket

import pytest

from atlantis_tui.cli import main
from atlantis_tui.online.app import OnlineApp

MALFORMED = {
    "ws://[::1 abc": "has no ]",
    ":::": "in brackets",
    "host:notaport": "the port 'notaport' is not a number from 1 to 65535",
    "host:70000": "the port '70000' is not a number",
    "nohost": "has no port",
    ":8700": "has no host",
    "a b:8700": "'a b' is not a host name",
    "http://host:8700": "nor a ws:// or wss:// address",
    "ws://host:port/": "the port 'port' is not a number",
}


@pytest.fixture(autouse=True)
def _no_app(monkeypatch: pytest.MonkeyPatch) -> None:
    def started(self: OnlineApp) -> None:
        raise AssertionError("the app was started")

    monkeypatch.setattr(OnlineApp, "run", started)


@pytest.mark.parametrize("command", [["join"], ["watch"], ["watch", "--text"]])
@pytest.mark.parametrize("address", list(MALFORMED))
def test_a_malformed_address_is_one_line_saying_what_is_wrong(
    capsys: pytest.CaptureFixture[str], command: list[str], address: str
) -> None:
    arguments = [command[0], address, *(["CODE"] if command[0] == "join" else []), *command[1:]]
    assert main(arguments) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.splitlines()) == 1, err
    assert err.startswith(f"atlantis {command[0]}: {address!r} is not "), err
    assert MALFORMED[address] in err, err


def test_join_with_a_bot_refuses_a_malformed_address_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["join", "host:notaport", "CODE", "--bot", "greedy"]) == 2
    assert capsys.readouterr().err == (
        "atlantis join: 'host:notaport' is not HOST:PORT: "
        "the port 'notaport' is not a number from 1 to 65535\n"
    )


@pytest.mark.parametrize("command", ["join", "watch"])
def test_a_host_that_cannot_be_joined_is_named_by_the_command(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """A real connection to a port nothing listens on: one line, in words, no errno."""
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]  # free now, and closed when the block ends
    arguments = [command, f"127.0.0.1:{port}", *(["CODE"] if command == "join" else [])]
    assert main(arguments) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"atlantis {command}: cannot reach 127.0.0.1:{port}: "
        "nothing answers there (the connection was refused)\n"
    )


@pytest.mark.parametrize(
    ("address", "uri"),
    [
        ("127.0.0.1:8700", "ws://127.0.0.1:8700/"),
        ("[::1]:8700", "ws://[::1]:8700/"),
        ("localhost:9", "ws://localhost:9/"),
        ("wss://games.example.org/atlantis", "wss://games.example.org/atlantis"),
        ("ws://[::1]:8700/", "ws://[::1]:8700/"),
        (
            "wss://player:secret@games.example.org:8443/x",
            "wss://player:secret@games.example.org:8443/x",
        ),
    ],
)
def test_well_formed_addresses_are_still_taken(address: str, uri: str) -> None:
    from atlantis_tui.online.client import websocket_uri

    assert websocket_uri(address) == uri
