"""The session keeps where each action begins, through play, undo and redo."""

from __future__ import annotations

import random
from pathlib import Path

from atlantis_tui.session import GameSession, Seat
from core.atlantis.check import check_events
from core.atlantis.evolve import events_in_force


def _starts_from_scratch(session: GameSession) -> list[int]:
    return list(check_events(events_in_force(session.events)).command_starts)


def test_action_starts_stay_those_a_full_check_finds(tmp_path: Path) -> None:
    """Random play with undos and redos; after each step the kept starts are exact."""
    seats = [Seat("Ann"), Seat("Rob", "random"), Seat("Bob")]
    session = GameSession.new(seats, seed=9, save_dir=tmp_path)
    chooser = random.Random(3)
    bot = session.bots[1]
    for _step in range(150):
        if session.state.is_over:
            break
        roll = chooser.random()
        if roll < 0.15 and session.undo_plan() is not None:
            session.undo()
        elif roll < 0.25 and session.redo_stack:
            session.redo()
        else:
            seat = session.to_act
            assert seat is not None
            session.play(bot.decide(session.view(seat), chooser))
        assert session._starts == _starts_from_scratch(session)
    session.close()
    # Loading the save finds the same starts.
    assert session.path is not None
    again = GameSession.load(session.path)
    assert again._starts == _starts_from_scratch(again)
    again.close()
