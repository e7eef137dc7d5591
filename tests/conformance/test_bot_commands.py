"""A bot given the legal commands learns nothing its view would not show.

A bot that chooses from the legal commands alone (``core.kernel.bots.CommandsBot``)
is given ``GameType.play.bot_commands(state)`` (default ``legal_commands``) in
place of a view. At every position of every playout, for every game:

- those commands are ``legal_commands(state)``, in the same order;
- they are the commands the seat to act lists from its own view
  (``legal_commands(view.state)``: every game's view carries the state as the
  seat sees it);
- they stay the same when what the seat may not see is replaced
  (``GameType.privacy.plant``), so they depend on nothing hidden;
- each bot that chooses from them picks the command it decides from its view,
  drawing the same random numbers.
"""

from __future__ import annotations

import random
from typing import Any

from core.kernel.bots import chooser_of, make_bot_from
from core.kernel.registry import AnyGameType
from tests.conformance.playouts import BOT_SETTINGS, command_positions
from tests.conformance.privacy import MARKERS


def _commands(game: AnyGameType, state: Any) -> list[Any]:
    given = game.play.bot_commands or game.legal_commands
    return list(given(state))


def test_bot_commands_are_the_seats_own_legal_commands(game: AnyGameType) -> None:
    for playout, number in command_positions(game):
        state = playout.before(number)
        seat = game.to_act(state)
        assert seat is not None
        given = _commands(game, state)
        where = f"{playout.label}, command {number}"
        assert given == list(game.legal_commands(state)), f"{where}: not legal_commands"
        view = game.privacy.view_for(state, seat)
        assert given == list(game.legal_commands(view.state)), f"{where}: not the view's"
        if game.privacy.plant is not None:
            planted = game.privacy.plant(state, seat, MARKERS[number % 2])
            assert _commands(game, planted) == given, f"{where}: they depend on hidden cards"


def test_bots_choose_from_commands_as_they_decide_from_views(game: AnyGameType) -> None:
    bots = {name: make_bot_from(game.play.bots, name, BOT_SETTINGS) for name in game.play.bots}
    choosers = {name: chooser_of(bot) for name, bot in bots.items()}
    for playout, number in command_positions(game):
        state = playout.before(number)
        seat = game.to_act(state)
        assert seat is not None
        for name, choose in choosers.items():
            if choose is None:
                continue
            by_view, by_commands = random.Random(number), random.Random(number)
            decided = bots[name].decide(game.privacy.view_for(state, seat), by_view)
            chosen = choose((game.play.bot_commands or game.legal_commands)(state), by_commands)
            where = f"{playout.label}, command {number}, bot {name}"
            assert chosen == decided, f"{where}: chose {chosen}, decided {decided}"
            assert by_view.getstate() == by_commands.getstate(), f"{where}: other draws"
