"""``evolve(state, event)``: the one place where the state changes; ``fold`` rebuilds it.

``evolve`` trusts its events: ``decide`` made them, or ``judging`` checked them
when they were read from a file. Each handler replaces only the fields its
event touches. Cards leave piles by position, not by name, and a card a view
may not see (``""``) stands for any card, so that a seat's own fold of the
events it was sent (``view.event_for``) keeps every size right. ``fold`` reads
a record through its undo markers (the kernel's ``EventsUndone``) with a stack
of states, so an undo goes back down the stack instead of folding again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from msgspec.structs import replace

from core.atlantica.cards import HURRICANE, SHIP_PILES
from core.atlantica.decided import recall
from core.atlantica.events import (
    AnyEvent,
    DisplayRefilled,
    DiverCardsPlayed,
    DiverDeckReshuffled,
    DiversHired,
    GameEnded,
    GameScored,
    GameStarted,
    HiredDiversJoinedHand,
    HurricaneDrawn,
    PileShuffled,
    ResearchChoicesMade,
    ResearchTaken,
    ShipChartered,
    TreasuresReleased,
    TreasureTaken,
    TurnEnded,
    TurnPassed,
)
from core.atlantica.locations import RESEARCH_SPACES, TREASURE_SPACES
from core.atlantica.scoring import next_chooser
from core.atlantica.state import HAND_DEAL, State

# Reading a record through its undos is the kernel's; offered here beside ``fold``.
from core.kernel.events import events_in_force as events_in_force
from core.kernel.fold import states_through_undos

HIDDEN = ""
"""A card its holder's view may not show (``view.HIDDEN``)."""


def _put(items: tuple[Any, ...], index: int, value: object) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _without(cards: tuple[str, ...], removed: Iterable[str]) -> tuple[str, ...]:
    """``cards`` less ``removed``; a card not found takes a hidden one's place."""
    left = list(cards)
    for card in removed:
        if card in left:
            left.remove(card)
        elif HIDDEN in left:
            left.remove(HIDDEN)
    return tuple(left)


def _shown(cards: tuple[str, ...], count: int) -> tuple[str, ...]:
    """An event's cards, or as many hidden ones when a view blanked them."""
    return cards if len(cards) == count else (HIDDEN,) * count


def _display(cards: Iterable[str], size: int) -> tuple[str, ...]:
    shown = tuple(cards)[:size]
    return shown + (HIDDEN,) * (size - len(shown))


def initial_state(event: GameStarted) -> State:
    """S3–S7: the hands, piles and displays the opening gives (or a prepared position's)."""
    count = len(event.players)
    empty: tuple[tuple[str, ...], ...] = ((),) * count
    prepared = event.prepared
    if prepared is not None:
        hands = prepared.hands
        treasure_display = _display(prepared.treasure_display, TREASURE_SPACES)
        research_display = _display(prepared.research_display, RESEARCH_SPACES)
        draw, main, research_pile = event.divers, event.treasures, event.research
        collected = (prepared.treasures, prepared.ships, prepared.research)
        discard = prepared.discard
    else:
        hands = tuple(
            event.divers[seat * HAND_DEAL : (seat + 1) * HAND_DEAL] for seat in range(count)
        )
        draw = event.divers[count * HAND_DEAL :]
        treasure_display = _display(event.treasures, TREASURE_SPACES)
        main = event.treasures[TREASURE_SPACES:]
        research_display = _display(event.research, RESEARCH_SPACES)
        research_pile = event.research[RESEARCH_SPACES:]
        collected = (empty, empty, empty)
        discard = ()
    holder = prepared.hurricane_holder if prepared is not None else None
    return State(
        players=event.players,
        options=event.options,
        data=event.data,
        hands=hands,
        hired=empty,
        treasures=collected[0],
        ships=collected[1],
        research=collected[2],
        divers=draw,
        discard=discard,
        box=event.box,
        main_pile=main,
        hurricane_pile=event.hurricane,
        treasure_display=treasure_display,
        ship_piles=event.ships,
        research_pile=research_pile,
        research_display=research_display,
        current=event.start_player,
        hurricane_holder=holder,
        released=empty,
        r6_types=empty,  # type: ignore[arg-type]
        r11_types=empty,  # type: ignore[arg-type]
        seed=event.seed,
        secret=event.secret,
    )


