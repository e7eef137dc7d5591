"""``atlantis tutorial`` opens its app once: the app's own mounting runs once.

Textual runs every ``on_mount`` along the class chain by itself, so a subclass
that also called its base's would subscribe the app to screen changes twice
(and give each screen its notices twice)."""

from __future__ import annotations

from pathlib import Path

import pytest

from atlantis_tui.app import AtlantisApp
from atlantis_tui.tutorial_app import TutorialApp


async def test_the_tutorial_app_mounts_the_app_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mounted: list[str] = []
    base = AtlantisApp.on_mount

    def counted(app: AtlantisApp) -> None:
        mounted.append(type(app).__name__)
        base(app)

    monkeypatch.setattr(AtlantisApp, "on_mount", counted)
    app = TutorialApp(tmp_path, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ != "StartScreen"  # the lesson is shown
    assert mounted == ["TutorialApp"]
