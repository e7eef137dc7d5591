"""``evolve(state, event)``: the one place where the state changes; ``fold`` rebuilds it.

``evolve`` trusts its events: ``decide`` made them, or ``judging`` checked them
when they were read from a file. Each handler replaces only the fields its
event touches. ``fold`` reads a record through its undo markers (the
kernel's ``EventsUndone``) with a stack of states, so an undo goes back down
the stack instead of folding again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from msgspec.structs import replace

from core.arkantis.board import from_picture
from core.arkantis.events import (
    ActionResolved,
    AnyEvent,
    CardBought,
    GameEnded,
    GameScored,
    GameStarted,
    PileShuffled,
    TokenMoved,
    TokensRemoved,
    TurnEnded,
    TurnPassed,
)
from core.arkantis.setup import board_after_rolls, cut, deal
from core.arkantis.squares import NAMED, NUMBERS, parse
from core.arkantis.state import PILES, START_PIONS, State, pile_index

# Reading a record through its undos is the kernel's; offered here beside ``fold``.
from core.kernel.events import events_in_force as events_in_force
from core.kernel.fold import states_through_undos


def _squares(names: tuple[str, ...]) -> int:
    """The squares named, as bits: one or two names the engine wrote are looked up
    together, others parsed one by one."""
    named = NAMED.get(names)
    if named is not None:
        return named[0]
    found = 0
    for text in names:
        sq = NUMBERS.get(text)
        if sq is None:
            sq = parse(text)
        if sq is not None:
            found |= 1 << sq
    return found


def initial_state(event: GameStarted) -> State:
    """S3–S6: the board, hands and piles the opening gives (or a prepared position's)."""
    count = len(event.players)
    piles: tuple[tuple[str, ...], ...]
    if event.board:
        tokens = from_picture(event.board)
        hands = event.hands or ((),) * count
        piles = (*cut(event.orange), *cut(event.emerald))
    else:
        tokens = board_after_rolls(event.rolls, event.free_column, event.options.setup_count)
        hands, piles = deal(count, event.orange, event.emerald)
    return State(
        players=event.players,
        options=event.options,
        kinds=event.kinds,
        free_column=event.free_column,
        tokens=tokens,
        pions=event.pions or (START_PIONS,) * count,
        hands=hands,
        laid=event.laid or ((),) * count,
        piles=piles,
        moves_used=event.moves_used or (0,) * count,
        passed=(False,) * count,
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
    """The state after each event (index k: after events[0..k]), undo markers included."""
    return states_through_undos(events, GameStarted, initial_state, evolve, after_undo)


def after_undo(undone: State, restored: State) -> State:
    """The state an undo goes back to, with what no undo takes back.

    The count of undos only grows. A face-down pile the undone events bought
    from showed its buyer cards that are now back on it: it is marked seen,
    and its next purchase shuffles it first (``decide``).
    """
    seen = tuple(
        restored.piles_seen[index]
        or (pile == "down" and undone.piles[index] != restored.piles[index])
        for index, (_colour, pile) in enumerate(PILES)
    )
    return replace(restored, undos=undone.undos + 1, piles_seen=seen)


def _put(items: tuple[Any, ...], index: int, value: object) -> tuple[Any, ...]:
    """``items`` with ``value`` at ``index`` (through a list: twice as fast as slicing)."""
    changed = list(items)
    changed[index] = value
    return tuple(changed)


def _bought(state: State, event: CardBought) -> State:
    index = pile_index(event.colour, event.pile)
    pile = state.piles[index][1:]
    if event.uncovered and pile:
        pile = (event.uncovered, *pile[1:])
    player = event.player
    return replace(
        state,
        piles=_put(state.piles, index, pile),
        hands=_put(state.hands, player, (*state.hands[player], event.card)),
        pions=_put(state.pions, player, state.pions[player] - event.price),
    )


def _shuffled(state: State, event: PileShuffled) -> State:
    index = pile_index(event.colour, event.pile)
    return replace(
        state,
        piles=_put(state.piles, index, event.order),
        piles_seen=_put(state.piles_seen, index, False),
    )


def _removed(state: State, event: TokensRemoved) -> State:
    player = event.player
    return replace(
        state,
        tokens=state.tokens & ~_squares(event.squares),
        pions=_put(state.pions, player, state.pions[player] - event.price),
    )


def _moved_tokens(tokens: int, event: TokenMoved) -> int:
    return (tokens & ~_squares((event.origin,))) | _squares((event.target,))


def _moved(state: State, event: TokenMoved) -> State:
    player = event.player
    return replace(
        state,
        tokens=_moved_tokens(state.tokens, event),
        pions=_put(state.pions, player, state.pions[player] - event.price),
        moves_used=_put(state.moves_used, player, state.moves_used[player] + 1),
    )


def _resolved(state: State, event: ActionResolved) -> State:
    player = event.player
    pions = _put(state.pions, player, state.pions[player] + event.pions)
    if not event.laid:  # the hands and laid cards stay the same objects (``public``)
        return replace(state, pions=pions, phase="after", last=event)
    hand = list(state.hands[player])
    for card in event.laid:
        if card in hand:
            hand.remove(card)
    return replace(
        state,
        pions=pions,
        hands=_put(state.hands, player, tuple(hand)),
        laid=_put(state.laid, player, (*state.laid[player], *event.laid)),
        phase="after",
        last=event,
    )


def _passed(state: State, event: TurnPassed) -> State:
    return replace(state, passed=_put(state.passed, event.player, True))


def _ended(state: State, event: TurnEnded) -> State:
    if event.next_player is None:
        return state  # the game ends: GameEnded follows
    return replace(state, current=event.next_player, turn=state.turn + 1, phase="action")


def _game_ended(state: State, event: GameEnded) -> State:
    return replace(state, phase="over", end_reason=event.reason)


def _scored(state: State, event: GameScored) -> State:
    return replace(state, scores=event.scores, winners=event.winners, tie_break=event.tie_break)


_HANDLERS: dict[type[Any], Callable[[State, Any], State]] = {
    CardBought: _bought,
    PileShuffled: _shuffled,
    TokensRemoved: _removed,
    TokenMoved: _moved,
    ActionResolved: _resolved,
    TurnPassed: _passed,
    TurnEnded: _ended,
    GameEnded: _game_ended,
    GameScored: _scored,
}


def _acted(state: State, action: TokensRemoved | TokenMoved, resolution: ActionResolved) -> State:
    """The action then its resolution, as one new state instead of two: the same as
    ``_resolved`` after ``_removed`` or ``_moved`` (a command's action and its
    resolution always come together)."""
    player = action.player
    if resolution.player != player or resolution.laid:
        return _resolved(_HANDLERS[type(action)](state, action), resolution)
    pions = _put(state.pions, player, state.pions[player] - action.price + resolution.pions)
    if isinstance(action, TokensRemoved):
        tokens, moves_used = state.tokens & ~_squares(action.squares), state.moves_used
    else:
        tokens = _moved_tokens(state.tokens, action)
        moves_used = _put(state.moves_used, player, state.moves_used[player] + 1)
    return replace(
        state, tokens=tokens, pions=pions, moves_used=moves_used, phase="after", last=resolution
    )


_ACTIONS = (TokensRemoved, TokenMoved)
"""The events of an action (T3), each followed by its resolution (T4)."""


def evolve_all(state: State, events: Sequence[AnyEvent]) -> State:
    """The state after ``events`` (those of one command), as ``evolve`` of each in turn
    gives it; an action and its resolution are applied together (``_acted``)."""
    index, count = 0, len(events)
    while index < count:
        event = events[index]
        if (
            isinstance(event, _ACTIONS)
            and index + 1 < count
            and type(following := events[index + 1]) is ActionResolved
        ):
            state = _acted(state, event, following)
            index += 2
        else:
            handler = _HANDLERS.get(type(event))
            state = evolve(state, event) if handler is None else handler(state, event)
            index += 1
    return state


def evolve(state: State, event: AnyEvent) -> State:
    """Apply one event to a state and return the new state."""
    handler = _HANDLERS.get(type(event))
    if handler is None:
        raise TypeError(f"cannot apply {type(event).__name__} to a game in progress")
    return handler(state, event)
