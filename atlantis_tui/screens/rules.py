"""The rules reference: RULES.md in the app, searchable, and openable at any rule id.

The document is cut into blocks — headings, paragraphs and one block per rule
bullet (``- **T5.4** …``) — so that a search can hide the blocks that do not
mention a word, and ``RulesScreen(rule_id="T5.4")`` can scroll to one rule and
mark it. ``rule_text`` gives one rule's words for feedback elsewhere (the
tutorial quotes the rule it names). The parsing needs no Textual and is also
used by ``atlantis rules``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from rich.markdown import Markdown
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Static

from core.i18n import _, ngettext

_BULLET = re.compile(r"^(?P<indent>\s*)- (?P<text>.*)$")
_RULE_ID = re.compile(r"^\*\*(?P<id>[A-Z]\d+(?:\.\d+)*)\b")
_SECTION = re.compile(r"^##\s+(?P<id>[A-Z])\s+—")
_ID_QUERY = re.compile(r"^[A-Za-z]\d*(?:\.\d+)*$")


def rules_markdown() -> str:
    return resources.files("atlantis_tui").joinpath("data/RULES.md").read_text(encoding="utf-8")


@dataclass(frozen=True)
class RuleBlock:
    """One piece of RULES.md: a heading, a paragraph or table, or one rule bullet.

    ``rule_id`` is the rule's id (``T5.4``), or the section letter for a
    section heading (``T``); ``section`` the id of the section it belongs to;
    ``depth`` 1 for a rule nested under another (T4.1 under T4).
    """

    kind: str
    markdown: str
    rule_id: str | None
    section: str
    depth: int = 0

    @property
    def plain(self) -> str:
        return plain_text(self.markdown)

    def mentions(self, word: str) -> bool:
        return word.casefold() in self.plain.casefold()


def plain_text(markdown: str) -> str:
    """Markdown without its emphasis and code marks, for search and short quotes."""
    return re.sub(r"\*\*|`|(?<!\w)\*(?=\S)|(?<=\S)\*(?!\w)", "", markdown)


def parse_rules(markdown: str) -> list[RuleBlock]:
    """Cut RULES.md into blocks (see ``RuleBlock``)."""
    blocks: list[RuleBlock] = []
    kind, depth, section = "", 0, ""
    lines: list[str] = []

    def flush() -> None:
        nonlocal kind, lines
        if lines:
            # A rule's wrapped lines are one paragraph; tables keep their lines.
            text = " ".join(lines) if kind == "rule" else "\n".join(lines)
            found = _RULE_ID.match(text) if kind == "rule" else None
            blocks.append(RuleBlock(kind, text, found["id"] if found else None, section, depth))
        kind, lines = "", []

    for line in markdown.splitlines():
        bullet = _BULLET.match(line)
        if line.startswith("#"):
            flush()
            heading = _SECTION.match(line)
            if line.startswith("## "):
                section = heading["id"] if heading else line[3:].strip()
            kind, lines = "heading", [line]
            blocks.append(RuleBlock("heading", line, heading["id"] if heading else None, section))
            kind, lines = "", []
        elif bullet:
            flush()
            kind, lines, depth = "rule", [bullet["text"]], len(bullet["indent"]) // 2
        elif not line.strip():
            flush()
        elif kind == "rule" and line.startswith(" "):
            lines.append(line.strip())
        else:
            if kind != "text":
                flush()
                kind, depth = "text", 0
            lines.append(line)
    flush()
    return blocks


@cache
def rule_blocks() -> tuple[RuleBlock, ...]:
    return tuple(parse_rules(rules_markdown()))


def rule_text(rule_id: str) -> str:
    """The words of one rule as Markdown; a parent rule includes its nested rules, a
    section id (``T``) gives the section's introduction. Raises ``KeyError``."""
    blocks = rule_blocks()
    for index, block in enumerate(blocks):
        if block.rule_id != rule_id:
            continue
        if block.kind == "heading":
            intro = []
            for following in blocks[index + 1 :]:
                if following.kind != "text":
                    break
                intro.append(following.markdown)
            return "\n\n".join([block.markdown.lstrip("# "), *intro])
        children = [
            "- " + child.markdown
            for child in blocks[index + 1 :]
            if child.rule_id and child.rule_id.startswith(rule_id + ".")
        ]
        return "\n".join([block.markdown, *children])
    raise KeyError(rule_id)


def search_rules(word: str) -> list[RuleBlock]:
    """The rules (and definitions) whose text mentions ``word``, in document order."""
    return [block for block in rule_blocks() if block.kind == "rule" and block.mentions(word)]


def _widget_id(index: int) -> str:
    return f"block-{index}"


