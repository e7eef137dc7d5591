"""One way for a game to list its bots: ``core.kernel.bots.bot_list``.

Every game's ``BOTS`` is made with it: the bots that do not search are made alike
whatever the settings, the ones that search get the player's budgets, and the
list pickles (``atlantis simulate --jobs`` sends the descriptor to its workers).
"""

from __future__ import annotations

import pickle
import random
from dataclasses import dataclass

import pytest

from core.games import GAMES
from core.kernel.bot_settings import BotSettings
from core.kernel.bots import bot_list, make_bot_from
from core.kernel.registry import AnyGameType


@dataclass
class Fixed:
    name = "fixed"

    def decide(self, view: int, rng: random.Random) -> int:
        return view


@dataclass
class Budgeted:
    time_budget: float | None
    iterations: int | None
    name = "budgeted"

    def decide(self, view: int, rng: random.Random) -> int:
        return view + (self.iterations or 0)


BOTS = bot_list(plain={"fixed": Fixed}, searching={"budgeted": Budgeted})


def test_a_searching_bot_gets_the_settings_and_a_plain_one_ignores_them() -> None:
    settings = BotSettings(time_budget=0.5, iterations=7)
    budgeted = make_bot_from(BOTS, "budgeted", settings)
    assert isinstance(budgeted, Budgeted)
    assert (budgeted.time_budget, budgeted.iterations) == (0.5, 7)
    assert budgeted.decide(1, random.Random(0)) == 8
    assert isinstance(make_bot_from(BOTS, "fixed", settings), Fixed)


def test_the_list_pickles_and_still_makes_its_bots() -> None:
    again = pickle.loads(pickle.dumps(BOTS))
    assert isinstance(make_bot_from(again, "budgeted"), Budgeted)


def test_two_bots_of_one_name_are_refused() -> None:
    with pytest.raises(ValueError, match="two bots are called fixed"):
        bot_list(plain={"fixed": Fixed}, searching={"fixed": Budgeted})


@pytest.mark.parametrize("game", list(GAMES), ids=lambda game: game.id)
def test_every_game_lists_its_bots_so(game: AnyGameType) -> None:
    """Each game's bots are made by the kernel's factories, and are named as listed."""
    bots = game.play.bots
    assert pickle.loads(pickle.dumps(bots)).keys() == bots.keys()
    for name, factory in bots.items():
        assert type(factory).__module__ == "core.kernel.bots", name
        bot = make_bot_from(bots, name, BotSettings(time_budget=0.01, iterations=2))
        assert bot.name == name
