"""Every test starts in English, whatever the machine's locale, and leaves English behind."""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Iterator

import pytest

# Where PYTHONDONTWRITEBYTECODE is set, every xdist worker compiles the project and
# rewrites every test module's asserts again on every run: 5 of the 8 CPU-seconds a
# worker spends collecting. The suite keeps its bytecode (in the ignored __pycache__
# folders); set before the project's first import, so that the controlling process
# compiles what the registry imports before the workers start.
sys.dont_write_bytecode = False

import core.games  # noqa: E402, F401  (the registry gives the shell's catalogue the games')
from core.kernel.i18n import ENGLISH, set_language  # noqa: E402


def pytest_configure(config: pytest.Config) -> None:
    """The youngest generation of objects is collected every 10,000 allocations instead
    of 700. A worker's heap is large (every game's tables and streams, mined puzzles,
    Textual's caches) and Textual allocates fast, so the collector ran often enough to
    take about a quarter of the UI tests' CPU time. Tests only: the app itself, with a
    small heap, gained nothing measurable (``atlantis bench-ui``)."""
    gc.set_threshold(10_000, 10, 10)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: three workers per core. A third of the suite drives the app, and
    Textual's test pilot waits for the app to go idle after every key (20 ms sleeps at
    least); while one worker sleeps, the others of its core play on, so the cores stay
    busy: on 2 cores the suite took 4 min 44 s with three a core, 5 min 12 s with two."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return 3 * (cores or 1)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests marked ``long`` first, each kind in its order: with ``-n``, a worker
    takes each of them at the start, instead of running one alone at the end while
    the other workers have finished."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("ATLANTIS_LANG", ENGLISH)
    set_language(ENGLISH)
    yield
    set_language(ENGLISH)
