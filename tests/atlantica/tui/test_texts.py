"""The panels' words in each language: a refusal's rule and reason, the hired cards
under the hand, and what treasures without crates would score once shipped (E3)."""

from __future__ import annotations

from msgspec.structs import replace

from atlantis_tui.games.atlantica.builder import refusal_line
from atlantis_tui.games.atlantica.session_types import table_of_state
from atlantis_tui.games.atlantica.texts import hand_text, player_block, preview_text
from core.atlantica.cards import Pick
from core.atlantica.commands import PerformAction
from core.atlantica.preview import ActionPreview, preview
from core.kernel.errors import IllegalMove
from core.kernel.i18n import set_language
from tests.atlantica.core.helpers import position


def test_a_refusal_line_follows_the_language_s_punctuation() -> None:
    refusal = IllegalMove("T2.5", "reason")
    assert refusal_line(refusal) == "T2.5: reason"
    set_language("fr")
    assert refusal_line(refusal) == "T2.5\u00a0: reason"


def test_the_hired_cards_under_the_hand_are_counted_in_the_reader_s_language() -> None:
    state = position([("W1", "Y1"), ()])
    state = replace(state, hired=(("R1", "G1", "B1"), ()))
    table = table_of_state(state)
    assert "3 divers hired" in hand_text(state, 0, table, compact=False).plain
    set_language("fr")
    assert "3 plongeurs engagés" in hand_text(state, 0, table, compact=False).plain
    set_language("nl")
    assert "3 duikers ingehuurd" in hand_text(state, 0, table, compact=True).plain


def dive_without_crates() -> tuple[PerformAction, ActionPreview]:
    """Ana, with no ship, dives to level 2 for the two amphorae of spaces 1 and 2."""
    state = position([("G1", "V1", "W1"), ()], treasure_display=("AMP-1", "AMP-2"))
    command = PerformAction(
        0, "submarine", 2, ("G1", "V1"), None, (Pick("treasure", 1), Pick("treasure", 2))
    )
    found = preview(state, command)
    assert isinstance(found, ActionPreview)
    return command, found


def test_E3_treasures_without_crates_show_what_they_would_score_shipped() -> None:
    command, found = dive_without_crates()
    assert (found.score_before, found.score_after) == (0, 0)
    assert (found.crated_before, found.crated_after, found.crates_short) == (0, 5, 2)
    state = position([("G1", "V1", "W1"), ()], treasure_display=("AMP-1", "AMP-2"))
    lines = preview_text(state, command, found).plain.splitlines()
    assert "Score now: 0 → 0 (+0)" in lines
    assert "With crates for all: 0 → 5 (+5) · 2 crates short" in lines


def test_the_preview_says_nothing_more_when_the_crates_suffice() -> None:
    state = position(
        [("G1", "V1", "W1"), ()], treasure_display=("AMP-1", "AMP-2"), ships=(("C5-1",), ())
    )
    command = PerformAction(
        0, "submarine", 2, ("G1", "V1"), None, (Pick("treasure", 1), Pick("treasure", 2))
    )
    found = preview(state, command)
    assert isinstance(found, ActionPreview)
    assert found.crated_after == found.score_after == 5 and found.crates_short == 0
    assert "crates for all" not in preview_text(state, command, found).plain


def test_E3_a_player_with_too_few_crates_sees_his_score_with_crates() -> None:
    state = position([(), ()], treasures=(("AMP-1", "AMP-2", "AMP-3"), ()), ships=(("A1-1",), ()))
    table = table_of_state(state)
    lines = player_block(state, table, 0, "human", compact=False).plain.splitlines()
    assert "now 2" in lines[0] and "  With crates for all: 10" in lines
    assert "crates for all" not in player_block(state, table, 0, "human", compact=True).plain
