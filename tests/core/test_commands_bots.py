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

BY_ID = {game.id: game for game in GAMES}
CHOOSING = ["arkantis", "atlantis"]
"""The games whose random bot chooses from the legal commands alone."""


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


@pytest.mark.parametrize("game_id", CHOOSING)
def test_the_random_bot_chooses_from_commands(game_id: str) -> None:
    bots = BY_ID[game_id].play.bots
    assert chooser_of(make_bot_from(bots, "random")) is not None
    assert chooser_of(make_bot_from(bots, "greedy")) is None


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("game_id", CHOOSING)
def test_no_view_is_built_and_the_game_is_the_same(game_id: str, seed: int) -> None:
    game = BY_ID[game_id]
    bot = make_bot_from(game.play.bots, "random")
    blind = dataclasses.replace(game, privacy=dataclasses.replace(game.privacy, view_for=_no_views))
    from_commands = _played(blind, bot, seed)
    assert from_commands == _played(game, _ViewOnly(bot), seed)


@pytest.mark.parametrize("game_id", CHOOSING)
def test_the_apps_bot_turns_build_no_view(game_id: str) -> None:
    """The app's bot turn (``GameSession.bot_command``) gives the commands, not a view,
    and the bot picks what it would pick from its view."""
    from atlantis_tui.session import GameSession, Seat

    game = BY_ID[game_id]
    blind = dataclasses.replace(game, privacy=dataclasses.replace(game.privacy, view_for=_no_views))
    seats = [Seat("Ann", "random"), Seat("Bob", "random")]
    session = GameSession.new(seats, seed=5, game=blind)
    for turn in range(30):
        if game.is_over(session.state):
            break
        seat = game.to_act(session.state)
        assert seat is not None
        expected = session.bots[seat].decide(
            game.privacy.view_for(session.state, seat), random.Random(turn)
        )
        session.bot_rngs[seat] = random.Random(turn)
        command = session.bot_command()
        assert command == expected
        session.play(command)
