"""The kit runs once per game: every game ``core.games`` registers, and the toy game.

A new game gets the whole kit by being registered; the toy game (``toy_game``)
shows the kit asks nothing of a game beyond its descriptor, and the wide toy
(``tests/shell/wide_game.py``: five seats, turns of several commands, choices
after the end) that the shell's tests play a sound game.
"""

from __future__ import annotations

import pytest

from core.games import GAMES
from core.kernel.registry import AnyGameType
from tests.conformance.toy_game import TOY
from tests.shell.wide_game import WIDE

KIT_GAMES = [*GAMES, TOY, WIDE]


@pytest.fixture(
    params=[
        # One worker runs a game's whole kit (``--dist loadgroup``): its playouts,
        # played once per process (``playouts.playouts``), are played once per run.
        pytest.param(game, id=game.id, marks=pytest.mark.xdist_group(f"kit-{game.id}"))
        for game in KIT_GAMES
    ]
)
def game(request: pytest.FixtureRequest) -> AnyGameType:
    chosen: AnyGameType = request.param
    return chosen