def fold(events: Iterable[AnyEvent]) -> State:
    """Rebuild the state from a game's events; the first must be ``GameStarted``.

    Events taken back by an ``EventsUndone`` marker are skipped.
    """
    return states_after(events)[-1]


def states_after(events: Iterable[AnyEvent]) -> list[State]:
    """The state after each event (index k: after events[0..k]), undo markers included."""
    return states_through_undos(events, GameStarted, initial_state, evolve, after_undo)


def hidden_piles(state: State) -> dict[str, tuple[str, ...]]:
    """Each pile whose order nobody sees (``events.HiddenPile``), as the state holds it;
    a ship pile's face-up top card is left out."""
    piles = {
        "divers": state.divers,
        "treasures": state.main_pile,
        "hurricane": state.hurricane_pile,
        "research": state.research_pile,
    }
    for pile, cards in zip(SHIP_PILES, state.ship_piles, strict=True):
        piles[pile] = cards[1:]
    return piles


def after_undo(undone: State, restored: State) -> State:
    """The state an undo goes back to, with what no undo takes back.

    The count of undos only grows. A hidden pile the undone events drew from
    showed cards that are now back on it: it is marked seen, and its next draw
    shuffles it first (``decide``, ``PileShuffled``).
    """
    before, after = hidden_piles(restored), hidden_piles(undone)
    seen = [pile for pile in before if pile in restored.piles_seen or before[pile] != after[pile]]
    return replace(restored, undos=undone.undos + 1, piles_seen=tuple(seen))


def _played(state: State, event: DiverCardsPlayed) -> State:
    player = event.player
    return replace(
        state,
        hands=_put(state.hands, player, _without(state.hands[player], event.cards)),
        discard=(*state.discard, *event.cards),
        acted=(*state.acted, event.location),
        slots_used=state.slots_used + event.level,
        pair_used=state.pair_used or event.pair_slot is not None,
        quiet_passes=0,
    )


def _treasure_taken(state: State, event: TreasureTaken) -> State:
    display = list(state.treasure_display)
    for space in event.spaces:
        display[space - 1] = HIDDEN
    player = event.player
    return replace(
        state,
        treasure_display=tuple(display),
        treasures=_put(state.treasures, player, (*state.treasures[player], *event.cards)),
    )


def _chartered(state: State, event: ShipChartered) -> State:
    index = SHIP_PILES.index(event.pile)
    pile = state.ship_piles[index][1:]
    if pile and event.uncovered:
        pile = (event.uncovered, *pile[1:])
    player = event.player
    return replace(
        state,
        ship_piles=_put(state.ship_piles, index, pile),
        ships=_put(state.ships, player, (*state.ships[player], event.card)),
    )


def _hired(state: State, event: DiversHired) -> State:
    player = event.player
    cards = _shown(event.cards, event.count)
    return replace(
        state,
        divers=state.divers[event.count :],
        hired=_put(state.hired, player, (*state.hired[player], *cards)),
    )


def _research_taken(state: State, event: ResearchTaken) -> State:
    display = list(state.research_display)
    for space in event.spaces:
        display[space - 1] = HIDDEN
    player = event.player
    return replace(
        state,
        research_display=tuple(display),
        research=_put(state.research, player, (*state.research[player], *event.cards)),
    )


def _reshuffled(state: State, event: DiverDeckReshuffled) -> State:
    return replace(
        state,
        divers=(*state.divers, *_shown(event.order, event.count)),
        discard=(),
        reshuffles=state.reshuffles + 1,
        piles_seen=tuple(pile for pile in state.piles_seen if pile != "divers"),
    )


def _pile_shuffled(state: State, event: PileShuffled) -> State:
    seen = tuple(pile for pile in state.piles_seen if pile != event.pile)
    order = event.order
    if event.pile == "divers":
        return replace(state, divers=order, piles_seen=seen)
    if event.pile == "treasures":
        return replace(state, main_pile=order, piles_seen=seen)
    if event.pile == "hurricane":
        return replace(state, hurricane_pile=order, piles_seen=seen)
    if event.pile == "research":
        return replace(state, research_pile=order, piles_seen=seen)
    index = SHIP_PILES.index(event.pile)
    return replace(state, ship_piles=_put(state.ship_piles, index, order), piles_seen=seen)


def _passed(state: State, event: TurnPassed) -> State:
    player = event.player
    cards = _shown(event.cards, event.count)
    return replace(
        state,
        divers=state.divers[event.count :],
        hands=_put(state.hands, player, (*state.hands[player], *cards)),
        quiet_passes=state.quiet_passes + 1 if event.count == 0 else 0,
    )


