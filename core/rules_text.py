"""The rules text and its ids: the one place that knows which rule ids exist.

``core/data/RULES.md`` is the specification every refusal, explanation, log
sentence, lesson and ``check`` message points into by id (``T5.4``). This
module reads it, cuts it into blocks (headings, paragraphs, one block per rule
bullet) so that screens can search it and open it at a rule, and gives the set
of ids, which a test holds every id used anywhere in the program against.

It needs no Textual: the command line and the tests use it as the app does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

_BULLET = re.compile(r"^(?P<indent>\s*)- (?P<text>.*)$")
_RULE_ID = re.compile(r"^\*\*(?P<id>[A-Z]\d+(?:\.\d+)*)\b")
_SECTION = re.compile(r"^##\s+(?P<id>[A-Z])\s+—")
_OPTION_ROW = re.compile(r"^\| `(?P<id>\w+)` \|", re.MULTILINE)
ID_QUERY = re.compile(r"^[A-Za-z]\d*(?:\.\d+)*$")
"""What a rule id typed into a search looks like (``t5.4``, ``E``)."""


def spec_markdown() -> str:
    """RULES.md, the rules as the engine implements them."""
    return resources.files("core").joinpath("data/RULES.md").read_text(encoding="utf-8")


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


@cache
def rule_blocks() -> tuple[RuleBlock, ...]:
    return tuple(parse_rules(spec_markdown()))


@cache
def rule_ids() -> frozenset[str]:
    """Every id the rules define: sections (``T``), rules (``T5.4``), options (``buy_limit``)."""
    ids = {block.rule_id for block in rule_blocks() if block.rule_id}
    return frozenset(ids | set(_OPTION_ROW.findall(spec_markdown())))


def is_rule_id(rule_id: str) -> bool:
    return rule_id in rule_ids()


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
