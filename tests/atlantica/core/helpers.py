"""Prepared Atlantica positions for the rule tests (``setup.prepared_game``)."""

from __future__ import annotations

from collections.abc import Sequence

from msgspec.structs import replace

from core.atlantica.commands import AnyCommand
from core.atlantica.decide import decide
from core.atlantica.events import AnyEvent, Prepared
from core.atlantica.evolve import evolve, fold
from core.atlantica.options import DEFAULT_OPTIONS, Options
from core.atlantica.setup import prepared_game
from core.atlantica.state import State

TREASURES = ("ARC-1", "TER-1", "GLD-1", "AMP-1", "EPI-1", "STA-1")
RESEARCH = ("R1-1", "R2-1", "R3-1", "R4-1")


def position(
    hands: Sequence[Sequence[str]],
    *,
    players: Sequence[str] = ("Ana", "Ben"),
    options: Options = DEFAULT_OPTIONS,
    treasure_display: Sequence[str] = TREASURES,
    research_display: Sequence[str] = RESEARCH,
    treasures: Sequence[Sequence[str]] = (),
    ships: Sequence[Sequence[str]] = (),
    research: Sequence[Sequence[str]] = (),
    discard: Sequence[str] = (),
    divers: Sequence[str] | None = None,
    hurricane: Sequence[str] | None = None,
    main: Sequence[str] | None = None,
    ship_piles: Sequence[Sequence[str]] | None = None,
    research_pile: Sequence[str] | None = None,
    start: int = 0,
    secret: str = "",
) -> State:
    """A position laid by hand: the rest of each family of cards in its pile."""
    prepared = Prepared(
        hands=tuple(tuple(hand) for hand in hands),
        treasures=tuple(tuple(row) for row in treasures),
        ships=tuple(tuple(row) for row in ships),
        research=tuple(tuple(row) for row in research),
        treasure_display=tuple(treasure_display),
        research_display=tuple(research_display),
        discard=tuple(discard),
    )
    events = prepared_game(
        players,
        options,
        prepared,
        divers=divers,
        hurricane=hurricane,
        treasures=main,
        ships=ship_piles,
        research=research_pile,
        start_player=start,
        secret=secret,
    )
    return fold(events)


def play(state: State, command: AnyCommand) -> tuple[State, list[AnyEvent]]:
    """The state after ``command``, and its events."""
    events = decide(state, command)
    for event in events:
        state = evolve(state, event)
    return state, events


def with_options(state: State, **changes: object) -> State:
    return replace(state, options=replace(state.options, **changes))