class RulesScreen(Screen[None]):
    """The complete rules with their ids; type to search, or open at one rule."""

    DEFAULT_CSS = """
    RulesScreen #rules-search {
        margin: 0 1;
    }
    RulesScreen #rules-status {
        height: 1;
        padding: 0 2;
        color: $text-muted;
    }
    RulesScreen #rules-body {
        padding: 0 2;
    }
    RulesScreen .rule-heading {
        text-style: bold;
        color: $accent;
        margin-top: 1;
    }
    RulesScreen .rule-text, RulesScreen .rule-rule {
        margin-bottom: 1;
    }
    RulesScreen .-nested {
        padding-left: 3;
    }
    RulesScreen .-target {
        background: $accent 25%;
    }
    RulesScreen .-hidden {
        display: none;
    }
    """

    BINDINGS = [
        Binding("escape", "close", _("Close")),
        Binding("slash", "search", _("Search")),
        Binding("f3", "next_match", _("Next match")),
    ]

    def __init__(self, rule_id: str | None = None, query: str = "") -> None:
        super().__init__()
        self.rule_id = rule_id
        self.initial_query = query
        self.blocks = rule_blocks()
        self._matches: list[int] = []
        self._match = 0

    def compose(self) -> ComposeResult:
        yield Header()
        yield Input(
            self.initial_query,
            placeholder=_("Search the rules: a word, or a rule id such as T5.4"),
            id="rules-search",
        )
        yield Static("", id="rules-status")
        with VerticalScroll(id="rules-body"):
            for index, block in enumerate(self.blocks):
                if block.kind == "heading":
                    title = block.markdown.lstrip("# ")
                    yield Static(title, id=_widget_id(index), classes="rule-heading", markup=False)
                else:
                    widget = Static(Markdown(block.markdown), id=_widget_id(index))
                    widget.add_class(f"rule-{block.kind}")
                    widget.set_class(block.depth > 0, "-nested")
                    yield widget
        yield Footer()

    def on_mount(self) -> None:
        self.title = _("Rules")
        if self.initial_query:
            self.apply_query(self.initial_query)
        elif self.rule_id:
            self.show_rule(self.rule_id)
        self.query_one("#rules-body").focus()

    # -- searching ------------------------------------------------------------------
    @on(Input.Changed, "#rules-search")
    def _query_changed(self, event: Input.Changed) -> None:
        self.apply_query(event.value)

    @on(Input.Submitted, "#rules-search")
    def _query_submitted(self) -> None:
        self.query_one("#rules-body").focus()

    def apply_query(self, query: str) -> None:
        """A rule id jumps to that rule; a word shows only the rules that mention it."""
        query = query.strip()
        status = self.query_one("#rules-status", Static)
        if _ID_QUERY.match(query) and self._index_of(query.upper()) is not None:
            self._filter(None)
            self.show_rule(query.upper())
            return
        if len(query) < 2:
            self._filter(None)
            self._mark(None)
            status.update("")
            return
        shown = self._filter(query)
        self._matches = [i for i in shown if self.blocks[i].kind == "rule"]
        self._match = 0
        status.update(
            ngettext(
                "{n} rule mentions “{q}” (F3: next)",
                "{n} rules mention “{q}” (F3: next)",
                len(self._matches),
            ).format(n=len(self._matches), q=query)
        )
        self._mark(self._matches[0] if self._matches else None)

    def _filter(self, word: str | None) -> list[int]:
        """Show the blocks mentioning ``word`` (all when None) and their section headings."""
        sections = {block.section for block in self.blocks if word is None or block.mentions(word)}
        shown = []
        for index, block in enumerate(self.blocks):
            if word is None:
                visible = True
            elif block.kind == "heading":
                visible = block.section in sections and block.markdown.startswith("## ")
            else:
                visible = block.kind == "rule" and block.mentions(word)
            self.query_one(f"#{_widget_id(index)}").set_class(not visible, "-hidden")
            if visible:
                shown.append(index)
        return shown

    def _index_of(self, rule_id: str) -> int | None:
        for index, block in enumerate(self.blocks):
            if block.rule_id == rule_id:
                return index
        return None

    def show_rule(self, rule_id: str) -> None:
        """Scroll to ``rule_id`` and mark it; an unknown id shows the top of the rules."""
        index = self._index_of(rule_id)
        if index is None:
            self.notify(_("There is no rule {rule}.").format(rule=rule_id), severity="warning")
            return
        self.rule_id = rule_id
        self.query_one("#rules-status", Static).update(
            _("Rule {rule} · / to search · Esc to go back").format(rule=rule_id)
        )
        self._mark(index)

    def _mark(self, index: int | None) -> None:
        for widget in self.query(".-target"):
            widget.remove_class("-target")
        if index is None:
            return
        target = self.query_one(f"#{_widget_id(index)}")
        target.add_class("-target")
        body = self.query_one("#rules-body", VerticalScroll)
        # Scroll once the blocks have their sizes, so the rule lands at the top.
        self.call_after_refresh(body.scroll_to_widget, target, animate=False, top=True)

    # -- actions ----------------------------------------------------------------------
    def action_search(self) -> None:
        self.query_one("#rules-search", Input).focus()

    def action_next_match(self) -> None:
        if self._matches:
            self._match = (self._match + 1) % len(self._matches)
            self._mark(self._matches[self._match])

    def action_close(self) -> None:
        self.dismiss()
