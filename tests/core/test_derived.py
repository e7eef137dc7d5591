"""Values carried from state to state (``core.atlantis.derived``) equal those built afresh."""

from __future__ import annotations

import random

from core.atlantis.board import Board
from core.atlantis.bots import make_bot
from core.atlantis.view import hidden_spaces, hide_lower_tiles, view_for
from tests.core.helpers import seeded_game


def _boards_equal(carried: Board, fresh: Board) -> bool:
    return (
        carried.items == fresh.items
        and carried.values == fresh.values
        and carried.first_land == fresh.first_land
        and carried.last_land == fresh.last_land
        and carried.gaps == fresh.gaps
        and carried.bridge_spaces == fresh.bridge_spaces
        and carried.reach == fresh.reach
    )


def test_carried_boards_and_hidden_spaces_equal_fresh_ones() -> None:
    checked = 0
    for seed in range(30):
        players = 2 + seed % 3
        bots = [make_bot("greedy" if seed % 2 else "random") for _ in range(players)]
        rng = random.Random(seed)
        game = seeded_game([f"P{n}" for n in range(players)], seed)
        while not game.state.is_over:
            state = game.state
            seat = state.to_act
            assert seat is not None
            view = view_for(state, seat)
            assert _boards_equal(Board.of(state), Board(state))
            assert _boards_equal(Board.of(view.state), Board(view.state))
            assert hidden_spaces(state) == hide_lower_tiles(state.spaces)
            checked += 1
            game.play(bots[seat].decide(view, rng))
    assert checked > 1000


def test_what_ifs_on_a_view_carry_boards_that_equal_fresh_ones() -> None:
    """A bot plays on from its view: uncovered tiles are unknown on both boards alike."""
    from core.atlantis.decide import decide
    from core.atlantis.evolve import evolve

    greedy = make_bot("greedy")
    rng = random.Random(3)
    for seed in range(10):
        game = seeded_game(["A", "B", "C"], seed)
        for _ in range(40):
            if game.state.is_over:
                break
            seat = game.state.to_act
            assert seat is not None
            game.play(greedy.decide(view_for(game.state, seat), rng))
        if game.state.is_over:
            continue
        seat = game.state.to_act
        assert seat is not None
        world = view_for(game.state, seat).state
        Board.of(world)
        for _ in range(6):
            if world.phase != "playing" or world.current != seat:
                break
            for event in decide(world, greedy.decide(view_for(world, seat), rng)):
                world = evolve(world, event)
                assert _boards_equal(Board.of(world), Board(world))


def test_evolve_all_equals_stepping_and_carries_the_same_boards() -> None:
    from functools import reduce

    from core.atlantis.evolve import evolve, evolve_all

    for seed in range(12):
        players = 2 + seed % 3
        bots = [make_bot("greedy") for _ in range(players)]
        rng = random.Random(seed)
        game = seeded_game([f"P{n}" for n in range(players)], seed)
        while not game.state.is_over:
            state = game.state
            seat = state.to_act
            assert seat is not None
            Board.of(state)
            events = game.play(bots[seat].decide(view_for(state, seat), rng))
            stepped = reduce(evolve, events, state)
            assert evolve_all(state, events) == stepped == game.state
            assert _boards_equal(Board.of(game.state), Board(stepped))
            assert _boards_equal(Board.of(stepped), Board(stepped))


def test_landing_beyond_the_last_land_space_is_the_mainland() -> None:
    from core.atlantis.items import ITEM_COUNT
    from core.atlantis.state import MAINLAND

    game = seeded_game(["A", "B"], 3)
    board = Board.of(game.state)
    for start in (board.last_land, board.last_land + 1, MAINLAND):
        assert all(board.landing(start, item) == MAINLAND for item in range(ITEM_COUNT))
