"""No view and no event a seat receives holds what that seat may not see.

The game plants marker values where a seat may not look (``GameType.privacy.plant``
and ``plant_in_event``, see ``privacy.py``); at every event of every playout,
for every seat, the view and the event as that seat receives them must be
what they were without the markers, and hold no marker. So that these tests
cannot pass by planting nothing, planting must change something for every
seat somewhere in the game, when the game declares it hides anything
(``Privacy.hides_information``); a game that declares so and cannot plant
markers fails the kit.
"""

from __future__ import annotations

from core.kernel.registry import AnyGameType
from tests.conformance.playouts import playouts
from tests.conformance.privacy import (
    MARKERS,
    event_leaks,
    open_hands,
    plants_anything,
    plants_in_event,
    unchecked_privacy,
    view_leaks,
)


def test_no_view_shows_what_its_seat_may_not_see(game: AnyGameType) -> None:
    for playout in playouts(game):
        for index, state in enumerate(playout.states):
            for seat in range(len(playout.players)):
                marker = MARKERS[index % len(MARKERS)]
                leaks = view_leaks(game, state, seat, marker)
                assert not leaks, (playout.label, index, leaks)


def test_no_event_shows_a_seat_what_it_may_not_see(game: AnyGameType) -> None:
    for playout in playouts(game):
        hands_open = open_hands(playout.options)
        for index, event in enumerate(playout.events):
            for seat in range(len(playout.players)):
                marker = MARKERS[index % len(MARKERS)]
                leaks = event_leaks(game, event, seat, hands_open, marker)
                assert not leaks, (playout.label, index, leaks)


def test_a_game_that_hides_information_says_where(game: AnyGameType) -> None:
    """``hides_information`` and the places to plant markers agree: a game that hides
    something and gives no ``plant`` fails here instead of passing the kit unchecked."""
    problems = unchecked_privacy(game)
    assert not problems, problems


def test_planting_finds_something_hidden_from_every_seat(game: AnyGameType) -> None:
    """A game that hides something says where, for every seat, in states and events."""
    if not game.privacy.hides_information:
        return  # nothing is hidden, so nothing is planted (the test above checks it)
    assert not unchecked_privacy(game), unchecked_privacy(game)
    for playout in playouts(game):
        hands_open = open_hands(playout.options)
        for seat in range(len(playout.players)):
            assert any(plants_anything(game, s, seat, MARKERS[0]) for s in playout.states), (
                playout.label,
                seat,
            )
            assert any(plants_in_event(game, e, seat, hands_open) for e in playout.events), (
                playout.label,
                seat,
            )


def test_a_watcher_of_a_finished_game_sees_every_event_whole(game: AnyGameType) -> None:
    """``event_for(event, None, …)`` hides nothing: the seat ``None`` is a watcher of a
    finished game (a replay shared afterwards), and planting for it changes nothing."""
    for playout in playouts(game)[:1]:
        hands_open = open_hands(playout.options)
        for event in playout.events:
            assert game.privacy.event_for(event, None, hands_open) == event
            assert not plants_in_event(game, event, None, hands_open)
