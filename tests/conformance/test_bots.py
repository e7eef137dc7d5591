"""Every bot gives commands the rules accept, decided from its seat's view alone.

From positions of every player count, each bot of ``GameType.play.bots`` is asked
for the command of the seat to act: ``decide`` must accept it. Then the same
bot, with the same random numbers, is given the view of a different full
state that differs only in what the seat may not see (``GameType.privacy.plant``: other
hands, the pile, the secret replaced): it must give the same command. The
first view is taken from a state the rules have already worked on, so that a
bot reading anything beyond its view (a cache the view shares with the full
state, say) is caught.
"""

from __future__ import annotations

import random
from typing import Any

from core.kernel.bots import make_bot_from
from core.kernel.errors import IllegalMove
from core.kernel.registry import AnyGameType
from tests.conformance.playouts import BOT_SETTINGS, Playout, playouts
from tests.conformance.privacy import MARKERS

POSITIONS_PER_PLAYOUT = 3
"""Positions taken from each playout: its first command, and two further on."""


def positions(game: AnyGameType) -> list[tuple[Playout, int]]:
    """(playout, command number): a few positions of every playout, spread over it."""
    chosen = []
    for playout in playouts(game):
        count = len(playout.commands)
        numbers = {count * part // POSITIONS_PER_PLAYOUT for part in range(POSITIONS_PER_PLAYOUT)}
        chosen += [(playout, number) for number in sorted(numbers) if number < count]
    return chosen


def _other_state(game: AnyGameType, playout: Playout, number: int, seat: int) -> Any:
    """A state the seat cannot tell from the one before ``commands[number]``, built afresh."""
    events = playout.events[: playout.starts[number]]
    state = game.fold(events)
    return (
        state
        if game.privacy.plant is None
        else game.privacy.plant(state, seat, MARKERS[number % 2])
    )


def bot_peeks(game: AnyGameType, name: str, playout: Playout, number: int) -> str | None:
    """Why bot ``name`` did not decide from its view alone at this position, if it did not."""
    state = playout.before(number)
    seat = game.to_act(state)
    assert seat is not None
    game.legal_commands(state)  # let the rules work on this state first
    bot = make_bot_from(game.play.bots, name, BOT_SETTINGS)
    chosen = bot.decide(game.privacy.view_for(state, seat), random.Random(number))
    try:
        game.decide(state, chosen)
    except IllegalMove as refusal:
        raise AssertionError(f"{playout.label}: bot {name} chose {chosen}: {refusal}") from None
    other = game.privacy.view_for(_other_state(game, playout, number, seat), seat)
    again = make_bot_from(game.play.bots, name, BOT_SETTINGS).decide(other, random.Random(number))
    if again != chosen:
        return f"{playout.label}, command {number}: bot {name} chose {chosen}, then {again}"
    return None


def test_every_bot_decides_legally_from_the_view_alone(game: AnyGameType) -> None:
    assert game.play.bots, f"{game.id} has no bot"
    for name in sorted(game.play.bots):
        for playout, number in positions(game):
            problem = bot_peeks(game, name, playout, number)
            assert problem is None, problem
