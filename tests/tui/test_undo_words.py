"""Undo says what it took back in turns, as the player counts them."""

from __future__ import annotations

from atlantis_tui.undo_words import turns_taken_back, undo_message
from core.events import TurnEnded

NAMES = ("Ann", "Greedy 2", "Greedy 3")
BOTS = (False, True, True)


def _events(first: int, *next_players: int) -> list[object]:
    """A turn's worth of play (one placeholder event) before each hand-over."""
    events: list[object] = []
    player = first
    for seat in next_players:
        events += [object(), TurnEnded(player, seat)]
        player = seat
    return events


def test_your_turn_and_the_bots_replies_are_counted_as_turns() -> None:
    """Ann moved, both bots replied, and it is Ann's turn again: three turns, not events."""
    events = _events(0, 1, 2, 0)
    assert turns_taken_back(events, 0) == [0, 1, 2]
    assert undo_message(events, 0, NAMES, BOTS, 0) == "Took back your turn and 2 bot turns."


def test_a_turn_in_progress_is_one_turn() -> None:
    assert undo_message([object()], 0, NAMES, BOTS, 0) == "Took back your turn."


def test_hot_seat_names_the_other_players() -> None:
    """Bob at the keyboard takes back Ann's turn and his own."""
    names, bots = ("Ann", "Bob"), (False, False)
    events = [*_events(0, 1), object()]
    assert undo_message(events, 0, names, bots, 1) == "Took back your turn and Ann's turn."
