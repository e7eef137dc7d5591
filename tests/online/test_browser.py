"""``atlantis serve`` in a real headless Chromium: start a game against a bot by keys,
play a move, and find it in the save on the server's side.

Skipped, saying why, when Chromium or playwright's Python package is missing
(``.ci/browser-deps`` installs both). The browser may talk to 127.0.0.1 only:
every other request (the page asks for a web font) is refused.
"""

from __future__ import annotations

import os
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

from tests.online.conftest import start_cli

CHROMIUM = Path(os.environ.get("ATLANTIS_CHROMIUM", "/usr/bin/chromium"))
"""Debian's Chromium; ``ATLANTIS_CHROMIUM`` names another executable."""
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _wait_for(condition: object, timeout: float, what: str) -> None:
    assert callable(condition)
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1) as response:
            return bool(response.status == 200)
    except OSError:
        return False


REQUIRED = os.environ.get("ATLANTIS_BROWSER_TEST") == "required"
"""Set by ``.ci/run``: there a missing browser fails the test instead of skipping it."""


def _missing(reason: str) -> None:
    if REQUIRED:
        pytest.fail(reason)
    pytest.skip(reason)


@pytest.fixture
def sync_api() -> Any:
    """playwright's sync API, when it and Chromium are installed; else the test is skipped."""
    if not CHROMIUM.exists():
        _missing(f"Chromium is not installed ({CHROMIUM}); .ci/browser-deps installs it")
    try:
        import playwright.sync_api
    except ImportError:
        _missing("playwright is not installed; .ci/browser-deps installs it")
    return playwright.sync_api


@pytest.fixture
def served(sync_api: Any, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """``atlantis serve`` on a free loopback port; yields its address and save folder."""
    saves = tmp_path / "saves"
    port = _free_port()
    server = start_cli("serve", "--port", str(port), "--save-dir", str(saves), "--bot-delay", "0")
    url = f"http://127.0.0.1:{port}/"
    try:
        _wait_for(lambda: _answers(url) or server.poll() is not None, 20, "the server")
        assert server.poll() is None, server.communicate()[1]
        yield url, saves
    finally:
        server.terminate()
        try:
            output, errors = server.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            output, errors = server.communicate()
        # Shown by pytest when the test fails: the server's log, with any app's traceback.
        print(output, errors, sep="\n")


def _moves_by_first_player(saves: Path) -> int:
    return sum(
        path.read_text().count('"type":"pawn-moved","player":0')
        for path in saves.glob("*.atlantis.jsonl")
    )


def test_a_game_against_a_bot_played_in_a_browser_is_saved_on_the_server(
    sync_api: Any, served: tuple[str, Path], tmp_path: Path
) -> None:
    url, saves = served
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch_persistent_context(
            str(tmp_path / "profile"),
            executable_path=str(CHROMIUM),
            args=CHROMIUM_ARGS,
            headless=True,
            viewport={"width": 1280, "height": 800},
        )
        try:
            page = browser.new_page()
            page.route(
                "**/*",
                lambda route: (
                    route.continue_()
                    if urlparse(route.request.url).hostname == "127.0.0.1"
                    else route.abort()
                ),
            )
            page.goto(url)
            page.wait_for_selector(".textual-terminal.-connected", timeout=20_000)
            page.focus(".xterm-helper-textarea")
            # The start menu opens on "New game"; Ctrl+S starts it with the default
            # seats: you against the greedy bot.
            try:
                _wait_for(lambda: _started(page, saves), 30, "a new game to be saved")
                page.keyboard.press("a")
                page.keyboard.press("Enter")
                _wait_for(lambda: _moved(page, saves), 30, "the move in the save")
            except AssertionError:
                picture = tmp_path / "page.png"
                page.screenshot(path=str(picture))
                print(f"the page when the test failed: {picture}")
                raise
        finally:
            browser.close()


def _started(page: Any, saves: Path) -> bool:
    """Press Enter then Ctrl+S until the game's save appears (the app may still be starting)."""
    if list(saves.glob("*.atlantis.jsonl")):
        return True
    page.keyboard.press("Enter")
    time.sleep(0.5)
    page.keyboard.press("Control+s")
    time.sleep(0.5)
    return bool(list(saves.glob("*.atlantis.jsonl")))


def _moved(page: Any, saves: Path) -> bool:
    """The move is in the save; a water crossing first asks how to pay (Enter: suggested)."""
    if _moves_by_first_player(saves):
        return True
    time.sleep(0.5)
    if not _moves_by_first_player(saves):
        page.keyboard.press("Enter")
    return bool(_moves_by_first_player(saves))
