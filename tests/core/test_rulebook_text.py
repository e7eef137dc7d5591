"""Atlantis's rulebook for players (core/atlantis/data/rulebook.md) follows its RULES.md
rule by rule.

Every rule of RULES.md (the bold id opening a list item, ``- **T5.4** …``, and
the rule options of section V) has exactly one entry ``### <id> <title>`` in
the rulebook, in the order of RULES.md, so the app can open the rulebook at
any rule it names. The text is shown in terminals 80 columns wide.
"""

from __future__ import annotations

import re

from core.atlantis.game_type import ATLANTIS
from core.services.rules_text import rule_blocks, rule_ids, rulebook_markdown, spec_markdown

MAX_WIDTH = 80
MAX_TABLE_WIDTH = 70
SECTIONS = (
    "## S — Setting up",
    "## T — Your turn",
    "## E — The end of the game",
    "## V — Variants",
    "## X — Examples from the rulebook",
    "## Appendix — For the curious",
)

_RULE_ITEM = re.compile(r"^\s*- \*\*(?P<id>[A-Z]\d+(?:\.\d+)*)\b", re.MULTILINE)
_OPTION_ROW = re.compile(r"^\| `(?P<id>\w+)` \|", re.MULTILINE)
_ENTRY = re.compile(r"^### (?P<id>\S+)(?: (?P<title>.*))?$")


def rules_ids() -> list[str]:
    """The rule ids of RULES.md in document order: rules, then the V options."""
    text = spec_markdown(ATLANTIS)
    found = [(m.start(), m["id"]) for m in _RULE_ITEM.finditer(text)]
    found += [(m.start(), m["id"]) for m in _OPTION_ROW.finditer(text)]
    return [rule for _, rule in sorted(found)]


def rulebook_lines() -> list[str]:
    return rulebook_markdown(ATLANTIS).splitlines()


def entries() -> list[tuple[int, str, str]]:
    """(line number, id, title) of every ``###`` heading of the rulebook."""
    found = []
    for number, line in enumerate(rulebook_lines(), start=1):
        if line.startswith("###"):
            match = _ENTRY.match(line)
            assert match, f"line {number}: a rule heading is '### <id> <title>': {line!r}"
            found.append((number, match["id"], match["title"] or ""))
    return found


def test_rules_md_ids_are_found() -> None:
    ids = rules_ids()
    assert len(ids) == len(set(ids)), "RULES.md names a rule twice"
    assert {"S1", "S1.2", "T4.6", "T5.4", "E2.1", "E4", "X3", "buy_limit", "open_hands"} <= set(ids)


def test_every_rule_has_exactly_one_entry() -> None:
    headings = [rule for _, rule, _ in entries()]
    missing = [rule for rule in rules_ids() if rule not in headings]
    repeated = sorted({rule for rule in headings if headings.count(rule) > 1})
    assert not missing, f"rules without an entry in rulebook.md: {missing}"
    assert not repeated, f"rules with more than one entry: {repeated}"


def test_no_entry_has_an_unknown_id() -> None:
    known = set(rules_ids())
    unknown = [(number, rule) for number, rule, _ in entries() if rule not in known]
    assert not unknown, f"headings whose id is not a rule of RULES.md: {unknown}"


def test_entries_follow_the_order_of_rules_md() -> None:
    order = {rule: index for index, rule in enumerate(rules_ids())}
    headings = [rule for _, rule, _ in entries() if rule in order]
    assert headings == sorted(headings, key=order.__getitem__)


def test_every_entry_has_a_title_and_a_text() -> None:
    lines = rulebook_lines()
    for number, rule, title in entries():
        assert title.strip(), f"line {number}: {rule} has no title"
        following = next((line for line in lines[number:] if line.strip()), "")
        assert following and not following.startswith("#"), f"{rule} has no text"


def test_sections_come_in_order_and_hold_their_rules() -> None:
    lines = rulebook_lines()
    assert lines[0] == "# How to play Atlantis"
    sections = [(number, line) for number, line in enumerate(lines, 1) if line.startswith("## ")]
    assert [line for _, line in sections] == list(SECTIONS)
    starts = {line[3]: number for number, line in sections}
    appendix = sections[-1][0]
    for number, rule, _ in entries():
        letter = rule[0] if re.match(r"[STEX]\d", rule) else "V"
        following = [start for start in sorted(starts.values()) if start > starts[letter]]
        end = following[0] if following else appendix
        assert starts[letter] < number < end, f"{rule} is outside section {letter}"


def test_lines_fit_an_80_column_terminal() -> None:
    long = [
        (number, len(line))
        for number, line in enumerate(rulebook_lines(), start=1)
        if len(line) > MAX_WIDTH
    ]
    assert not long, f"lines longer than {MAX_WIDTH} characters: {long}"
    wide = [
        number
        for number, line in enumerate(rulebook_lines(), start=1)
        if line.startswith("|") and len(line) > MAX_TABLE_WIDTH
    ]
    assert not wide, f"table lines wider than {MAX_TABLE_WIDTH} characters: {wide}"


def test_code_blocks_are_closed() -> None:
    fences = [line for line in rulebook_lines() if line.startswith("```")]
    assert len(fences) % 2 == 0


def test_the_spec_ids_and_the_rulebook_entries_are_one_set() -> None:
    """The app opens the rulebook at any id the program names: every rule id has an entry."""
    entries_ids = {block.rule_id for block in rule_blocks(ATLANTIS) if block.rule_id}
    assert entries_ids == set(rule_ids(ATLANTIS)), set(rule_ids(ATLANTIS)) ^ entries_ids
