"""A second game beside Atlantis, for the tests of everything that chooses a game.

``OTHER`` is Atlantis's descriptor under another id and name, with other player
limits and other rule options; ``OTHER_UI`` shows it with Atlantis's screen.
Registries of the two stand in for ``core.games.GAMES`` and ``GAME_UIS``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated, Literal

import msgspec
import pytest

from atlantis_tui.games import ATLANTIS_UI, GameUI
from core.atlantis.game_type import ATLANTIS
from core.kernel.game_type import PlayerLimits
from core.kernel.registry import AnyGameType, GameRegistry


class OtherOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Options of another kind than Atlantis's: a count typed in, a choice, a bare switch."""

    rounds: Annotated[
        int, msgspec.Meta(ge=1, le=9, title="Rounds", description="How many rounds: 1 to 9.")
    ] = 3
    sea: Annotated[
        Literal["calm", "rough"],
        msgspec.Meta(title="Sea", description="calm or rough", extra={"labels": {"calm": "Calm"}}),
    ] = "calm"
    fast: bool = False


_ANY_ATLANTIS: AnyGameType = ATLANTIS
"""Atlantis as a registry holds any game: ``OTHER`` pairs its functions with options of
another type, which no test plays with, so its options are not Atlantis's ``Options``."""

OTHER = replace(
    _ANY_ATLANTIS,
    id="other",
    name="Other",
    players=PlayerLimits(3, 5),
    options_type=OtherOptions,
)
OTHER_UI: GameUI = replace(
    ATLANTIS_UI,
    id="other",
    name="Other",
    tagline="Another game.",
    load_game=lambda: OTHER,
    title_art="",
)
TWO_GAMES = GameRegistry([ATLANTIS, OTHER])
TWO_UIS = {ATLANTIS_UI.id: ATLANTIS_UI, OTHER_UI.id: OTHER_UI}


@pytest.fixture
def two_games(monkeypatch: pytest.MonkeyPatch) -> GameRegistry:
    """``core.games.GAMES`` holds Atlantis and ``OTHER`` for the test."""
    monkeypatch.setattr("core.games.GAMES", TWO_GAMES)
    return TWO_GAMES
