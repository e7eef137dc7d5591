"""A game's rules texts and their ids: the one place that knows which rule ids exist.

Each game names its texts in its descriptor (``GameType.presentation.rules``, a
``RulesTexts``: a package and the resources in it). Two texts share one set of
ids (``T5.4``):
- the specification the engine implements (RULES.md): every refusal,
  explanation, log sentence, lesson and ``check`` message points into it by
  id, and ``rule_ids`` reads the ids from it, which a test holds every id used
  anywhere in the program against;
- the rulebook written for players, one file per language, with one entry
  ``### <id> <title>`` per rule: what the Rules screen, ``atlantis rules`` and
  the tutorial show. A test holds its entries to the specification's ids. A
  game without a rulebook in the reader's language shows the English one, and
  a game without any rulebook shows its specification.

The specifications do not all write their ids alike: most rules open a list
item (``- **T5.4** …``), but a rule may also be defined inside another's
paragraph (``**T2.1** may buy cards …; **T2.2** …``) or in a table whose first
column holds the ids (``| T3.1 | … |``, ``| A1 | … |``); the rule options are
the rows of the table headed ``| option |``. ``RuleBlock.inner_ids`` keeps the
ids a block defines besides its own.

A game may rewrite its rulebook before it is cut (``RulesTexts.expand``): ArkantiS
draws its card figures from its data file, which a player may replace, so the
rulebook holds a marker where they go instead of a copy that could fall out of
step.

Both texts are cut into blocks (headings, paragraphs, one block per rule) so
that a screen can search them and open them at a rule. No Textual here: the
command line and the tests use this module as the app does. Every function
takes the game (its ``GameType`` or its ``RulesTexts``); what is read and
parsed is cached per game.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from core.kernel.game_type import GameType, RulesTexts
from core.kernel.i18n import ENGLISH, language

RulesSource = RulesTexts | GameType[Any, Any, Any, Any, Any]
"""A game, or the texts its descriptor names: what every function here reads."""

_ID = r"[A-Z]\d+(?:\.\d+)*"
_BULLET = re.compile(r"^(?P<indent>\s*)- (?P<text>.*)$")
_RULE_ID = re.compile(rf"^\*\*(?P<id>{_ID})\b(?![–-])")  # not a range: X2–X5
_INLINE_ID = re.compile(rf"\*\*(?P<id>{_ID})(?=\*\*|\s)")
_TABLE_ID = re.compile(rf"^\s*\|\s*(?P<id>{_ID})\s*\|", re.MULTILINE)
_OPTIONS_HEADER = re.compile(r"^\s*\|\s*option\s*\|")
_OPTION_ROW = re.compile(r"^\s*\| `(?P<id>\w+)` \|", re.MULTILINE)
_SECTION = re.compile(r"^##\s+(?P<id>[A-Z])\s+—")
ID_QUERY = re.compile(r"^[A-Za-z]\d*(?:\.\d+)*$")
"""What a rule id typed into a search looks like (``t5.4``, ``E``)."""


_ENTRY = re.compile(r"^### (?P<id>\S+)(?: (?P<title>.*))?$")
_FENCE = "```"


def texts_of(source: RulesSource) -> RulesTexts:
    """The texts a game's descriptor names (a ``RulesTexts`` is returned as it is)."""
    return source if isinstance(source, RulesTexts) else source.presentation.rules


@cache
def _resource(package: str, name: str) -> str:
    return resources.files(package).joinpath(name).read_text(encoding="utf-8")


def spec_markdown(source: RulesSource) -> str:
    """The game's RULES.md, the rules as the engine implements them."""
    texts = texts_of(source)
    return _resource(texts.package, texts.spec)


def rulebook_name(source: RulesSource, code: str = ENGLISH) -> str | None:
    """The resource of the players' rulebook in language ``code``: the English one when
    there is none in that language, ``None`` when the game has no rulebook at all."""
    rulebooks = texts_of(source).rulebooks
    return rulebooks.get(code) or rulebooks.get(ENGLISH)


def _rulebook_language(texts: RulesTexts, code: str) -> str:
    """The language of the rulebook shown to a reader of ``code``: English when the game
    has none in ``code``."""
    return code if code in texts.rulebooks else ENGLISH


@cache
def _rulebook_text(
    package: str, name: str, code: str, expand: Callable[[str, str], str] | None
) -> str:
    text = _resource(package, name)
    return expand(text, code) if expand is not None else text


def rulebook_markdown(source: RulesSource, code: str = ENGLISH) -> str:
    """The rulebook for players in language ``code``, one entry per rule id (each
    translation has the same headings and ids as the English one), as the game's
    expander rewrites it; the specification for a game that has no rulebook."""
    texts = texts_of(source)
    name = rulebook_name(texts, code)
    if name is None:
        return _resource(texts.package, texts.spec)
    return _rulebook_text(texts.package, name, _rulebook_language(texts, code), texts.expand)


@dataclass(frozen=True)
class RuleBlock:
    """One piece of the rules: a heading, a paragraph or table, or one rule bullet.

    ``rule_id`` is the rule's id (``T5.4``), or the section letter for a
    section heading (``T``); ``section`` the id of the section it belongs to;
    ``depth`` 1 for a rule nested under another (T4.1 under T4);
    ``inner_ids`` the ids the block defines besides its own: rules defined
    within its paragraph, the ids of a table's first column, the rule options
    of the options table.
    """

    kind: str
    markdown: str
    rule_id: str | None
    section: str
    depth: int = 0
    inner_ids: tuple[str, ...] = ()

    @property
    def plain(self) -> str:
        return plain_text(self.markdown)

    def mentions(self, word: str) -> bool:
        return word.casefold() in self.plain.casefold()


