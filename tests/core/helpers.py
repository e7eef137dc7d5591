"""Shared helpers for the rule tests: prepared positions, Atlantis games on the kernel's
``Game``, and lookups."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

from msgspec.structs import replace

from core.atlantis.board import Board
from core.atlantis.commands import AnyCommand, Move, Payment
from core.atlantis.events import AnyEvent, CardsDrawn, GameStarted
from core.atlantis.game_type import ATLANTIS
from core.atlantis.items import Item
from core.atlantis.options import DEFAULT_OPTIONS, Options
from core.atlantis.positions import parse_cards, prepared_game
from core.atlantis.setup import new_game
from core.atlantis.state import PAWN_LETTERS, State
from core.kernel.game import Game, Listener

T = TypeVar("T")

AtlantisGame = Game[State, AnyEvent, AnyCommand]
"""An Atlantis game in progress: the kernel's ``Game`` driven by ``ATLANTIS``."""


def seeded_game(
    players: Sequence[str],
    seed: int = 0,
    options: Options = DEFAULT_OPTIONS,
    listener: Listener | None = None,
) -> AtlantisGame:
    """A new game whose chance comes from a plain ``seed`` (``random.Random``), so that
    a number keeps naming the same table whatever the kernel does; a game from a
    secret is ``Game.new(ATLANTIS, players, secret=...)``. The listener hears the
    opening events, as ``Game.new`` has it hear them."""
    events = new_game(tuple(players), seed, options)
    if listener is not None:
        for event in events:
            listener(event)
    return Game(ATLANTIS, events, listener)


def opened(events: Sequence[AnyEvent], listener: Listener | None = None) -> AtlantisGame:
    """A game continued from ``events`` that do not say where each action begins (a
    list made by hand, a record cut short): the game's full check finds them, as for
    a save written before files recorded them."""
    assert ATLANTIS.records.find_actions is not None
    return Game(ATLANTIS, events, listener, ATLANTIS.records.find_actions(events))


def cards(text: str) -> tuple[int, ...]:
    """Card items from text such as ``"Fl Fl He"``."""
    return parse_cards(text)


def prepare(
    path: str,
    players: Sequence[str],
    *,
    hands: Mapping[str, str] | None = None,
    collected: Mapping[str, str] | None = None,
    current: str | None = None,
    options: Options = DEFAULT_OPTIONS,
    home: Mapping[str, str] | None = None,
    deck_after_deal: Sequence[int] | None = None,
) -> list[AnyEvent]:
    """``prepared_game`` plus pawns already on the Mainland and a chosen draw pile.

    ``home`` maps a player to the letters of his pawns standing on the Mainland.
    ``deck_after_deal`` replaces the draw pile left once the hands are dealt.
    """
    events = prepared_game(
        path,
        players,
        hands=hands,
        collected=collected,
        current=current,
        options=options,
        home=home,
    )
    if deck_after_deal is not None:
        started = events[0]
        assert isinstance(started, GameStarted)
        dealt = sum(e.count for e in events[1:] if isinstance(e, CardsDrawn))
        deck = started.deck[:dealt] + tuple(deck_after_deal)
        events = [replace(started, deck=deck), *events[1:]]
    return events


def game(
    path: str,
    players: Sequence[str],
    *,
    hands: Mapping[str, str] | None = None,
    collected: Mapping[str, str] | None = None,
    current: str | None = None,
    options: Options = DEFAULT_OPTIONS,
    home: Mapping[str, str] | None = None,
    deck_after_deal: Sequence[int] | None = None,
) -> AtlantisGame:
    """A game opened on a prepared position (see ``prepare``); no action is played yet."""
    events = prepare(
        path,
        players,
        hands=hands,
        collected=collected,
        current=current,
        options=options,
        home=home,
        deck_after_deal=deck_after_deal,
    )
    return Game(ATLANTIS, events)


def top(state: State, space: int) -> int:
    """The id of the top tile of a land space."""
    tile = state.top(space)
    assert tile is not None, f"space {space} is water"
    return tile


def tile_name(state: State, tile: int) -> str:
    """``Fl4`` style name of a tile id."""
    return str(state.tiles[tile])


def held(state: State, seat: int, name: str) -> int:
    """The id of the first collected tile of ``seat`` named ``name`` (e.g. ``Am7``)."""
    for tile in state.collected[seat]:
        if str(state.tiles[tile]) == name:
            return tile
    raise AssertionError(f"seat {seat} holds no {name}")


def collected_names(state: State, seat: int) -> list[str]:
    return [str(state.tiles[tile]) for tile in state.collected[seat]]


def move(seat: int, pawn: str, played: str, tiles: Sequence[int] = (), paid: str = "") -> Move:
    """A ``Move`` of pawn letter ``pawn`` playing ``played`` and paying tiles and cards."""
    return Move(
        seat,
        PAWN_LETTERS.index(pawn),
        cards(played),
        Payment(tuple(tiles), cards(paid)),
    )


def events_of(events: Sequence[AnyEvent], kind: type[T]) -> list[T]:
    """The events of ``kind`` among ``events``, in order."""
    return [event for event in events if isinstance(event, kind)]


def only(events: Sequence[AnyEvent], kind: type[T]) -> T:
    """The one event of ``kind`` among ``events`` (fails if there are none or several)."""
    found = events_of(events, kind)
    assert len(found) == 1, events
    return found[0]


def of_kind(event: AnyEvent, kind: type[T]) -> T:
    """``event``, checked to be a ``kind`` (an event as a seat is shown it, say)."""
    assert isinstance(event, kind), event
    return event


def gap_spans(state: State) -> list[tuple[int, int, int, bool]]:
    """Every gap as (first, last, price, bridged)."""
    return [(gap.first, gap.last, gap.price, gap.bridged) for gap in Board(state).gaps]


ITEM = Item
