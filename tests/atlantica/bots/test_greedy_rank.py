"""The greedy judgement (``greedy_bot.rank``) judges each action once and each payment
once, and remembers what taking cards is worth: it must rank exactly as weighing every
legal command one by one does (the golden streams and every seeded game depend on it)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from core.atlantica.bots.common import takes
from core.atlantica.bots.determinize import determinize
from core.atlantica.bots.greedy_bot import END_TURN_VALUE, SLOT_COST, GreedyBot, _with, rank
from core.atlantica.bots.valuation import hand_value, holdings_of, hope, ladders_for, worth
from core.atlantica.commands import AnyCommand, EndTurn, Pass, PerformAction
from core.atlantica.decide import decide_trusted
from core.atlantica.evolve import evolve, fold
from core.atlantica.legal_commands import legal_commands
from core.atlantica.locations import PASS_DRAW
from core.atlantica.setup import new_game
from core.atlantica.view import PlayerView, view_for
from core.kernel.chance import secret_from_seed


def plain_rank(view: PlayerView) -> list[tuple[float, AnyCommand]]:
    """The greedy judgement of every legal command, one at a time, nothing remembered."""
    state, seat = view.state, view.seat
    ladders = ladders_for(state.data)
    future = hope(state, seat)
    held = holdings_of(state, seat)
    base = worth(ladders, held, future, with_hand=False)[1]
    hand = state.hands[seat]
    colours = Counter(card[0] for card in hand if card)
    hired = len(state.hired[seat])
    base_hand = hand_value(len(hand) + hired, len(colours))
    best: dict[tuple[object, ...], tuple[float, AnyCommand]] = {}
    ranked: list[tuple[float, AnyCommand]] = []
    for command in legal_commands(state):
        if isinstance(command, PerformAction):
            taken, hires = takes(view, command)
            after = worth(ladders, _with(held, taken), future, with_hand=False)[1]
            gain = after - base - SLOT_COST * command.level
            paid = Counter(card[0] for card in command.cards)
            left = sum(1 for colour, count in colours.items() if count > paid[colour])
            cards = len(hand) - len(command.cards) + hired + hires
            value = gain + future * (hand_value(cards, left) - base_hand)
            key = (command.location, command.level, command.picks)
            if key not in best or value > best[key][0]:
                best[key] = (value, command)
        elif isinstance(command, Pass):
            cards = len(hand) + hired + PASS_DRAW
            ranked.append((future * (hand_value(cards, len(colours)) - base_hand), command))
        elif isinstance(command, EndTurn):
            ranked.append((END_TURN_VALUE, command))
        else:
            ranked.append((0.0, command))
    ranked.extend(best.values())
    ranked.sort(key=lambda item: item[0], reverse=True)
    return ranked


@pytest.mark.parametrize("players", [2, 3, 5])
def test_rank_is_the_plain_judgement_of_every_command(players: int) -> None:
    secret = secret_from_seed(players)
    state = fold(new_game(tuple(f"p{seat}" for seat in range(players)), secret=secret))
    bot, rng = GreedyBot(), random.Random(players)
    checked = 0
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        view = view_for(state, seat)
        if state.phase == "turn":
            # Twice: the second call reads what the first remembered.
            assert rank(view) == plain_rank(view) == rank(view)
            checked += 1
        for event in decide_trusted(state, bot.decide(view, rng)):
            state = evolve(state, event)
    assert checked > 20


def test_a_position_met_again_in_another_world_is_ranked_alike() -> None:
    """The playouts of a search go on from worlds that differ in what the seat cannot
    see; ``rank`` remembers what the choices of cards are worth by holdings and board,
    and must answer as the plain judgement does in each world."""
    players = 2
    secret = secret_from_seed(11)
    state = fold(new_game(tuple(f"p{seat}" for seat in range(players)), secret=secret))
    bot, rng = GreedyBot(), random.Random(11)
    checked = 0
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        view = view_for(state, seat)
        if state.phase == "turn" and state.turn % 3 == 0:
            for _world in range(3):
                world = determinize(view, rng)
                for _step in range(6):
                    actor = world.to_act
                    if world.phase != "turn" or actor is None:
                        break
                    seen = view_for(world, actor)
                    assert rank(seen) == plain_rank(seen)
                    checked += 1
                    for event in decide_trusted(world, bot.decide(seen, rng)):
                        world = evolve(world, event)
        for event in decide_trusted(state, bot.decide(view, rng)):
            state = evolve(state, event)
    assert checked > 100