def plain_text(markdown: str) -> str:
    """Markdown without its emphasis and code marks, for search and short quotes."""
    return re.sub(r"\*\*|`|(?<!\w)\*(?=\S)|(?<=\S)\*(?!\w)", "", markdown)


def parse_rules(markdown: str) -> list[RuleBlock]:
    """Cut a RULES.md into blocks (see ``RuleBlock``)."""
    blocks: list[RuleBlock] = []
    kind, depth, section = "", 0, ""
    lines: list[str] = []
    fenced = False

    def flush() -> None:
        nonlocal kind, lines
        if lines:
            # A rule's wrapped lines are one paragraph; tables keep their lines.
            text = " ".join(lines) if kind == "rule" else "\n".join(lines)
            found = _RULE_ID.match(text) if kind == "rule" else None
            own = found["id"] if found else None
            inner = _inner_ids(kind, text, own)
            blocks.append(RuleBlock(kind, text, own, section, depth, inner))
        kind, lines = "", []

    for line in markdown.splitlines():
        if line.lstrip().startswith(_FENCE):
            # A drawing is one block, whatever its lines look like (``#`` is a token).
            if not fenced:
                flush()
                kind, depth = "text", 0
            fenced = not fenced
            lines.append(line)
            continue
        if fenced:
            lines.append(line)
            continue
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


def _inner_ids(kind: str, text: str, own: str | None) -> tuple[str, ...]:
    """The ids a block of a specification defines besides its own (see ``RuleBlock``)."""
    if kind == "rule":
        found = [match["id"] for match in _INLINE_ID.finditer(text)]
    elif _OPTIONS_HEADER.match(text):
        found = _OPTION_ROW.findall(text)
    else:
        found = _TABLE_ID.findall(text)
    return tuple(dict.fromkeys(rule for rule in found if rule != own))


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


def spec_rule_ids(markdown: str) -> frozenset[str]:
    """Every id a specification defines: sections (``T``), rules (``T5.4``), wherever the
    specification defines them (see the module's docstring), and options (``buy_limit``)."""
    ids: set[str] = set()
    for block in parse_rules(markdown):
        if block.rule_id:
            ids.add(block.rule_id)
        ids.update(block.inner_ids)
    return frozenset(ids)


@cache
def _spec_blocks(package: str, spec: str) -> tuple[RuleBlock, ...]:
    return tuple(parse_rules(_resource(package, spec)))


@cache
def _spec_ids(package: str, spec: str) -> frozenset[str]:
    return spec_rule_ids(_resource(package, spec))


@cache
def _rulebook_blocks(
    package: str, name: str, code: str, expand: Callable[[str, str], str] | None
) -> tuple[RuleBlock, ...]:
    return tuple(parse_rulebook(_rulebook_text(package, name, code, expand)))


def spec_blocks(source: RulesSource) -> tuple[RuleBlock, ...]:
    """The game's RULES.md in blocks (the engine's specification)."""
    texts = texts_of(source)
    return _spec_blocks(texts.package, texts.spec)


def rule_blocks(source: RulesSource) -> tuple[RuleBlock, ...]:
    """The players' rulebook in blocks, in the reader's language: what the app shows and
    searches."""
    return rulebook_blocks(source, language())


def rulebook_blocks(source: RulesSource, code: str) -> tuple[RuleBlock, ...]:
    """The players' rulebook in language ``code``, in blocks (the specification's blocks
    for a game that has no rulebook)."""
    texts = texts_of(source)
    name = rulebook_name(texts, code)
    if name is None:
        return spec_blocks(texts)
    return _rulebook_blocks(texts.package, name, _rulebook_language(texts, code), texts.expand)


def rule_ids(source: RulesSource) -> frozenset[str]:
    """Every id the game's rules define: sections (``T``), rules (``T5.4``), options
    (``buy_limit``)."""
    texts = texts_of(source)
    return _spec_ids(texts.package, texts.spec)


def is_rule_id(source: RulesSource, rule_id: str) -> bool:
    return rule_id in rule_ids(source)


def rule_text(source: RulesSource, rule_id: str) -> str:
    """A short quote of one rule for players, as Markdown: its title and first paragraph
    in the rulebook (a section id such as ``T`` gives the section's introduction).
    Raises ``KeyError``."""
    blocks = rule_blocks(source)
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
        if not body:
            return title  # a rule of a specification: one paragraph
        paragraphs = body.split("\n\n")
        # A paragraph that announces a list ("You may pay with:") is quoted with the list.
        quoted = paragraphs[:2] if paragraphs[0].rstrip().endswith(":") else paragraphs[:1]
        return "\n\n".join([title, *quoted])
    for block in blocks:
        if rule_id in block.inner_ids:
            return block.markdown  # a rule defined within another's text or a table
    raise KeyError(rule_id)


def rules_under(source: RulesSource, rule_id: str) -> list[RuleBlock]:
    """The rulebook's entry ``rule_id`` with the entries under it (``T5`` gives T5.1,
    T5.2 …), or a whole section (``T``); any case; empty when there is no such id."""
    wanted = rule_id.strip().upper()
    blocks = rule_blocks(source)
    for block in blocks:
        if block.kind == "heading" and (block.rule_id or "").upper() == wanted:
            return [other for other in blocks if other.section == block.rule_id]
    return [
        block
        for block in blocks
        if (
            block.kind == "rule"
            and block.rule_id is not None
            and (block.rule_id.upper() == wanted or block.rule_id.upper().startswith(wanted + "."))
        )
        or any(inner.upper() == wanted for inner in block.inner_ids)
    ]


def search_rules(source: RulesSource, word: str) -> list[RuleBlock]:
    """The rules (and definitions) whose text mentions ``word``, in document order."""
    return [block for block in rule_blocks(source) if block.kind == "rule" and block.mentions(word)]
