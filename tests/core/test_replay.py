"""Replays, undo markers and playing on from a recorded position."""

from __future__ import annotations

import random
from pathlib import Path

from msgspec.structs import replace

from core.atlantis.bots import make_bot
from core.atlantis.bots.play import play_game
from core.atlantis.check import check_events
from core.atlantis.events import EventsUndone, TurnEnded
from core.atlantis.evolve import events_in_force, fold, states_after, undone_positions
from core.atlantis.game_type import ATLANTIS
from core.atlantis.replay import Replay, play_from_here
from core.atlantis.saves import read_save, write_save
from core.atlantis.view import view_for
from core.kernel.game import Game
from tests.core.helpers import AtlantisGame, seeded_game


def _finished_game(seed: int = 21) -> AtlantisGame:
    bots = [make_bot("greedy"), make_bot("random"), make_bot("greedy")]
    game, _ = play_game(bots, seed=seed)
    return game


def _game_with_undos(seed: int = 5) -> AtlantisGame:
    """Greedy bots; every third turn is undone and then played again (redo)."""
    game = seeded_game(["Ann", "Bob", "Cleo"], seed)
    bot, rng = make_bot("greedy"), random.Random(seed)
    turn_start = len(game.events)
    while not game.state.is_over:
        seat = game.state.to_act
        assert seat is not None
        events = game.play(bot.decide(view_for(game.state, seat), rng))
        if any(isinstance(e, TurnEnded) for e in events):
            taken = events_in_force(game.events)[turn_start - _undone(game) :]
            if game.state.turn % 3 == 0:
                game.undo(len(taken))
                game.redo(taken)
            turn_start = len(game.events)
    return game


def _undone(game: AtlantisGame) -> int:
    return len(game.events) - len(events_in_force(game.events))


def test_stepping_forward_and_back_gives_the_folded_states() -> None:
    """At every k, the replay's state is fold(events[:k+1]), going forward and back."""
    events = _finished_game().events
    replay = Replay(events)
    for k in range(len(events)):
        assert replay.seek(k) == k
        assert replay.state == fold(events[: k + 1])
    for k in range(len(events) - 1, -1, -1):
        replay.step(-1 if k < replay.position else 0)
        assert replay.state == fold(events[: replay.position + 1])


def test_turn_jumps_land_on_turn_boundaries() -> None:
    replay = Replay(_finished_game().events)
    replay.next_turn()
    assert isinstance(replay.event, TurnEnded)
    replay.seek_turn(5)
    assert replay.turn == 5
    replay.previous_turn()
    assert replay.turn == 4


def test_undo_markers_fold_to_the_state_before_the_undone_events() -> None:
    game = _game_with_undos()
    markers = [e for e in game.events if isinstance(e, EventsUndone)]
    assert markers, "the record has undos"
    assert fold(game.events) == game.state
    # The events in force fold to the same game; what the undos leave behind is only
    # their count and that the pile was seen (the next draw shuffles it first).
    assert fold(events_in_force(game.events)) == replace(game.state, undos=0, pile_seen=False)
    assert game.state.undos == len(markers)
    states = states_after(game.events)
    replay = Replay(game.events)
    for k in range(0, len(game.events), 7):
        assert replay.seek(k) == k and replay.state == states[k]
    undone = undone_positions(game.events)
    assert len(undone) == sum(m.count for m in markers)
    assert check_events(game.events).ok


def test_play_from_here_keeps_the_original_and_makes_a_valid_game(tmp_path: Path) -> None:
    """The new game passes check, continues, and the source file is byte-for-byte the same."""
    game = _game_with_undos(8)
    source = tmp_path / "source.atlantis.jsonl"
    write_save(source, game.events, actions=game.actions)
    original = source.read_bytes()
    for position in (5, 40, 41, 42, 77, len(game.events) // 2):
        read = read_save(source)
        assert read.actions is not None
        kept, actions = play_from_here(read.events, position, read.actions)
        starts = [action.start for action in read.actions]
        inside = [start for start in starts if start <= position + 1]
        # Cut where an action begins: the one the position is in, or the next.
        assert kept == events_in_force(read.events[: inside[-1]])
        target = tmp_path / f"from-{position}.atlantis.jsonl"
        write_save(target, kept, actions=actions)
        saved = read_save(target)
        assert check_events(saved.events, saved.lines, saved.header, saved.actions).ok
        assert saved.actions == tuple(actions)
        assert not any(isinstance(e, EventsUndone) for e in saved.events)
        resumed = Game(ATLANTIS, saved.events, actions=actions)
        seat = resumed.state.to_act
        assert seat is not None
        resumed.play(make_bot("greedy").decide(view_for(resumed.state, seat), random.Random(1)))
    assert source.read_bytes() == original
