"""The rules engine stands alone: nothing under ``core/`` imports the user interface.

The engine (RULES.md S–E) must run in tests, bots and the command line without
Textual, so ``core`` may not import ``textual`` or ``atlantis_tui``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

CORE = Path(__file__).resolve().parents[2] / "core"
FORBIDDEN = ("textual", "atlantis_tui")
SOURCES = sorted(CORE.rglob("*.py"))


def imported_modules(tree: ast.AST) -> list[str]:
    """Every module an ``import`` or ``from … import`` names, at any depth."""
    modules: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            modules.append(node.module)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute | ast.Name)
            and getattr(node.func, "attr", getattr(node.func, "id", None))
            in ("import_module", "__import__")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            modules.append(node.args[0].value)
    return modules


def test_core_has_sources() -> None:
    assert (CORE / "__init__.py") in SOURCES
    assert len(SOURCES) > 5


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: str(path.relative_to(CORE)))
def test_core_does_not_import_the_interface(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    bad = [module for module in imported_modules(tree) if module.split(".")[0] in FORBIDDEN]
    assert not bad, f"{path.relative_to(CORE)} imports {bad}"
