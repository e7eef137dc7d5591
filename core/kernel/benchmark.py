"""The engine benchmark behind ``atlantis bench``.

It plays complete 4-player games with the ``random`` bot on one core and
measures, separately: games per second (deciding and applying every command;
the bots' commands take ``decide``'s trusted path, as in bot-only play),
mean turns per game, the time to rebuild a finished game's state from its
events (``fold``), and the time to preview every move of one pawn.
"""

from __future__ import annotations

import random
import statistics
import time

import msgspec

from core.atlantis.board import Board
from core.atlantis.bots.random_bot import RandomBot
from core.atlantis.events import AnyEvent
from core.atlantis.evolve import evolve, fold
from core.atlantis.game import Game
from core.atlantis.moves import pawn_moves
from core.atlantis.state import MAINLAND, PAWNS_PER_PLAYER, State
from core.atlantis.view import view_for

PLAYERS = ("Ann", "Bob", "Cleo", "Dan")


class BenchResult(msgspec.Struct, frozen=True):
    random_games_per_second: float
    mean_turns_per_game: float
    fold_ms_per_game: float
    preview_us_per_call: float


def play_random_game(seed: int, players: tuple[str, ...] = PLAYERS) -> Game:
    """One complete game of random bots, reproducible from ``seed``."""
    bot = RandomBot()
    rng = random.Random(seed)
    game = Game.new(players, seed)
    while not game.state.is_over:
        seat = game.state.to_act
        assert seat is not None
        # The bot's commands come from the move generator: decide's trusted path.
        game.play(bot.decide(view_for(game.state, seat), rng), trusted=True)
    return game


def _sample_states(events: list[AnyEvent], every: int = 7) -> list[State]:
    """States along a game, to time previews in positions that really occur."""
    states = []
    state = fold(events[:1])
    for index, event in enumerate(events[1:], start=1):
        state = evolve(state, event)
        if index % every == 0 and state.phase == "playing":
            states.append(state)
    return states


def run(games: int = 200, seed: int = 1) -> BenchResult:
    played: list[Game] = []
    start = time.perf_counter()
    for index in range(games):
        played.append(play_random_game(seed + index))
    elapsed = time.perf_counter() - start
    turns = statistics.fmean(game.state.turn for game in played)

    start = time.perf_counter()
    for game in played:
        fold(game.events)
    fold_ms = (time.perf_counter() - start) * 1000 / games

    states = [s for game in played[:20] for s in _sample_states(game.events)]
    calls = 0
    start = time.perf_counter()
    for state in states:
        for pawn in range(PAWNS_PER_PLAYER):
            if state.pawns[state.current][pawn] != MAINLAND:
                # A fresh board each call: the cost a first look at a position pays.
                pawn_moves(state, pawn, board=Board(state))
                calls += 1
    preview_us = (time.perf_counter() - start) * 1e6 / max(calls, 1)
    return BenchResult(games / elapsed, turns, fold_ms, preview_us)
