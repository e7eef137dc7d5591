"""The Atlantica tutorial's tests keep their progress and saves in a folder of their own."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def save_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "saves"
    monkeypatch.setenv("ATLANTIS_SAVE_DIR", str(folder))
    return folder
