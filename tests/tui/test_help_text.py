"""The help reads the game's marks as the panels write them, in every language."""

from __future__ import annotations

import re

import pytest

from atlantis_tui.games.atlantis.letters import bridge_letter
from atlantis_tui.games.atlantis.panels import RANKS
from atlantis_tui.screens.simple import HELP_TEXT
from core.atlantis.game_type import ATLANTIS
from core.kernel.i18n import LANGUAGES, _, pgettext, set_language
from core.services.rules_text import rules_under


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_help_explains_the_compact_player_row_in_the_panels_own_words(code: str) -> None:
    set_language(code)
    help_text = _(HELP_TEXT)
    # The row's pieces, as ``player_line`` writes them for 4 cards, owing 3, and a
    # score of 13 in second place if the game ended now.
    assert _("{cards}c").format(cards=4) in help_text
    assert _(" owes {n}").format(n=3).strip() in help_text
    rank = pgettext("rank", RANKS[1])
    assert _("→{score} {rank}").format(score=13, rank=rank) in help_text
    assert f"`{bridge_letter()}` " in help_text
    assert f"`═{bridge_letter()}═`" in help_text


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_help_names_rules_that_exist_and_a_command_that_prints_them(code: str) -> None:
    set_language(code)
    help_text = _(HELP_TEXT)
    examples = re.findall(r"\(([A-Z][0-9.]*)\)", help_text)
    assert {"T4.1", "E2"} <= set(examples)
    (command,) = re.findall(r"`atlantis rules (\S+)`", help_text)
    for rule_id in [*examples, command]:
        assert rules_under(ATLANTIS, rule_id), rule_id
