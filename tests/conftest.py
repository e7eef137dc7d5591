"""Every test starts in English, whatever the machine's locale, and leaves English behind."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import core.games  # noqa: F401  (the registry gives the shell's catalogue the games')
from core.kernel.i18n import ENGLISH, set_language


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("ATLANTIS_LANG", ENGLISH)
    set_language(ENGLISH)
    yield
    set_language(ENGLISH)
