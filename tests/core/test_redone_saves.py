"""Saves where a player undid a turn and redid it open everywhere, in every game.

Redo appends the very events the undo took back. After an undo that showed
cards of a pile, the rules alone would shuffle that pile before its next
draw, so ArkantiS's and Atlantica's checks once refused a redone purchase or
draw ("L2: the rules do not give this event here"), and Continue, the
replay, the log and the review refused the save. The two files here were
written so (undo then redo, as the app plays); the record's format did not
change, so they open as they are, with nothing to repair.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from atlantis_tui.session import GameSession
from core.games import GAMES
from core.kernel.events import actions_in_force, events_in_force
from core.kernel.redo import redo_stack_of, redone_actions
from core.kernel.replay import Replay
from core.kernel.save_lifecycle import read_checked
from core.services.review import positions_of

FIXTURES = Path(__file__).parent.parent / "fixtures" / "redone"
SAVES = sorted(FIXTURES.glob("*.atlantis.jsonl"))


def test_there_is_a_redone_save_of_each_game_with_hidden_piles() -> None:
    assert {save.name.split("-")[0] for save in SAVES} == {"arkantis", "atlantica"}


@pytest.mark.parametrize("save", SAVES, ids=[save.name for save in SAVES])
def test_a_redone_save_checks_continues_replays_and_is_reviewed(save: Path, tmp_path: Path) -> None:
    path = tmp_path / save.name
    shutil.copyfile(save, path)
    checked = read_checked(path, GAMES)
    assert checked.problem is None, str(checked.problem)
    game = GAMES.get(checked.header.game)
    assert redone_actions(checked.events, checked.actions), "the file holds a redo"

    session = GameSession.load(path)
    try:
        assert session.state == game.fold(list(checked.events))
    finally:
        session.close()
    assert path.read_bytes() == save.read_bytes(), "nothing was rewritten"

    replay = Replay(game, checked.events, checked.actions)
    assert replay.seek(replay.last) == len(checked.events) - 1

    decisions = positions_of(game, checked.events, checked.actions, 0.0, 1)
    assert len(decisions) == len(actions_in_force(checked.events, checked.actions))


def test_what_an_undo_took_back_is_redone_from_the_record() -> None:
    """The kernel reads the redo stack from the record's shape alone."""
    save = SAVES[0]
    checked = read_checked(save, GAMES)
    undone_then_redone = redo_stack_of(checked.events, checked.actions)
    assert undone_then_redone == []  # the undo was redone: nothing is left to redo
    cut = list(checked.events)
    marker = max(i for i, event in enumerate(cut) if type(event).__name__ == "EventsUndone")
    before_redo = cut[: marker + 1]
    actions = [action for action in checked.actions if action.start < marker]
    (block,) = redo_stack_of(before_redo, actions)
    assert list(block.events) == [cut[index] for index in block.taken] and events_in_force(
        before_redo
    ) + list(block.events) == events_in_force(cut)
