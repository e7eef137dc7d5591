"""The rule-id spine reads every game's specification, however it writes its ids.

Atlantis's RULES.md opens every rule with a list item (``- **T5.4** …``); the
specifications of ArkantiS and Atlantica also define rules inside another
rule's paragraph (``**T2.1** may buy cards …; **T2.2** …``), in a table whose
first column holds the ids (``| T3.1 | … |``, ``| A1 | … |``), with their
options in an indented table, and draw boards in fenced blocks whose lines
start with ``#``. ``tests/fixtures/rules/shapes.md`` writes ids in every one of
these ways; the games' own specifications are read from /work/shared/games
when that folder is there.

The texts are the game's (``GameType.presentation.rules``): a game without a rulebook in
the reader's language shows the English one, and one without any rulebook
shows its specification.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from core.atlantis.game_type import ATLANTIS
from core.kernel.game_type import RulesTexts
from core.services.rules_text import (
    parse_rules,
    rule_ids,
    rule_text,
    rulebook_blocks,
    rulebook_markdown,
    rules_under,
    spec_blocks,
    spec_markdown,
    spec_rule_ids,
)

SHARED = Path("/work/shared/games")
SHAPES = RulesTexts(package="tests", spec="fixtures/rules/shapes.md", rulebooks={})
ENGLISH_ONLY = RulesTexts(
    package="core.atlantis", spec="data/RULES.md", rulebooks={"en": "data/rulebook.md"}
)


def test_every_way_of_writing_an_id_is_read() -> None:
    assert rule_ids(SHAPES) == {
        *("S", "S1", "S1.1"),  # rules opening list items, nested or not
        *("T", "T1", "T2", "T3", "T3.3"),
        *("T2.1", "T2.2", "T2.3"),  # defined within T2's paragraph
        *("T3.1", "T3.2"),  # the first column of a table
        *("V", "V1", "setup_count", "open_hands"),  # the options table, indented
        *("L", "L1", "X", "X1", "X2", "X3"),
        *("A", "A1", "A2"),  # a table of ambiguities
    }


def test_what_only_looks_like_an_id_is_not_one() -> None:
    """Card names in a table (``I4``), a rule cited in brackets (T6), an event tag, a
    marker, a definition, a range of examples, and what a drawing holds."""
    blocks = parse_rules(spec_markdown(SHAPES))
    assert not {"I4", "T4", "T6", "game-started", "given", "X9"} & rule_ids(SHAPES)
    (drawing,) = [block for block in blocks if "## # ." in block.markdown]
    assert drawing.kind == "text" and drawing.section == "X"
    assert not any(block.kind == "heading" and "# ." in block.markdown for block in blocks)
    (ranged,) = [block for block in blocks if block.markdown.startswith("**X2–X3**")]
    assert ranged.rule_id is None  # X2 and X3 are defined by their own items
    assert [block.rule_id for block in blocks if block.rule_id == "X2"] == ["X2"]


def test_a_rule_defined_inside_another_is_found_in_it() -> None:
    (t2,) = rules_under(SHAPES, "t2.1")
    assert t2.rule_id == "T2" and t2.inner_ids == ("T2.1", "T2.2", "T2.3")
    assert rule_text(SHAPES, "T2.2").startswith("**T2 Structure.**")
    (table,) = rules_under(SHAPES, "T3.2")
    assert table.kind == "text" and "| T3.2 |" in table.markdown
    assert [block.rule_id for block in rules_under(SHAPES, "T3")] == ["T3", "T3.3"]


def test_a_game_without_a_rulebook_shows_its_specification() -> None:
    assert rulebook_markdown(SHAPES, "fr") == spec_markdown(SHAPES)
    assert rulebook_blocks(SHAPES, "nl") == spec_blocks(SHAPES)
    assert rule_text(SHAPES, "T1") == "**T1 Order.** Turns go clockwise."


def test_a_rulebook_missing_in_a_language_is_shown_in_english() -> None:
    assert rulebook_markdown(ENGLISH_ONLY, "fr") == rulebook_markdown(ATLANTIS, "en")
    assert rulebook_blocks(ENGLISH_ONLY, "nl") == rulebook_blocks(ATLANTIS, "en")
    assert rulebook_blocks(ATLANTIS, "fr") != rulebook_blocks(ATLANTIS, "en")


def test_each_game_has_its_own_ids() -> None:
    """What is read is kept per game: one game's ids never answer for another's."""
    assert "E2.1" in rule_ids(ATLANTIS) and "E2.1" not in rule_ids(SHAPES)
    assert "T2.1" in rule_ids(SHAPES) and "T2.1" not in rule_ids(ATLANTIS)
    assert rule_ids(ATLANTIS.presentation.rules) is rule_ids(ATLANTIS)
    assert rule_ids(ENGLISH_ONLY) == rule_ids(ATLANTIS)


def _shared_spec(game: str) -> str:
    path = SHARED / game / "RULES.md"
    if not path.is_file():
        pytest.skip(f"no {path} here")
    return path.read_text(encoding="utf-8")


def test_the_arkantis_specification_is_read() -> None:
    ids = spec_rule_ids(_shared_spec("arkantis"))
    assert {
        *("S", "S1", "S1.6", "S5.4", "S6", "D", "D1", "D4"),
        *("T2.1", "T2.2", "T2.3", "T2.4"),  # within T2's paragraph
        *("T3.5", "T4.1", "T4.6", "T5", "T6.4", "E1.4", "E3", "V1", "L4", "X1", "X7"),
        *("A1", "A15"),  # the table of ambiguities
        *("setup_count", "modified_test", "buy_timing", "move_limit", "tiebreak"),
        *("data_set", "open_hands"),
    } <= ids
    # Card names, event tags and squares are not rules.
    assert not {"I4", "W5", "T4.7", "game-started", "G1", "D7"} & ids
    assert len(ids) >= 90


def test_the_atlantica_specification_is_read() -> None:
    ids = spec_rule_ids(_shared_spec("atlantica"))
    assert {
        *("S1", "S1.7", "S4.1", "S7", "T1", "T2.8", "T9.5", "T10"),
        *("T3.1", "T3.3", "T4.2", "T5.3", "T6.1", "T6.3"),  # the levels' tables
        *("E1.2", "E5.4", "E7", "V1", "V2", "L5", "X1", "X7"),
        *("start_player", "round_spaces", "joker_only_when_needed", "final_choices"),
        *("tiebreak_count", "open_hands"),
    } <= ids
    # Research kinds, treasure types and ship piles are not rules.
    assert not {"R6", "R11", "ARC", "A3", "B4"} & ids
    assert len(ids) >= 95


@pytest.mark.parametrize("game", ["arkantis", "atlantica", "atlantis"])
def test_every_rule_a_specification_cites_in_brackets_is_defined(game: str) -> None:
    """``(T2.5)``, ``(T3.4, E1.4)``: what a specification refers to, it defines (board
    names in ArkantiS's examples aside)."""
    markdown = _shared_spec(game)
    rule = r"[A-Z]\d+(?:\.\d+)*"
    cited = {
        found
        for brackets in re.finditer(rf"\(({rule}(?:(?:, | and |–){rule})*)\)", markdown)
        for found in re.findall(rule, brackets[1])
    }
    boards = {"C1"} if game == "arkantis" else set()
    assert len(cited) >= 5
    assert cited - boards <= spec_rule_ids(markdown)
