"""The kit can fail: variants of the toy game that break one promise each are caught.

The toy game itself passes the whole kit (it is one of the kit's games in
``conftest.py``), which shows the kit asks nothing a game does not give
through its descriptor. Each variant here keeps every promise but one, and
the kit's own test for that promise must fail on it.
"""

from __future__ import annotations

import dataclasses

import pytest

from core.games import GAMES
from tests.conformance import kernel_access, online_access
from tests.conformance import test_bots as bots_kit
from tests.conformance import test_determinism as determinism_kit
from tests.conformance import test_hidden_information as hidden_kit
from tests.conformance.toy_game import (
    LEAKY_EVENTS,
    LEAKY_VIEW,
    PEEKING,
    TOY,
    UNPLANTED,
    UNSEEDED,
)


def test_a_view_that_shows_the_other_hand_is_caught() -> None:
    with pytest.raises(AssertionError, match="view"):
        hidden_kit.test_no_view_shows_what_its_seat_may_not_see(LEAKY_VIEW)
    hidden_kit.test_no_event_shows_a_seat_what_it_may_not_see(LEAKY_VIEW)


def test_events_that_show_the_other_players_draws_are_caught() -> None:
    with pytest.raises(AssertionError, match="Drawn"):
        hidden_kit.test_no_event_shows_a_seat_what_it_may_not_see(LEAKY_EVENTS)
    hidden_kit.test_no_view_shows_what_its_seat_may_not_see(LEAKY_EVENTS)


def test_a_bot_that_reads_past_its_view_is_caught() -> None:
    """Its views hold nothing they should not, as the view tests read them; the bot
    test alone sees that the bot decides from more."""
    hidden_kit.test_no_view_shows_what_its_seat_may_not_see(PEEKING)
    with pytest.raises(AssertionError, match="bot peeking chose"):
        bots_kit.test_every_bot_decides_legally_from_the_view_alone(PEEKING)


def test_a_game_that_hides_hands_and_plants_nothing_fails_the_privacy_tests() -> None:
    """Its views and events hide the other hands well, yet nothing of that is checked
    without markers: the kit fails it rather than pass it unchecked."""
    with pytest.raises(AssertionError, match="hides information but has no plant"):
        hidden_kit.test_a_game_that_hides_information_says_where(UNPLANTED)
    with pytest.raises(AssertionError, match="no view is checked"):
        hidden_kit.test_no_view_shows_what_its_seat_may_not_see(UNPLANTED)
    with pytest.raises(AssertionError, match="no event is checked"):
        hidden_kit.test_no_event_shows_a_seat_what_it_may_not_see(UNPLANTED)
    with pytest.raises(AssertionError, match="no plant"):
        hidden_kit.test_planting_finds_something_hidden_from_every_seat(UNPLANTED)


def test_a_game_that_hides_nothing_yet_plants_is_caught() -> None:
    hiding_nothing = dataclasses.replace(
        TOY, privacy=dataclasses.replace(TOY.privacy, hides_information=False)
    )
    with pytest.raises(AssertionError, match="says it hides nothing"):
        hidden_kit.test_a_game_that_hides_information_says_where(hiding_nothing)


def test_chance_that_does_not_come_from_the_secret_is_caught() -> None:
    with pytest.raises(AssertionError):
        determinism_kit.test_setup_gives_the_same_opening_for_the_same_secret(UNSEEDED)


def test_the_toy_game_is_no_registered_game() -> None:
    """It proves the kit, and the program does not offer it."""
    assert TOY.id not in GAMES


def test_a_registered_game_without_saves_or_online_play_fails_rather_than_skips(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Only a game the program does not offer may skip what the kernel cannot do for it."""
    monkeypatch.setattr(kernel_access, "is_registered", lambda game: True)
    monkeypatch.setattr(online_access, "is_registered", lambda game: True)
    with pytest.raises(pytest.fail.Exception, match="no full check"):
        kernel_access.require_saves(TOY)
    with pytest.raises(pytest.fail.Exception, match="online host"):
        online_access.require_online(TOY)
