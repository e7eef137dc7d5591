"""Prepared positions: a game that opens on a given board, hands and tiles.

Rulebook examples, lessons and tests describe a position in the notation of
``core.atlantis.notation``; ``prepared_game`` turns one into ordinary events (a
``GameStarted`` with pawns, collected tiles and bridges, then the deal), so a
prepared position replays, saves and checks like any game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from core.atlantis.decide import chance_shuffle, draw
from core.atlantis.events import AnyEvent, GameStarted
from core.atlantis.evolve import evolve, initial_state
from core.atlantis.hands import hand_of
from core.atlantis.i18n import _
from core.atlantis.items import ITEM_COUNT, parse_item
from core.atlantis.notation import parse_path
from core.atlantis.options import DEFAULT_OPTIONS, Options
from core.atlantis.state import (
    ATLANTIS,
    CARDS_PER_ITEM,
    MAINLAND,
    PATH_LENGTH,
    PAWN_LETTERS,
    PAWNS_PER_PLAYER,
)
from core.atlantis.tiles import Tile


def parse_cards(text: str) -> tuple[int, ...]:
    """Cards written as item names or abbreviations: ``"Fl Fl He"`` or ``"flag,ring"``."""
    return tuple(int(parse_item(word)) for word in text.replace(",", " ").split())


def _parse_tile(text: str) -> tuple[int, int]:
    text = text.strip()
    return int(parse_item(text[:-1])), int(text[-1])


def prepared_game(
    path: str,
    players: Sequence[str],
    *,
    hands: Mapping[str, str] | None = None,
    collected: Mapping[str, str] | None = None,
    current: str | None = None,
    options: Options = DEFAULT_OPTIONS,
    seed: int = 0,
    bridge_owners: Sequence[str] = (),
    home: Mapping[str, str] | None = None,
) -> list[AnyEvent]:
    """Events that open a game at the position ``path`` (spaces from 1 on).

    ``hands`` maps a player to his cards (``"Ri He He"``); ``collected`` to his
    tiles (``"Am7 Fl2"``). The rest of the 105 cards form the draw pile in item
    order. Spaces after the written path are left empty, so the Mainland
    follows the last written land space (T7.2). Bridges (``~B~``) belong, in
    path order, to ``bridge_owners``, or else to the players in seat order.
    ``home`` maps a player to the letters of his pawns already on the Mainland.
    """
    names = tuple(players)
    seat_of = {name: seat for seat, name in enumerate(names)}
    spaces = parse_path(path)
    if len(spaces) > PATH_LENGTH:
        raise ValueError(
            _("a path has at most {most} spaces, not {count}").format(
                most=PATH_LENGTH, count=len(spaces)
            )
        )
    tiles: list[Tile] = []
    stacks: list[tuple[int, ...]] = []
    pawns = [[ATLANTIS] * PAWNS_PER_PLAYER for _name in names]
    bridges: list[int | None] = [None] * len(names)
    owners = [seat_of[name] for name in bridge_owners] or list(range(len(names)))
    for number, space in enumerate(spaces, start=1):
        stack = []
        for item, value in space.tiles:
            stack.append(len(tiles))
            tiles.append(Tile(item, value, "A"))
        stacks.append(tuple(stack))
        if space.bridged and owners:
            bridges[owners.pop(0)] = number
        if space.pawn is not None:
            name, letter = space.pawn
            if name not in seat_of:
                raise ValueError(_("pawn of unknown player {name}").format(name=repr(name)))
            pawns[seat_of[name]][PAWN_LETTERS.index(letter)] = number
    for name, letters in (home or {}).items():
        for letter in letters:
            pawns[seat_of[name]][PAWN_LETTERS.index(letter.upper())] = MAINLAND
    stacks += [()] * (PATH_LENGTH - len(stacks))
    held: list[tuple[int, ...]] = [() for _name in names]
    for name, text in (collected or {}).items():
        ids = []
        for word in text.split():
            ids.append(len(tiles))
            item, value = _parse_tile(word)
            tiles.append(Tile(item, value, "A"))
        held[seat_of[name]] = tuple(ids)
    hand_cards = [parse_cards((hands or {}).get(name, "")) for name in names]
    remaining = [CARDS_PER_ITEM - sum(h.count(i) for h in hand_cards) for i in range(ITEM_COUNT)]
    if min(remaining) < 0:
        raise ValueError(_("the hands hold more than 15 cards of one item"))
    deck = tuple(card for cards in hand_cards for card in cards) + tuple(
        item for item in range(ITEM_COUNT) for _copy in range(remaining[item])
    )
    start = seat_of[current] if current is not None else 0
    started = GameStarted(
        names,
        options,
        tuple(tiles),
        tuple(stacks),
        deck,
        start,
        seed,
        pawns=tuple(tuple(p) for p in pawns),
        collected=tuple(held),
        bridges=tuple(bridges),
    )
    state = initial_state(started)
    events: list[AnyEvent] = [started]
    for seat, cards in enumerate(hand_cards):
        dealt = draw(state, seat, len(cards), "deal", chance_shuffle)
        for event in dealt:
            state = evolve(state, event)
        events += dealt
    assert all(state.hands[seat] == hand_of(cards) for seat, cards in enumerate(hand_cards))
    assert all(0 <= p <= MAINLAND for row in pawns for p in row)
    return events