def _joined(state: State, event: HiredDiversJoinedHand) -> State:
    player = event.player
    cards = _shown(event.cards, event.count)
    return replace(
        state,
        hands=_put(state.hands, player, (*state.hands[player], *cards)),
        hired=_put(state.hired, player, ()),
    )


def _refilled(state: State, event: DisplayRefilled) -> State:
    treasure = event.display == "treasure"
    old = state.treasure_display if treasure else state.research_display
    display = list(old)
    for shift in event.shifts:
        display[shift.source - 1] = HIDDEN
    for shift in event.shifts:
        display[shift.target - 1] = old[shift.source - 1]
    piles = {
        "treasures": state.main_pile,
        "hurricane": state.hurricane_pile,
        "research": state.research_pile,
    }
    holder = state.hurricane_holder
    for draw in event.draws:
        piles[draw.pile] = piles[draw.pile][1:]
        if draw.card == HURRICANE:
            holder = state.current
        else:
            display[draw.space - 1] = draw.card
    if treasure:
        return replace(
            state,
            treasure_display=tuple(display),
            main_pile=piles["treasures"],
            hurricane_pile=piles["hurricane"],
            hurricane_holder=holder,
            quiet_passes=0 if event.draws else state.quiet_passes,
        )
    return replace(
        state,
        research_display=tuple(display),
        research_pile=piles["research"],
        quiet_passes=0 if event.draws else state.quiet_passes,
    )


def _hurricane(state: State, event: HurricaneDrawn) -> State:
    return replace(state, hurricane_holder=event.player, final_turns=event.final_turns)


def _ended(state: State, event: TurnEnded) -> State:
    final = state.final_turns
    if final and final[0] == event.player:
        final = final[1:]
    if event.next_player is None:
        return replace(state, final_turns=final)  # the game ends: GameEnded follows
    return replace(
        state,
        current=event.next_player,
        turn=state.turn + 1,
        acted=(),
        slots_used=0,
        pair_used=False,
        final_turns=final,
    )


def _game_ended(state: State, event: GameEnded) -> State:
    ended = replace(state, phase="scoring", end_reason=event.reason)
    return replace(ended, choosing=next_chooser(ended, -1))


def _released(state: State, event: TreasuresReleased) -> State:
    player = event.player
    return replace(
        state,
        treasures=_put(state.treasures, player, _without(state.treasures[player], event.cards)),
        released=_put(state.released, player, (*state.released[player], *event.cards)),
    )


def _chosen(state: State, event: ResearchChoicesMade) -> State:
    player = event.player
    chosen = replace(
        state,
        r6_types=_put(state.r6_types, player, event.r6_types),
        r11_types=_put(state.r11_types, player, event.r11_types),
    )
    return replace(chosen, choosing=next_chooser(chosen, player))


def _scored(state: State, event: GameScored) -> State:
    return replace(
        state,
        phase="over",
        choosing=None,
        scores=event.scores,
        winners=event.winners,
        tie_break=event.tie_break,
    )


_HANDLERS: dict[type[Any], Callable[[State, Any], State]] = {
    DiverCardsPlayed: _played,
    TreasureTaken: _treasure_taken,
    ShipChartered: _chartered,
    DiversHired: _hired,
    ResearchTaken: _research_taken,
    DiverDeckReshuffled: _reshuffled,
    PileShuffled: _pile_shuffled,
    TurnPassed: _passed,
    HiredDiversJoinedHand: _joined,
    DisplayRefilled: _refilled,
    HurricaneDrawn: _hurricane,
    TurnEnded: _ended,
    GameEnded: _game_ended,
    TreasuresReleased: _released,
    ResearchChoicesMade: _chosen,
    GameScored: _scored,
}


def evolve(state: State, event: AnyEvent) -> State:
    """Apply one event to a state and return the new state."""
    handler = _HANDLERS.get(type(event))
    if handler is None:
        raise TypeError(f"cannot apply {type(event).__name__} to a game in progress")
    return handler(state, event)


def evolve_all(state: State, events: Iterable[AnyEvent]) -> State:
    """``evolve`` of each event in turn; for the events ``decide`` has just made from
    this very state, the state it reached while making them (``decided``)."""
    if isinstance(events, list | tuple):
        decided = recall(state, events)
        if decided is not None:
            return decided
    for event in events:
        state = evolve(state, event)
    return state
