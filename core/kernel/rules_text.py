"""The rules texts and their ids: the one place that knows which rule ids exist.

Two texts share one set of ids (``T5.4``):
- ``core/atlantis/data/RULES.md``, the specification the engine implements: every
  refusal, explanation, log sentence, lesson and ``check`` message points into
  it by id, and ``rule_ids`` reads the ids from it, which a test holds every id
  used anywhere in the program against;
- ``core/atlantis/data/rulebook.md``, the rulebook written for players, with one entry
  ``### <id> <title>`` per rule: what the Rules screen, ``atlantis rules`` and
  the tutorial show. A test holds its entries to the specification's ids.

Both are cut into blocks (headings, paragraphs, one block per rule) so that a
screen can search them and open them at a rule. No Textual here: the command
line and the tests use this module as the app does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from core.kernel.i18n import ENGLISH, language

_BULLET = re.compile(r"^(?P<indent>\s*)- (?P<text>.*)$")
_RULE_ID = re.compile(r"^\*\*(?P<id>[A-Z]\d+(?:\.\d+)*)\b")
_SECTION = re.compile(r"^##\s+(?P<id>[A-Z])\s+—")
_OPTION_ROW = re.compile(r"^\| `(?P<id>\w+)` \|", re.MULTILINE)
ID_QUERY = re.compile(r"^[A-Za-z]\d*(?:\.\d+)*$")
"""What a rule id typed into a search looks like (``t5.4``, ``E``)."""


_ENTRY = re.compile(r"^### (?P<id>\S+)(?: (?P<title>.*))?$")
_FENCE = "```"


def spec_markdown() -> str:
    """RULES.md, the rules as the engine implements them."""
    return resources.files("core.atlantis").joinpath("data/RULES.md").read_text(encoding="utf-8")


def rulebook_markdown(code: str = ENGLISH) -> str:
    """The rulebook for players in language ``code``, one entry per rule id (the French and
    Dutch files have the same headings and ids as the English one)."""
    name = "rulebook.md" if code == ENGLISH else f"rulebook.{code}.md"
    return resources.files("core.atlantis").joinpath(f"data/{name}").read_text(encoding="utf-8")


@dataclass(frozen=True)
class RuleBlock:
    """One piece of the rules: a heading, a paragraph or table, or one rule bullet.

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
            blocks.append(RuleBlock("heading", line, heading["id"] if heading else None, section))
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


def parse_rulebook(markdown: str) -> list[RuleBlock]:
    """Cut the players' rulebook into blocks: headings, paragraphs, and one block per
    entry (``### T5.4 Paying …`` with all its paragraphs and drawings)."""
    blocks: list[RuleBlock] = []
    kind, rule_id, section = "", None, ""
    lines: list[str] = []
    fenced = False

    def flush() -> None:
        nonlocal kind, lines, rule_id
        while lines and not lines[-1].strip():
            lines.pop()
        if lines:
            depth = rule_id.count(".") if kind == "rule" and rule_id else 0
            blocks.append(RuleBlock(kind, "\n".join(lines), rule_id, section, depth))
        kind, lines, rule_id = "", [], None

    for line in markdown.splitlines():
        if line.startswith(_FENCE):
            fenced = not fenced
        entry = None if fenced else _ENTRY.match(line)
        if entry:
            flush()
            kind, rule_id = "rule", entry["id"]
            title = f"{entry['id']} {entry['title']}" if entry["title"] else entry["id"]
            lines = [f"**{title}**"]
        elif not fenced and line.startswith(("# ", "## ")):
            flush()
            heading = _SECTION.match(line)
            if line.startswith("## "):
                section = heading["id"] if heading else line[3:].strip()
            blocks.append(RuleBlock("heading", line, heading["id"] if heading else None, section))
        elif kind == "rule":
            lines.append(line)
        elif not fenced and not line.strip():
            flush()
        else:
            kind = kind or "text"
            lines.append(line)
    flush()
    return blocks


@cache
def spec_blocks() -> tuple[RuleBlock, ...]:
    """RULES.md in blocks (the engine's specification)."""
    return tuple(parse_rules(spec_markdown()))


def rule_blocks() -> tuple[RuleBlock, ...]:
    """The players' rulebook in blocks, in the reader's language: what the app shows and
    searches."""
    return rulebook_blocks(language())


@cache
def rulebook_blocks(code: str) -> tuple[RuleBlock, ...]:
    """The players' rulebook in language ``code``, in blocks."""
    return tuple(parse_rulebook(rulebook_markdown(code)))


@cache
def rule_ids() -> frozenset[str]:
    """Every id the rules define: sections (``T``), rules (``T5.4``), options (``buy_limit``)."""
    ids = {block.rule_id for block in spec_blocks() if block.rule_id}
    return frozenset(ids | set(_OPTION_ROW.findall(spec_markdown())))


def is_rule_id(rule_id: str) -> bool:
    return rule_id in rule_ids()


def rule_text(rule_id: str) -> str:
    """A short quote of one rule for players, as Markdown: its title and first paragraph
    in the rulebook (a section id such as ``T`` gives the section's introduction).
    Raises ``KeyError``."""
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
            return "\n\n".join([block.markdown.lstrip("# "), *intro[:1]])
        title, _blank, body = block.markdown.partition("\n\n")
        paragraphs = body.split("\n\n")
        # A paragraph that announces a list ("You may pay with:") is quoted with the list.
        quoted = paragraphs[:2] if paragraphs[0].rstrip().endswith(":") else paragraphs[:1]
        return "\n\n".join([title, *quoted])
    raise KeyError(rule_id)


def rules_under(rule_id: str) -> list[RuleBlock]:
    """The rulebook's entry ``rule_id`` with the entries under it (``T5`` gives T5.1,
    T5.2 …), or a whole section (``T``); any case; empty when there is no such id."""
    wanted = rule_id.strip().upper()
    blocks = rule_blocks()
    for block in blocks:
        if block.kind == "heading" and (block.rule_id or "").upper() == wanted:
            return [other for other in blocks if other.section == block.rule_id]
    return [
        block
        for block in blocks
        if block.kind == "rule"
        and block.rule_id is not None
        and (block.rule_id.upper() == wanted or block.rule_id.upper().startswith(wanted + "."))
    ]


def search_rules(word: str) -> list[RuleBlock]:
    """The rules (and definitions) whose text mentions ``word``, in document order."""
    return [block for block in rule_blocks() if block.kind == "rule" and block.mentions(word)]
