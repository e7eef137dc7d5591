"""``evolve(state, event)``: the one place where the state changes.

It trusts its events: validation happened in ``decide`` when they were made,
or in ``check`` when they were read from a file. Each handler replaces only
the fields its event touches.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from msgspec.structs import replace

from core.atlantis import move_turn, stuck_turn
from core.atlantis.derived import carry, changes_layout
from core.atlantis.events import (
    AnyEvent,
    BridgePlaced,
    CardsBought,
    CardsDrawn,
    CrossingPaid,
    DeckReshuffled,
    FinalCrossingPaid,
    FinalCrossingStarted,
    GameEnded,
    GameStarted,
    PawnMoved,
    PileShuffled,
    PlayerResigned,
    PlayerStuck,
    TileTaken,
    TurnEnded,
)
from core.atlantis.state import ATLANTIS, EMPTY_HAND, HIDDEN_TILE, MAINLAND, PAWNS_PER_PLAYER, State

# Reading a record through its undos is the kernel's; offered here beside ``fold``.
from core.kernel.events import events_in_force as events_in_force
from core.kernel.events import undone_positions as undone_positions
from core.kernel.fold import states_through_undos


def initial_state(event: GameStarted) -> State:
    """S2–S5: the table as laid, before any card is dealt."""
    count = len(event.players)
    return State(
        players=event.players,
        options=event.options,
        tiles=event.tiles,
        spaces=((), *event.path, ()),
        pawns=event.pawns or ((ATLANTIS,) * PAWNS_PER_PLAYER,) * count,
        hands=(EMPTY_HAND,) * count,
        collected=event.collected or ((),) * count,
        bridges=event.bridges or (None,) * count,
        deck=event.deck,
        current=event.start_player,
        seed=event.seed,
        secret=event.secret,
    )


def fold(events: Iterable[AnyEvent]) -> State:
    """Rebuild the state from a game's events; the first must be ``GameStarted``.

    Events taken back by an ``EventsUndone`` marker are skipped.
    """
    return states_after(events)[-1]


def states_after(events: Iterable[AnyEvent]) -> list[State]:
    """The state after each event (index k: after events[0..k]), undo markers included.

    A replay seeks with it; ``fold`` keeps only the last. The states of the
    events in force are kept on a stack, so an undo marker is answered by
    going back down the stack, never by re-folding.
    """
    return states_through_undos(events, GameStarted, initial_state, _apply, after_undo)


def _apply(state: State, event: AnyEvent) -> State:
    """``evolve`` straight to the handler: a folded state has nothing derived to carry."""
    handler = _HANDLERS.get(type(event))
    if handler is None:
        raise TypeError(f"cannot apply {type(event).__name__} to a game in progress")
    return handler(state, event)


def after_undo(undone: State, restored: State) -> State:
    """The state an undo goes back to, with what no undo takes back.

    The count of undos only grows. Cards drawn (or a reshuffle) in the events
    taken back were seen by somebody: ``pile_seen`` makes the next draw shuffle
    the pile first, so that the same move does not draw the same cards.
    """
    return replace(
        restored,
        undos=undone.undos + 1,
        pile_seen=restored.pile_seen or undone.deck != restored.deck,
    )


def _put(items: tuple, index: int, value: object) -> tuple:  # type: ignore[type-arg]
    """``items`` with entry ``index`` replaced (a list is the cheapest way to a new tuple)."""
    changed = list(items)
    changed[index] = value
    return tuple(changed)


def _pay(state: State, player: int, tiles: tuple[int, ...], cards: tuple[int, ...]) -> State:
    """T5.5: paid tiles go to the box, paid cards to the discard pile (or the box)."""
    hand = list(state.hands[player])
    to_box = state.options.paid_cards_to == "box"
    pile = list(state.box_cards if to_box else state.discard)
    for card in cards:
        hand[card] -= 1
        pile[card] += 1
    collected = state.collected[player]
    if tiles:
        collected = tuple(t for t in collected if t not in tiles)
        box_tiles = state.box_tiles + tiles
    else:
        box_tiles = state.box_tiles
    if to_box:
        return replace(
            state,
            collected=_put(state.collected, player, collected),
            hands=_put(state.hands, player, tuple(hand)),
            box_tiles=box_tiles,
            box_cards=tuple(pile),
        )
    return replace(
        state,
        collected=_put(state.collected, player, collected),
        hands=_put(state.hands, player, tuple(hand)),
        box_tiles=box_tiles,
        discard=tuple(pile),
    )


def evolve(state: State, event: AnyEvent) -> State:
    """Apply one event to a state and return the new state."""
    handler = _HANDLERS.get(type(event))
    if handler is None:
        raise TypeError(f"cannot apply {type(event).__name__} to a game in progress")
    after = handler(state, event)
    if state.__dict__:
        carry(state, after, event)
    return after


def evolve_all(state: State, events: Iterable[AnyEvent]) -> State:
    """``evolve`` each event in turn, carrying the derived values once, not per event.

    The result equals stepping one event at a time; only the values a state
    keeps of itself (``core.atlantis.derived``) skip the intermediate states.
    A plain move turn, the commonest command, and a turn stuck (T9), the next
    commonest, are applied in one step (``core.atlantis.move_turn``,
    ``core.atlantis.stuck_turn``).
    """
    batch = events if type(events) is list else list(events)
    turn = move_turn.apply(state, batch)
    if turn is not None:
        after, taken = turn
        if state.__dict__:
            carry(state, after, taken)
        return after
    stuck = stuck_turn.apply(state, batch)
    if stuck is not None:
        if state.__dict__:
            carry(state, stuck, None)
        return stuck
    after = state
    changed: list[AnyEvent] = []
    for event in batch:
        handler = _HANDLERS.get(type(event))
        if handler is None:
            raise TypeError(f"cannot apply {type(event).__name__} to a game in progress")
        after = handler(after, event)
        if changes_layout(event):
            changed.append(event)
    if state.__dict__ and len(changed) <= 1:
        # One command takes at most one tile or places one bridge.
        carry(state, after, changed[0] if changed else None)
    return after


def _cards_drawn(state: State, event: CardsDrawn) -> State:
    player = event.player
    hand = list(state.hands[player])
    for card in event.cards:
        hand[card] += 1
    hands = _put(state.hands, player, tuple(hand))
    deck = state.deck[event.count :]
    reason = event.reason
    if reason == "turn" or reason == "stuck":
        return replace(
            state, deck=deck, hands=hands, stuck_streak=0 if event.count else state.stuck_streak
        )
    if reason == "buy":
        bought = list(state.bought)
        for card in event.cards:
            bought[card] += 1
        return replace(
            state,
            deck=deck,
            hands=hands,
            bought=tuple(bought),
            stuck_streak=0 if event.count else state.stuck_streak,
        )
    return replace(state, deck=deck, hands=hands)  # the deal (S4)


def _deck_reshuffled(state: State, event: DeckReshuffled) -> State:
    # A new pile from the discards: whatever an undo had shown of the old one is gone.
    return replace(
        state,
        deck=event.deck,
        discard=EMPTY_HAND,
        reshuffles=state.reshuffles + 1,
        pile_seen=False,
    )


def _pile_shuffled(state: State, event: PileShuffled) -> State:
    return replace(state, deck=event.deck, pile_seen=False)


def _cards_bought(state: State, event: CardsBought) -> State:
    player = event.player
    kept = tuple(tile for tile in state.collected[player] if tile != event.tile)
    return replace(
        state,
        collected=_put(state.collected, player, kept),
        box_tiles=(*state.box_tiles, event.tile),
        purchases=state.purchases + 1,
    )


def _bridge_placed(state: State, event: BridgePlaced) -> State:
    return replace(
        state,
        bridges=_put(state.bridges, event.player, event.space),
        bridged_this_turn=True,
        stuck_streak=0,
    )


def _pawn_moved(state: State, event: PawnMoved) -> State:
    player = event.player
    hand = list(state.hands[player])
    discard = list(state.discard)
    for card in event.cards:
        hand[card] -= 1
        discard[card] += 1
    positions = _put(state.pawns[player], event.pawn, event.landings[-1])
    return replace(
        state,
        pawns=_put(state.pawns, player, positions),
        hands=_put(state.hands, player, tuple(hand)),
        discard=tuple(discard),
        stuck_streak=0,
    )


def _crossing_paid(state: State, event: CrossingPaid) -> State:
    return _pay(state, event.player, event.tiles, event.cards)


def _tile_taken(state: State, event: TileTaken) -> State:
    player = event.player
    stack = state.spaces[event.space][:-1]
    if event.uncovered is not None and stack and stack[-1] == HIDDEN_TILE:
        # A view's fold learns the tile the take laid bare; a full state knows it.
        stack = (*stack[:-1], event.uncovered)
    return replace(
        state,
        spaces=_put(state.spaces, event.space, stack),
        collected=_put(state.collected, player, (*state.collected[player], event.tile)),
    )


def _player_stuck(state: State, event: PlayerStuck) -> State:
    return replace(state, stuck_streak=state.stuck_streak + 1)


def _turn_ended(state: State, event: TurnEnded) -> State:
    return replace(
        state,
        current=event.next_player,
        turn=state.turn + 1,
        purchases=0,
        bought=EMPTY_HAND,
        bridged_this_turn=False,
    )


def _final_crossing_started(state: State, event: FinalCrossingStarted) -> State:
    return replace(
        state,
        phase="final_crossing",
        finisher=event.finisher,
        final_pending=event.pending,
        unpaid=(0,) * state.player_count,
    )


def _final_crossing_paid(state: State, event: FinalCrossingPaid) -> State:
    player = event.player
    state = _pay(state, player, event.tiles, event.cards)
    return replace(
        state,
        pawns=_put(state.pawns, player, (MAINLAND,) * PAWNS_PER_PLAYER),
        final_pending=state.final_pending[1:],
        unpaid=_put(state.unpaid, player, event.shortfall),
    )


def _player_resigned(state: State, event: PlayerResigned) -> State:
    return replace(
        state,
        pawns=_put(state.pawns, event.player, (ATLANTIS,) * PAWNS_PER_PLAYER),
        resigned=(*state.resigned, event.player),
    )


def _game_ended(state: State, event: GameEnded) -> State:
    return replace(state, phase="over", scores=event.scores, final_pending=())


_HANDLERS: dict[type, Callable[[State, Any], State]] = {
    CardsDrawn: _cards_drawn,
    DeckReshuffled: _deck_reshuffled,
    PileShuffled: _pile_shuffled,
    CardsBought: _cards_bought,
    BridgePlaced: _bridge_placed,
    PawnMoved: _pawn_moved,
    CrossingPaid: _crossing_paid,
    TileTaken: _tile_taken,
    PlayerStuck: _player_stuck,
    TurnEnded: _turn_ended,
    FinalCrossingStarted: _final_crossing_started,
    FinalCrossingPaid: _final_crossing_paid,
    PlayerResigned: _player_resigned,
    GameEnded: _game_ended,
}
