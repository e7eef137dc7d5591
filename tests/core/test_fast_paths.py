"""The engine's fast paths agree with the full ones they stand in for."""

from __future__ import annotations

import random

from msgspec.structs import replace

from core.atlantis.board import Board
from core.atlantis.bots import make_bot
from core.atlantis.bots.evaluation import (
    DEBT_WEIGHT,
    HOME_BONUS,
    OTHERS_DEBT_WEIGHT,
    PROGRESS_WEIGHT,
    MoveJudge,
    debt_after_taking,
)
from core.atlantis.decide import decide
from core.atlantis.moves import MovePreview, final_debt, legal_moves, move_list, move_payments
from core.atlantis.options import Options
from core.atlantis.payments import payment_value
from core.atlantis.state import MAINLAND, PATH_LENGTH, State
from core.atlantis.view import view_for
from tests.core.helpers import AtlantisGame, seeded_game


def _games(count: int) -> list[tuple[AtlantisGame, list[str]]]:
    games = []
    for seed in range(count):
        players = 2 + seed % 3
        names = [random.Random(seed * 13 + n).choice(("random", "greedy")) for n in range(players)]
        options = Options(bought_cards_can_pay=seed % 4 != 3, buy_limit=seed % 2)
        games.append((seeded_game([f"P{n}" for n in range(players)], seed, options), names))
    return games


def test_trusted_decisions_and_move_lists_equal_the_fully_checked_ones() -> None:
    checked = 0
    for game, names in _games(24):
        bots = [make_bot(name) for name in names]
        rng = random.Random(len(game.events))
        while not game.state.is_over:
            state = game.state
            seat = state.to_act
            assert seat is not None
            if state.phase == "playing":
                expected = [(p.pawn, p.cards, p.landings, p.owed) for p in legal_moves(state)]
                assert move_list(state) == expected
            command = bots[seat].decide(view_for(state, seat), rng)
            full = decide(state, command)
            assert decide(state, command, trusted=True) == full
            game.play(command)
            checked += 1
    assert checked > 1000


def test_a_view_shares_its_move_list_with_the_state_only_for_the_active_seat() -> None:
    game = seeded_game(["A", "B", "C"], 4)
    state = game.state
    active = view_for(state, state.current).state
    other = view_for(state, (state.current + 1) % 3).state
    assert move_list(active) is move_list(state)
    assert move_list(other) is not move_list(state)


def _reference_gain(state: State, preview: MovePreview, paid: int) -> float:
    """``move_gain`` as first written: whole boards before and after the move."""
    seat = state.current
    board = Board(state)
    before = [final_debt(state, p, board) for p in range(state.player_count)]
    spaces = state.spaces
    if preview.tile_space is not None:
        space = preview.tile_space
        spaces = (*spaces[:space], spaces[space][:-1], *spaces[space + 1 :])
    pawns = list(state.pawns)
    moved = list(pawns[seat])
    moved[preview.pawn] = preview.destination
    pawns[seat] = tuple(moved)
    after_state = replace(state, spaces=spaces, pawns=tuple(pawns))
    after_board = Board(after_state)
    after = [final_debt(after_state, p, after_board) for p in range(state.player_count)]
    tile_value = state.tiles[preview.tile].value if preview.tile is not None else 0
    gain: float = tile_value - len(preview.cards) - paid
    gain -= DEBT_WEIGHT * (after[seat] - before[seat])
    others = [p for p in range(state.player_count) if p != seat]
    gain += OTHERS_DEBT_WEIGHT * sum(after[p] - before[p] for p in others) / len(others)
    gain += (
        PROGRESS_WEIGHT * (min(preview.destination, MAINLAND) - preview.start) / (PATH_LENGTH + 1)
    )
    if preview.destination == MAINLAND:
        gain += HOME_BONUS
    return gain


def test_move_judge_equals_whole_boards_and_listed_payments() -> None:
    """The greedy judgement worked out locally gives exactly the old numbers, in views too."""
    checked = 0
    for game, names in _games(16):
        bots = [make_bot(name) for name in names]
        rng = random.Random(7)
        while not game.state.is_over:
            state = game.state
            seat = state.to_act
            assert seat is not None
            view = view_for(state, seat).state
            if view.phase == "playing":
                judge = MoveJudge(view)
                for preview in legal_moves(view):
                    best = move_payments(view, preview, limit=1)[0]
                    paid = judge.best_payment_points(preview.cards, preview.owed)
                    assert paid == payment_value(view, best)
                    gain = judge.gain(preview.pawn, preview.cards, preview.destination, paid)
                    assert gain == _reference_gain(view, preview, paid)
                    checked += 1
                for space in {p.tile_space for p in legal_moves(view)} - {None}:
                    taken = replace(
                        view,
                        spaces=tuple(
                            s[:-1] if n == space else s for n, s in enumerate(view.spaces)
                        ),
                    )
                    assert debt_after_taking(view, space) == tuple(
                        final_debt(taken, p, Board(taken)) - final_debt(view, p, Board(view))
                        for p in range(view.player_count)
                    )
            game.play(bots[seat].decide(view_for(state, seat), rng))
    assert checked > 5000
