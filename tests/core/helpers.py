"""Shared helpers for the rule tests: prepared positions and lookups."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from msgspec.structs import replace

from core.atlantis.board import Board
from core.atlantis.commands import Move, Payment
from core.atlantis.events import AnyEvent, CardsDrawn, GameStarted
from core.atlantis.game import Game
from core.atlantis.items import Item
from core.atlantis.options import DEFAULT_OPTIONS, Options
from core.atlantis.positions import parse_cards, prepared_game
from core.atlantis.state import PAWN_LETTERS, State


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


def game(path: str, players: Sequence[str], **kwargs: object) -> Game:
    """A ``Game`` opened on a prepared position (see ``prepare``)."""
    return Game(prepare(path, players, **kwargs))  # type: ignore[arg-type]


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


def events_of(events: Sequence[AnyEvent], kind: type) -> list:  # type: ignore[type-arg]
    return [event for event in events if isinstance(event, kind)]


def gap_spans(state: State) -> list[tuple[int, int, int, bool]]:
    """Every gap as (first, last, price, bridged)."""
    return [tuple(gap) for gap in Board(state).gaps]  # type: ignore[misc]


ITEM = Item
