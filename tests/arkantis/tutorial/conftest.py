"""The ArkantiS tutorial in the app: the tutorial app opened on ArkantiS's screen, and
its progress counted against ArkantiS's lessons (which the game's descriptor lists once
its ``lessons`` is wired; the tests do not wait for it)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from atlantis_tui import tutorial_app, tutorial_progress
from atlantis_tui.games.arkantis.tutorial_screen import TutorialScreen
from core.arkantis.lessons import LESSONS
from core.games import GAMES
from core.kernel.tutor import AnyLesson


@pytest.fixture(autouse=True)
def arkantis_tutorial(monkeypatch: pytest.MonkeyPatch) -> None:
    def lessons(game: str) -> Sequence[AnyLesson]:
        return LESSONS if game == "arkantis" else GAMES.get(game).lessons()

    monkeypatch.setattr(tutorial_progress, "_lessons", lessons)
    monkeypatch.setitem(tutorial_app.TUTORIAL_SCREENS, "arkantis", TutorialScreen)


@pytest.fixture
def save_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "saves"
    monkeypatch.setenv("ATLANTIS_SAVE_DIR", str(folder))
    return folder
