"""Finding hidden information where a seat should not have it, by planted markers.

The game says where a seat may not look (``GameType.privacy.plant`` for a state,
``plant_in_event`` for an event): there it writes values made from a marker, a
number no game holds. What the seat is shown must then be what it was shown
before (the planted values changed nothing it sees), and the marker must be
nowhere in it. These functions return what they found, in words, so that the
kit can assert there is nothing and the toy game's tests that a leaky variant
is caught.
"""

from __future__ import annotations

from typing import Any

import msgspec

from core.kernel.registry import AnyGameType

MARKERS = (7_919_191_919, 6_282_828_283)
"""Distinctive numbers no game holds; two, so that values made from them differ."""


def open_hands(options: Any) -> bool:
    """The ``open_hands`` argument ``event_for`` takes: the rule option of that name,
    for a game that has one."""
    return bool(getattr(options, "open_hands", False))


def encoded(value: Any) -> bytes:
    """``value`` as the wire and the save files write it (JSON), or its ``repr``."""
    try:
        return msgspec.json.encode(value)
    except TypeError:
        return repr(value).encode()


def shows(marker: int, value: Any) -> bool:
    """Whether the marker's digits appear anywhere in ``value`` as written."""
    return str(marker).encode() in encoded(value)


def unchecked_privacy(game: AnyGameType) -> list[str]:
    """What the game's privacy says that the kit cannot check, in words (nothing when
    every hidden value has its place to plant markers).

    A game that hides information (``Privacy.hides_information``) must say where, in
    states and in events: without ``plant`` no view could be checked, without
    ``plant_in_event`` no event, and the kit would pass it unchecked. A game that
    hides nothing must not say where hidden values are.
    """
    privacy = game.privacy
    if not privacy.hides_information:
        if privacy.plant is not None or privacy.plant_in_event is not None:
            return [f"{game.id} says it hides nothing, yet says where hidden values are"]
        return []
    problems = []
    if privacy.plant is None:
        problems.append(f"{game.id} hides information but has no plant: no view is checked")
    if privacy.plant_in_event is None:
        problems.append(
            f"{game.id} hides information but has no plant_in_event: no event is checked"
        )
    return problems


def view_leaks(game: AnyGameType, state: Any, seat: int, marker: int) -> list[str]:
    """What ``seat``'s view of ``state`` gives away of what it may not see (a game that
    hides information and cannot plant markers in a state is a leak in itself)."""
    if game.privacy.plant is None:
        return unchecked_privacy(game)
    seen = game.privacy.view_for(game.privacy.plant(state, seat, marker), seat)
    leaks = []
    if shows(marker, seen):
        leaks.append(f"seat {seat}'s view shows the marker planted where it may not look")
    if seen != game.privacy.view_for(state, seat):
        leaks.append(f"seat {seat}'s view changes with what it may not see")
    return leaks


def event_leaks(
    game: AnyGameType, event: Any, seat: int, hands_open: bool, marker: int
) -> list[str]:
    """What ``event``, as ``seat`` receives it, gives away of what it may not see."""
    if game.privacy.plant_in_event is None:
        return unchecked_privacy(game)
    planted = game.privacy.plant_in_event(event, seat, hands_open, marker)
    seen = game.privacy.event_for(planted, seat, hands_open)
    leaks = []
    if shows(marker, seen):
        leaks.append(f"seat {seat} receives the marker planted in {type(event).__name__}")
    if seen != game.privacy.event_for(event, seat, hands_open):
        leaks.append(
            f"{type(event).__name__} as seat {seat} receives it changes with what it hides"
        )
    return leaks


def received_leaks(
    game: AnyGameType, received: Any, seat: int, hands_open: bool, marker: int
) -> list[str]:
    """What an event ``seat`` was sent (over the wire) holds that it may not see.

    Nothing, when planting markers in it and hiding them again gives it back
    unchanged: every place the seat may not look was already blank.
    """
    if game.privacy.plant_in_event is None:
        return unchecked_privacy(game)
    again = game.privacy.event_for(
        game.privacy.plant_in_event(received, seat, hands_open, marker), seat, hands_open
    )
    if again != received:
        return [f"seat {seat} was sent a {type(received).__name__} holding what it may not see"]
    return []


def plants_anything(game: AnyGameType, state: Any, seat: int, marker: int) -> bool:
    """Whether ``plant`` found anything hidden from ``seat`` in ``state``."""
    return game.privacy.plant is not None and game.privacy.plant(state, seat, marker) != state


def plants_in_event(game: AnyGameType, event: Any, seat: int | None, hands_open: bool) -> bool:
    marker = MARKERS[0]
    return (
        game.privacy.plant_in_event is not None
        and game.privacy.plant_in_event(event, seat, hands_open, marker) != event
    )
