"""The kit runs once per game: every game ``core.games`` registers, and the toy game.

A new game gets the whole kit by being registered; the toy game (``toy_game``)
shows the kit asks nothing of a game beyond its descriptor.
"""

from __future__ import annotations

import pytest

from core.games import GAMES
from core.kernel.registry import AnyGameType
from tests.conformance.toy_game import TOY

KIT_GAMES = [*GAMES, TOY]


@pytest.fixture(params=KIT_GAMES, ids=[game.id for game in KIT_GAMES])
def game(request: pytest.FixtureRequest) -> AnyGameType:
    chosen: AnyGameType = request.param
    return chosen
