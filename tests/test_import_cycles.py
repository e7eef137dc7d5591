"""No two modules of the program import each other, however indirectly.

A cycle makes the import order matter and hides which module is the base.
In the app every import counts, deferred ones inside functions too (only those
under ``TYPE_CHECKING``, which never run, do not): the screens, for example,
never import the app that shows them. In the engine the imports made when a
module loads count; the bot registry may load its bots when first asked.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("core", "atlantis_tui")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(tree: ast.Module, known: set[str], deferred: bool) -> set[str]:
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        scanned: ast.AST = node
        if not deferred and isinstance(node, ast.FunctionDef | ast.ClassDef):
            scanned = ast.Module(
                body=[n for n in node.body if not isinstance(n, ast.FunctionDef)]
                if isinstance(node, ast.ClassDef)
                else [],
                type_ignores=[],
            )
        for inner in ast.walk(scanned):
            names: list[str] = []
            if isinstance(inner, ast.Import):
                names = [alias.name for alias in inner.names]
            elif isinstance(inner, ast.ImportFrom) and inner.module and not inner.level:
                # ``from package import module`` depends on that module, not on the package.
                for alias in inner.names:
                    submodule = f"{inner.module}.{alias.name}"
                    names.append(submodule if submodule in known else inner.module)
            found |= {name for name in names if name in known}
    return found


def _graph() -> dict[str, set[str]]:
    paths = [p for package in PACKAGES for p in (ROOT / package).rglob("*.py")]
    known = {_module_name(p) for p in paths}
    graph = {}
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        name = _module_name(path)
        graph[name] = _imports(tree, known, deferred=name.startswith("atlantis_tui")) - {name}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = 1
        stack.append(module)
        for target in sorted(graph.get(module, ())):
            if state.get(target) == 1:
                return [*stack[stack.index(target) :], target]
            if target not in state and (found := visit(target)):
                return found
        stack.pop()
        state[module] = 2
        return None

    for module in sorted(graph):
        if module not in state and (found := visit(module)):
            return found
    return None


def test_the_graph_is_read() -> None:
    graph = _graph()
    assert "core.atlantis.decide" in graph["core.atlantis.game_type"]
    assert "atlantis_tui.session" in graph["atlantis_tui.games.atlantis.game_screen"]


def test_no_import_cycle() -> None:
    cycle = _cycle(_graph())
    assert cycle is None, " → ".join(cycle or [])
