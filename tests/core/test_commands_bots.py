"""Bot games give a bot that chooses from the legal commands alone those commands,
not a view (``core.kernel.bots.CommandsBot``), and it plays the same game as from views."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from core.games import GAMES
from core.kernel.bots import chooser_of, make_bot_from
from core.kernel.registry import AnyGameType
from core.services.benchmark import opening
from core.services.simulate import play_from

ARKANTIS = next(game for game in GAMES if game.id == "arkantis")


class _ViewOnly:
    """A bot's ``decide`` alone: what the runners called before bots could choose."""

    def __init__(self, bot: Any) -> None:
        self.name = bot.name
        self.decide = bot.decide


def _no_views(state: Any, seat: int) -> Any:
    raise AssertionError("a view was built for a bot that chooses from commands")


def _played(game: AnyGameType, bot: Any, seed: int) -> list[Any]:
    seats = game.players.most
    rng = random.Random(seed)
    played, _ = play_from(game, opening(game, seed), [bot] * seats, [rng] * seats, trusted=True)
    return played.events


def test_the_random_arkantis_bot_chooses_from_commands() -> None:
    assert chooser_of(make_bot_from(ARKANTIS.play.bots, "random")) is not None
    assert chooser_of(make_bot_from(ARKANTIS.play.bots, "greedy")) is None


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_view_is_built_and_the_game_is_the_same(seed: int) -> None:
    bot = make_bot_from(ARKANTIS.play.bots, "random")
    blind = dataclasses.replace(
        ARKANTIS, privacy=dataclasses.replace(ARKANTIS.privacy, view_for=_no_views)
    )
    from_commands = _played(blind, bot, seed)
    assert from_commands == _played(ARKANTIS, _ViewOnly(bot), seed)
