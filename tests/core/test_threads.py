"""Boards and views stay right when bots think in threads (issue 12).

The app runs bots and hints in worker threads while the main thread builds
views for the log. Every board ``Board.of`` hands back, in any thread, must be
the board of the position it was asked about.
"""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Iterator

import pytest

from core.atlantis.board import Board
from core.atlantis.bots import BotSettings, make_bot
from core.atlantis.state import State
from core.atlantis.view import hide_lower_tiles, view_for
from tests.core.helpers import seeded_game


def _same(one: Board, other: Board) -> bool:
    return (one.items, one.values, one.gaps, one.first_land, one.last_land) == (
        other.items,
        other.values,
        other.gaps,
        other.first_land,
        other.last_land,
    )


def _positions(seed: int, count: int) -> list[State]:
    greedy = make_bot("greedy")
    rng = random.Random(seed)
    game = seeded_game(["A", "B", "C", "D"], seed)
    states: list[State] = []
    while not game.state.is_over and len(states) < count:
        seat = game.state.to_act
        assert seat is not None
        states.append(game.state)
        game.play(greedy.decide(view_for(game.state, seat), rng))
    return states


@pytest.fixture
def checked_boards(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every ``Board.of`` answer is compared with a board built afresh; mismatches listed."""
    wrong: list[str] = []
    # The classmethod's own function, to call with any class: mypy types ``Board.of`` as
    # already bound, without ``__func__``.
    original = Board.of.__func__  # type: ignore[attr-defined]

    def checked(cls: type[Board], state: State) -> Board:
        board: Board = original(cls, state)
        if not _same(board, Board(state)):
            wrong.append(f"{threading.current_thread().name}: turn {state.turn}")
        return board

    monkeypatch.setattr(Board, "of", classmethod(checked))
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    try:
        yield wrong
    finally:
        sys.setswitchinterval(interval)


def test_bots_in_threads_and_views_in_the_main_thread_get_their_own_boards(
    checked_boards: list[str],
) -> None:
    settings = BotSettings(time_budget=None, iterations=8)
    work = _positions(1, 40)
    shown = _positions(2, 200)
    errors: list[BaseException] = []

    def think(name: str, states: list[State]) -> None:
        bot = make_bot(name, settings)
        rng = random.Random(name)
        try:
            for state in states:
                seat = state.to_act
                assert seat is not None
                bot.decide(view_for(state, seat), rng)
        except BaseException as error:  # reported by the main thread
            errors.append(error)

    workers = [
        threading.Thread(target=think, args=(name, work[index::3]), name=name)
        for index, name in enumerate(("expert", "greedy", "random"))
    ]
    for worker in workers:
        worker.start()
    views = 0
    while any(worker.is_alive() for worker in workers) or views < 2 * len(shown):
        state = shown[views % len(shown)]
        for seat in range(state.player_count):
            view = view_for(state, seat)
            assert view.state.spaces == hide_lower_tiles(state.spaces)
            assert _same(Board.of(view.state), Board(state))
        views += 1
    for worker in workers:
        worker.join()
    assert not errors
    assert not checked_boards
