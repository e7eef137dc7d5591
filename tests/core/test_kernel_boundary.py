"""The kernel imports no game, and no game imports another.

``core/kernel/`` is written once for every game: a game reaches it through its
descriptor (``core.kernel.game_type.GameType``), listed in ``core/games.py``.
If a kernel module imported a game, the next game would inherit that game's
assumptions; if a game imported another, the two could not change apart.
Deferred imports inside functions count too: they run as surely as the others.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from core.games import GAMES

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "core"
KERNEL_SOURCES = sorted((CORE / "kernel").rglob("*.py"))
GAME_FOLDERS = sorted(
    path.parent.name for path in CORE.glob("*/game_type.py") if path.parent.name != "kernel"
)


def imported_modules(path: Path) -> set[str]:
    """Every module an ``import`` or ``from … import`` names in ``path``, at any depth."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    modules: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            modules.add(node.module)
    return modules


def test_every_registered_game_has_its_folder() -> None:
    assert set(GAME_FOLDERS) == set(GAMES.ids)
    for game in GAMES:
        assert game.presentation.rules.package == f"core.{game.id}"


def test_the_kernel_has_sources() -> None:
    assert CORE / "kernel" / "game_type.py" in KERNEL_SOURCES


@pytest.mark.parametrize("path", KERNEL_SOURCES, ids=lambda path: path.name)
def test_the_kernel_imports_no_game(path: Path) -> None:
    """Only ``core.kernel`` (and the standard library and packages) from the kernel."""
    inside = {module for module in imported_modules(path) if module.split(".")[0] == "core"}
    outside = sorted(module for module in inside if not module.startswith("core.kernel"))
    assert not outside, f"core/kernel/{path.name} imports {outside}"


@pytest.mark.parametrize("game", GAME_FOLDERS)
def test_a_game_imports_no_other_game(game: str) -> None:
    others = {f"core.{other}" for other in GAME_FOLDERS if other != game} | {"core.games"}
    for path in sorted((CORE / game).rglob("*.py")):
        bad = sorted(
            module
            for module in imported_modules(path)
            if any(module == o or module.startswith(o + ".") for o in others)
        )
        assert not bad, f"{path.relative_to(ROOT)} imports {bad}"
