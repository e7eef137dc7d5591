"""The ArkantiS tutorial in the app: the tutorial app opened on ArkantiS's screen, and
its progress counted against ArkantiS's lessons, as the game's descriptor and its
``GameUI`` will list them once ``lessons`` and ``load_tutorial`` are wired (the tests
do not wait for it)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

import pytest
from textual.screen import Screen

from atlantis_tui import tutorial_progress
from atlantis_tui.games import GAME_UIS
from atlantis_tui.games.arkantis.tutorial_screen import TutorialScreen
from core.arkantis.lessons import LESSONS
from core.games import GAMES
from core.kernel.tutor import AnyLesson


@pytest.fixture(autouse=True)
def arkantis_tutorial(monkeypatch: pytest.MonkeyPatch) -> None:
    def lessons(game: str) -> Sequence[AnyLesson]:
        return LESSONS if game == "arkantis" else GAMES.get(game).presentation.lessons()

    monkeypatch.setattr(tutorial_progress, "_lessons", lessons)

    def load_tutorial() -> Callable[..., Screen[None]]:
        return TutorialScreen

    ui = replace(GAME_UIS["arkantis"], load_tutorial=load_tutorial)
    monkeypatch.setitem(GAME_UIS, "arkantis", ui)


@pytest.fixture
def save_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "saves"
    monkeypatch.setenv("ATLANTIS_SAVE_DIR", str(folder))
    return folder
