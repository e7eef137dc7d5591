"""The rules screen shows the chosen game's rules (Atlantis's by default), and opens at
any rule its specification defines, even one defined inside another or in a table."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from atlantis_tui.app import AtlantisApp
from atlantis_tui.screens import rules as rules_screen
from atlantis_tui.screens.rules import RulesScreen
from core.atlantis.game_type import ATLANTIS
from core.kernel.game_type import RulesTexts
from core.kernel.registry import GameRegistry
from core.services.rules_text import rule_blocks, spec_blocks

SHAPES = replace(
    ATLANTIS,
    id="shapes",
    presentation=replace(
        ATLANTIS.presentation,
        rules=RulesTexts(package="tests", spec="fixtures/rules/shapes.md", rulebooks={}),
    ),
)


def test_the_screen_shows_atlantiss_rules_unless_told_another_game() -> None:
    assert RulesScreen().blocks == rule_blocks(ATLANTIS)
    assert RulesScreen(game="atlantis").game is ATLANTIS


async def test_the_screen_opens_another_games_rules_at_a_rule_of_a_table(
    save_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rules_screen, "GAMES", GameRegistry([ATLANTIS, SHAPES]))
    app = AtlantisApp(save_dir, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(RulesScreen(rule_id="T3.1", game="shapes"))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RulesScreen) and screen.blocks == spec_blocks(SHAPES)
        (marked,) = screen.query(".-target")
        assert marked.id is not None
        block = screen.blocks[int(marked.id.removeprefix("block-"))]
        assert "T3.1" in block.inner_ids and "| T3.1 |" in block.markdown
        screen.apply_query("t2.3")
        await pilot.pause()
        (marked,) = screen.query(".-target")
        assert marked.id is not None
        assert screen.blocks[int(marked.id.removeprefix("block-"))].rule_id == "T2"
