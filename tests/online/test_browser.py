"""``atlantis serve`` in a real headless Chromium: open the address it printed (its
token included), start a game against a bot by keys, play a move, and find it in
the save on the server's side; and a tab beyond ``--max-sessions`` is told the
server is full, then starts by itself once a place is free.

Skipped, saying why, when Chromium or playwright's Python package is missing
(``.ci/browser-deps`` installs both). The browser may talk to 127.0.0.1 only:
every other request (the page asks for a web font) is refused.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

from tests.online.test_serve_guard import start_serving, stop_serving

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


def _wait_for(condition: object, timeout: float, what: str) -> None:
    assert callable(condition)
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)


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
    """``atlantis serve`` on a free loopback port; yields the address it printed (with
    its token) and its save folder."""
    saves = tmp_path / "saves"
    server, url = start_serving("--save-dir", str(saves), "--bot-delay", "0")
    try:
        yield url, saves
    finally:
        # Shown by pytest when the test fails: the server's log, with any app's traceback.
        print(stop_serving(server))


CONNECTED = ".textual-terminal.-connected"
"""The page's terminal once its socket is open."""


def _loopback_only(route: Any) -> None:
    if urlparse(route.request.url).hostname == "127.0.0.1":
        route.continue_()
    else:
        route.abort()


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
            page.route("**/*", _loopback_only)
            # Without its token the address is refused; the printed one opens the app,
            # and the cookie it sets lets the page's scripts and socket through.
            refused = page.goto(url.split("?")[0])
            assert refused is not None and refused.status == 403
            page.goto(url)
            page.wait_for_selector(CONNECTED, timeout=20_000)
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


def test_a_tab_beyond_the_cap_is_told_the_server_is_full_and_starts_once_a_place_is_free(
    sync_api: Any, tmp_path: Path
) -> None:
    server, url = start_serving("--max-sessions", "1", "--save-dir", str(tmp_path / "saves"))
    try:
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
            )
            try:
                context = browser.new_context()
                context.route("**/*", _loopback_only)
                first = context.new_page()
                first.goto(url)
                first.wait_for_selector(CONNECTED, timeout=20_000)
                second = context.new_page()
                full = second.goto(url)
                assert full is not None and full.status == 503
                assert "The server is full: 1 tab is open" in second.inner_text("body")
                first.close()
                # The full page loads itself again every 5 seconds.
                second.wait_for_selector(CONNECTED, timeout=30_000)
            finally:
                browser.close()
    finally:
        print(stop_serving(server))
