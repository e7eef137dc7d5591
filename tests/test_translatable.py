"""Every sentence a person reads goes through the translation functions, at the time
it is shown.

The scan reads the source of ``core/`` and ``atlantis_tui/`` (no import, no
running) and fails on:

- a string literal that reads like words for a person (two words, or one
  capitalised word) outside ``_``, ``N_``, ``NC_``, ``ngettext`` or ``pgettext``;
- a call to ``_``, ``ngettext`` or ``pgettext`` evaluated at import (module or
  class level), which would stay in the language of the moment of import;
- a key binding whose description is not marked with ``N_``;
- a screen that does not show its keys through ``TranslatedKeys``.

Texts that are not for people (CSS, styles, ids, file formats, messages of
internal errors) are recognised by where they stand; the few left are in
``ALLOWED`` with the reason.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import core.services.puzzles.shipped as puzzle_sets

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted(
    path for folder in ("core", "atlantis_tui") for path in (ROOT / folder).rglob("*.py")
)

TRANSLATING = {"_", "ngettext", "pgettext"}
MARKING = {"N_", "NC_"}

# Calls whose string arguments are never read by a person: ids, CSS classes, regular
# expressions, paths, styles, environment variables, formats.
NOT_FOR_PEOPLE = {
    "query",
    "query_one",
    "query_exactly_one",
    "add_class",
    "remove_class",
    "set_class",
    "has_class",
    "toggle_class",
    "compile",
    "fullmatch",
    "match",
    "search",
    "sub",
    "getattr",
    "setattr",
    "hasattr",
    "Path",
    "joinpath",
    "open",
    "getenv",
    "get_component_rich_style",
    "Style",
    "parse",
    "strftime",
    "run_action",
    "encode",
    "decode",
    "startswith",
    "endswith",
    "debug",
    "info",
    "warning",
    "exception",
    "TypeVar",
    "cast",
    "user_data_dir",
    "add_argument_group",
}
# Keyword arguments that never hold words for people.
NOT_FOR_PEOPLE_KEYWORDS = {
    "style",
    "classes",
    "id",
    "name",
    "variant",
    "key_display",
    "dest",
    "action",
    "metavar_id",
    "severity",
    "encoding",
    "mode",
    "errors",
    "justify",
    "overflow",
    "end",
    "sep",
}
# Errors only a programming mistake raises: their messages are for developers.
INTERNAL_ERRORS = {
    "RuntimeError",
    "AssertionError",
    "TypeError",
    "NotImplementedError",
    "KeyError",
    "IndexError",
    "AttributeError",
}
STYLE_WORDS = re.compile(
    r"^(?:(?:bold|dim|italic|reverse|underline|strike|not|on|default|black|red|green|yellow|"
    r"blue|magenta|cyan|white|grey\d*|bright_\w+|\$[\w-]+|#[0-9a-fA-F]{6})\s*)+$"
)
WORDS = re.compile(r"[^\W\d_]{2,}")
# Player names in examples, benchmarks and defaults: names are not translated.
# ("You" names the learner in the lessons' data; the tutorial shows it translated.)
NAMES = {"Ann", "Bob", "Cleo", "Dan", "Eve", "Black", "Red", "Blue", "Atlantis", "You"}
# The compact notation of items (``He He``, ``Ol5 Am3``) is a file format.
NOTATION = re.compile(r"^(?:(?:Fl|Ol|He|Am|Ri|Cr|St)\d*[ |/]*)+$")

# (file, text): literals that look like words but are not to be translated.
ALLOWED = {
    # A game's author listing two bots under one name: raised as its descriptor is
    # built, before any player runs it.
    ("core/kernel/bots.py", "two bots are called "),
    # WebSocket close reasons: they go to the client program, which never shows them.
    ("atlantis_tui/online/server.py", "too many connections"),
    ("atlantis_tui/online/server.py", "joined again elsewhere"),
    # Each language is named in itself, in every language.
    ("core/kernel/i18n.py", "English"),
    ("core/kernel/i18n.py", "Français"),
    ("core/kernel/i18n.py", "Nederlands"),
    # Quiz answers are written in English and translated when shown
    # (core.atlantis.tutor.option_text).
    ("core/atlantis/tutor.py", "the Mainland"),
    ("core/atlantis/tutor.py", "all three"),
    # The card table of a rulebook is written in the language of that rulebook, which
    # may not be the reader's (a Dutch reader of a game with no Dutch book reads the
    # English one), so its words sit beside it, one set per rulebook language.
    *(
        ("core/arkantis/rulebook_figures.py", total)
        for total in (
            "{total} cards: {emerald} emerald, {orange} orange.",
            "{total} cartes\u00a0: {emerald} émeraude, {orange} orange.",
            "{total} kaarten: {emerald} smaragdgroen, {orange} oranje.",
        )
    ),
    # A shipped puzzle file's header is part of its format, in English, so that a rebuild
    # gives the same bytes whatever the builder's language.
    ("core/services/puzzles/shipped.py", puzzle_sets.REBUILD),
    ("core/services/puzzles/shipped.py", puzzle_sets.MADE),
}


def parents_of(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def call_name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def reads_like_words(text: str) -> bool:
    """Two words, or one capitalised word of three letters or more."""
    stripped = text.strip()
    if STYLE_WORDS.match(stripped) or stripped.startswith(("--", "#", "$", ".", "/")):
        return False
    if stripped in NAMES or NOTATION.match(stripped):
        return False
    if stripped.isupper():
        return False  # an environment variable or a placeholder such as FILE
    # A command to type (``atlantis host``) or a program's source (run by the benchmark).
    if stripped.startswith(("atlantis ", "import ", "from ")):
        return False
    words = WORDS.findall(stripped)
    if len(words) >= 2 and re.search(r"[^\W\d_]{2,}\S*\s+\S*[^\W\d_]{2,}", stripped):
        return True
    return len(words) == 1 and stripped == words[0] and words[0][0].isupper() and len(words[0]) > 2


def is_docstring(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    parent = parents.get(node)
    return isinstance(parent, ast.Expr)


def for_people(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """Whether a literal stands where a person may read it (not translated yet)."""
    child, parent = node, parents.get(node)
    while parent is not None:
        if isinstance(parent, ast.Call):
            name = call_name(parent)
            if name in TRANSLATING or name in MARKING or name in NOT_FOR_PEOPLE:
                return False
        if isinstance(parent, ast.keyword) and parent.arg in NOT_FOR_PEOPLE_KEYWORDS:
            return False
        raised = parent.exc if isinstance(parent, ast.Raise) else None
        if isinstance(raised, ast.Call) and call_name(raised) in INTERNAL_ERRORS:
            return False
        if isinstance(parent, ast.Assert):
            return False
        if isinstance(parent, ast.Subscript) and child is parent.slice:
            return False
        if isinstance(parent, ast.Compare | ast.Match | ast.match_case):
            return False
        if isinstance(parent, ast.Dict) and child in parent.keys:
            return False
        if isinstance(parent, ast.Assign | ast.AnnAssign):
            targets = parent.targets if isinstance(parent, ast.Assign) else [parent.target]
            names = {t.id for t in targets if isinstance(t, ast.Name)}
            return not names & {"DEFAULT_CSS", "CSS", "__all__"}
        if isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            return True
        child, parent = parent, parents.get(parent)
    return True


def untranslated(path: Path) -> Iterator[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parents = parents_of(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            text = "".join(
                part.value
                for part in node.values
                if isinstance(part, ast.Constant) and isinstance(part.value, str)
            )
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if isinstance(parents.get(node), ast.JoinedStr) or is_docstring(node, parents):
                continue
            text = node.value
        else:
            continue
        if reads_like_words(text) and for_people(node, parents):
            yield node.lineno, text


def translated_at_import(path: Path) -> Iterator[int]:
    """Lines where ``_()`` runs at import time: module or class level, defaults, decorators."""
    tree = ast.parse(path.read_text(encoding="utf-8"))

    def visit(node: ast.AST) -> Iterator[int]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                arguments = child.args
                for default in [*arguments.defaults, *arguments.kw_defaults]:
                    if default is not None:
                        yield from visit_expression(default)
                if not isinstance(child, ast.Lambda):
                    for decorator in child.decorator_list:
                        yield from visit_expression(decorator)
                continue
            if isinstance(child, ast.Call) and call_name(child) in TRANSLATING:
                yield child.lineno
            yield from visit(child)

    def visit_expression(node: ast.AST) -> Iterator[int]:
        for inner in ast.walk(node):
            if isinstance(inner, ast.Call) and call_name(inner) in TRANSLATING:
                yield inner.lineno

    yield from visit(tree)


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


@pytest.mark.parametrize("path", SOURCES, ids=relative)
def test_no_sentence_bypasses_translation(path: Path) -> None:
    found = [
        f"{relative(path)}:{line}: {text!r}"
        for line, text in untranslated(path)
        if (relative(path), text) not in ALLOWED
    ]
    assert not found, "untranslated text:\n" + "\n".join(found)


@pytest.mark.parametrize("path", SOURCES, ids=relative)
def test_nothing_is_translated_at_import(path: Path) -> None:
    lines = list(translated_at_import(path))
    assert not lines, f"{relative(path)}: _() at import on lines {lines}; use N_ and _ when shown"


def binding_descriptions(path: Path) -> Iterator[tuple[int, ast.expr]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and call_name(node) == "Binding":
            if len(node.args) >= 3:
                yield node.lineno, node.args[2]
            for keyword in node.keywords:
                if keyword.arg == "description":
                    yield node.lineno, keyword.value
        func = node.func if isinstance(node, ast.Call) else None
        is_key_group = (
            isinstance(func, ast.Attribute)
            and func.attr == "Group"
            and isinstance(func.value, ast.Name)
            and func.value.id == "Binding"
        )
        if isinstance(node, ast.Call) and is_key_group and node.args:
            yield node.lineno, node.args[0]


def test_key_descriptions_are_marked() -> None:
    translator = ROOT / "atlantis_tui" / "screens" / "translated_keys.py"
    unmarked = [
        f"{relative(path)}:{line}"
        for path in SOURCES
        if path != translator
        for line, description in binding_descriptions(path)
        if not (isinstance(description, ast.Call) and call_name(description) == "N_")
    ]
    assert not unmarked, f"Binding descriptions not marked with N_: {unmarked}"


def test_every_screen_shows_translated_keys() -> None:
    from textual.screen import Screen

    import atlantis_tui.app  # noqa: F401 - loads the screens the app imports at once
    from atlantis_tui.screens.translated_keys import TranslatedKeys

    for path in SOURCES:
        if "atlantis_tui" in path.parts:
            module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            __import__(module)

    def subclasses(cls: type) -> Iterator[type]:
        found: list[type] = cls.__subclasses__()
        for sub in found:
            yield sub
            yield from subclasses(sub)

    ours = {cls for cls in subclasses(Screen) if cls.__module__.startswith("atlantis_tui")} - {
        TranslatedKeys
    }
    assert ours
    missing = sorted(cls.__qualname__ for cls in ours if not issubclass(cls, TranslatedKeys))
    assert not missing, f"screens without TranslatedKeys: {missing}"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Not allowed", True),
        ("Quit", True),
        ("bold reverse", False),
        ("$accent", False),
        ("Fl", False),
        ("game-started", False),
        ("ok", False),
        ("atlantis.tcss", False),
        ("two words", True),
        ("He He", False),
        ("Ann", False),
        ("atlantis host", False),
    ],
)
def test_the_scan_knows_words_from_codes(text: str, words: bool) -> None:
    assert reads_like_words(text) is words


def test_the_scan_finds_a_bypassing_sentence(tmp_path: Path) -> None:
    source = tmp_path / "sample.py"
    source.write_text(
        "from core.kernel.i18n import N_, _\n"
        "TITLE = _('Made at import')\n"
        "def shown(n):\n"
        "    ok = _('Already translated')\n"
        "    css = Style(bold=True)\n"
        "    return f'Pawn {n} moves' + 'Plain sentence here' + ok\n",
        encoding="utf-8",
    )
    assert [text for _line, text in untranslated(source)] == [
        "Pawn  moves",
        "Plain sentence here",
    ]
    assert list(translated_at_import(source)) == [2]
