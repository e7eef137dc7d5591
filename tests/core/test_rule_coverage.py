"""Every rule id of a game's RULES.md (sections S, T, E, V, every worked example X …) is
named by a test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from core.atlantis.game_type import ATLANTIS
from core.games import GAMES
from core.kernel.registry import AnyGameType
from core.services.rules_text import rule_ids as all_rule_ids

TESTS = Path(__file__).resolve().parents[1]


def rule_ids(game: AnyGameType) -> set[str]:
    """The rules and options a test must name (section letters stand for no rule of theirs)."""
    return {rule for rule in all_rule_ids(game) if not re.fullmatch("[A-Z]", rule)}


def test_rules_md_lists_the_expected_number_of_rules() -> None:
    ids = rule_ids(ATLANTIS)
    assert {"S1", "T5.4", "E2.1", "buy_limit", "open_hands"} <= ids
    assert len(ids) >= 35


@pytest.mark.parametrize("game", list(GAMES), ids=GAMES.ids)
def test_every_rule_id_is_named_by_a_test(game: AnyGameType) -> None:
    corpus = "\n".join(
        path.read_text(encoding="utf-8") for path in TESTS.rglob("test_*.py") if path.is_file()
    )
    named = corpus.replace("_", ".")  # test_T5_4_… names T5.4
    missing = sorted(rule for rule in rule_ids(game) if rule not in corpus and rule not in named)
    assert not missing, f"{game.id}: rules without a test: {missing}"
