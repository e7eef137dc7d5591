"""The kernel imports neither the services nor a game; the services import no game and no UI.

``core/kernel/`` is the event-sourced kernel every game's rules need;
``core/services/`` is built on it (search, simulation, review, stats, rules
texts). The kernel must not lean on what is built on it, and a service reaches a
game only through its descriptor, never by importing it or the shell that shows
it. Deferred imports inside functions count too.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.core.test_kernel_boundary import GAME_FOLDERS, imported_modules

ROOT = Path(__file__).resolve().parents[2]
KERNEL_SOURCES = sorted((ROOT / "core" / "kernel").rglob("*.py"))
SERVICE_SOURCES = sorted((ROOT / "core" / "services").rglob("*.py"))
GAMES = (*(f"core.{game}" for game in GAME_FOLDERS), "core.games")
UI = ("atlantis_tui", "textual", "rich")


def _under(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == package or module.startswith(package + ".") for package in packages)


def test_both_packages_have_sources() -> None:
    assert ROOT / "core" / "kernel" / "game_type.py" in KERNEL_SOURCES
    assert ROOT / "core" / "services" / "search.py" in SERVICE_SOURCES


@pytest.mark.parametrize("path", KERNEL_SOURCES, ids=lambda path: path.name)
def test_the_kernel_imports_no_service_and_no_game(path: Path) -> None:
    bad = sorted(m for m in imported_modules(path) if _under(m, ("core.services", *GAMES)))
    assert not bad, f"core/kernel/{path.name} imports {bad}"


@pytest.mark.parametrize("path", SERVICE_SOURCES, ids=lambda path: path.name)
def test_a_service_imports_no_game_and_no_ui(path: Path) -> None:
    bad = sorted(m for m in imported_modules(path) if _under(m, (*GAMES, *UI)))
    assert not bad, f"core/services/{path.name} imports {bad}"


def test_the_check_sees_a_forbidden_import(tmp_path: Path) -> None:
    """The scan finds an import made inside a function, as a service might hide one."""
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text("def f() -> None:\n    from core.atlantis.state import State\n")
    assert any(_under(m, GAMES) for m in imported_modules(sneaky))
