"""A turn that ended stuck (T9), applied at once: the state after its events, in one step.

A player who cannot move shows his hand, draws two cards and ends his turn:
``PlayerStuck``, the draw's ``CardsDrawn`` and ``TurnEnded``
(``decide._stuck_events``). It is the commonest turn after a move. Folding its
events one by one rebuilds the state three times; ``apply`` rebuilds it once,
and gives exactly the state ``evolve`` gives event by event (the tests compare
them). A stuck turn that reshuffled, drew nothing or ended the game is left
to ``evolve``.
"""

from __future__ import annotations

from collections.abc import Sequence

from msgspec.structs import replace

from core.atlantis.events import AnyEvent, CardsDrawn, PlayerStuck, TurnEnded
from core.atlantis.state import EMPTY_HAND, State


def apply(state: State, events: Sequence[AnyEvent]) -> State | None:
    """The state after a stuck turn's ``events``; None if they are not one.

    Nothing in it changes the spaces or the bridges, so a state's board carries over.
    """
    if len(events) != 3:
        return None
    stuck, drawn, ended = events
    if not (type(stuck) is PlayerStuck and type(drawn) is CardsDrawn and type(ended) is TurnEnded):
        return None
    player = stuck.player
    if (
        drawn.player != player
        or drawn.reason != "stuck"
        or not drawn.count
        or ended.player != player
    ):
        return None
    hand = list(state.hands[player])
    for card in drawn.cards:  # T9: two cards (a view of another seat sees only how many)
        hand[card] += 1
    hands = list(state.hands)
    hands[player] = tuple(hand)
    return replace(
        state,
        hands=tuple(hands),
        deck=state.deck[drawn.count :],
        stuck_streak=0,  # PlayerStuck counts it on, and the cards drawn end it (E4)
        current=ended.next_player,
        turn=state.turn + 1,
        purchases=0,
        bought=EMPTY_HAND,
        bridged_this_turn=False,
    )
