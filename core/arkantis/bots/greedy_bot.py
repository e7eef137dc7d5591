"""The ``greedy`` bot: the action with the best immediate value, and the cards worth holding.

Before its action it weighs every removal and move (``analysis``): pions
earned less the price, plus, for each stain it can lay a card on, the card's
value and the point it no longer loses in hand (E2). It buys the top card of
a face-up pile first when that card lays at once and the purchase pays for
itself. After its action it buys the cards likely to match stains to come:
a kind many removals on the board would stain now is likely to be stained
again (``hold_value``); a face-down card is valued as the average of the
unseen cards of its colour. It passes when nothing pays, its hand is empty
and no card is worth buying; otherwise a free removal keeps it in the game,
and the board running out ends the game anyway (E1.2).
"""

from __future__ import annotations

import random
from collections import Counter

from core.arkantis.bots.analysis import (
    Action,
    BoardActions,
    analyse,
    hand_kinds,
    lay_bonus,
)
from core.arkantis.bots.common import check_options, unseen_cards
from core.arkantis.cards import PRICES, Colour, kind_of
from core.arkantis.commands import AnyCommand, Buy, EndTurn, Pass
from core.arkantis.decide import MOVE_PRICE, REMOVE_TWO_PRICE
from core.arkantis.state import PILES, State
from core.arkantis.view import PlayerView

FULL_BOARD = 42
LIKELY = 0.8
"""The highest chance a card in hand is ever thought to be laid."""
STAINS_FOR_LIKELY = 40
"""Removals staining a kind now for its card to be thought as likely as ``LIKELY``."""
BUY_MARGIN = 0.5
"""What a speculative purchase must be expected to gain, in points, to be made."""


def values_of(state: State) -> dict[str, int]:
    """Each kind's face value, by kind id (cached on the state)."""
    derived = state.__dict__
    found: dict[str, int] | None = derived.get("bot_values")
    if found is None:
        found = derived["bot_values"] = {kind.id: kind.value for kind in state.kinds}
    return found


def best_actions(
    board: BoardActions,
    hand: Counter[str],
    values: dict[str, int],
    pions: int,
    moves_left: bool,
) -> tuple[int, list[Action]]:
    """The best value an action has for ``hand`` with ``pions``, and the actions worth it
    (those of the best plain sorts in sort order, then the staining ones in board order).

    Only the staining actions of the kinds in hand can be worth more than their
    ``net``; the others are looked up by sort and net (``BoardActions.by_net``).
    """
    allowed = (True, pions >= REMOVE_TWO_PRICE, moves_left and pions >= MOVE_PRICE)
    best = -(10**9)
    for sort in range(3):
        if allowed[sort] and board.plain_ties[sort] and board.plain_best[sort] > best:
            best = board.plain_best[sort]
    staining = board.staining
    boosted: dict[int, int] = {}
    for kind in hand:
        for index in board.by_kind.get(kind, ()):
            if index not in boosted:
                action = staining[index]
                boosted[index] = action.net + lay_bonus(action.stains, hand, values)
    for (sort, net), _found in board.by_net.items():
        if allowed[sort] and net > best:
            best = net
    for index, value in boosted.items():
        if allowed[staining[index].sort] and value > best:
            best = value
    chosen: list[Action] = []
    for sort in range(3):
        if allowed[sort] and board.plain_ties[sort] and board.plain_best[sort] == best:
            chosen.extend(board.plain_ties[sort])
    indices = [index for index, value in boosted.items() if value == best]
    for sort in range(3):
        if allowed[sort]:
            indices.extend(
                index for index in board.by_net.get((sort, best), ()) if index not in boosted
            )
    indices.sort()
    chosen.extend(staining[index] for index in indices if allowed[staining[index].sort])
    return best, chosen


def lay_chance(board: BoardActions, kind: str, held: int) -> float:
    """How likely a card of ``kind`` is to be laid some day, a further copy to ``held`` ones.

    Judged by how many removals stain that kind on the board now, fewer as the
    board empties, and shared among the copies held.
    """
    stains = board.stain_counts.get(kind, 0) / (held + 1)
    tokens = board.tokens.bit_count()
    return min(LIKELY, 0.1 + stains / STAINS_FOR_LIKELY * LIKELY) * min(1.0, tokens / 20)


def hold_value(board: BoardActions, kind: str, held: int, values: dict[str, int]) -> float:
    """The points a card of ``kind`` added to a hand is expected to bring: its value and
    the point it stops losing if laid, less that point (E2)."""
    return lay_chance(board, kind, held) * (values[kind] + 1) - 1


def purchase_values(
    view: PlayerView, board: BoardActions, hand: Counter[str], values: dict[str, int]
) -> list[tuple[float, Buy]]:
    """Every affordable purchase with the points it is expected to bring, less its price."""
    state, seat = view.state, view.seat
    pions = state.pions[seat]
    unseen: dict[Colour, list[str]] | None = None
    found = []
    for index, (colour, pile) in enumerate(PILES):
        price = PRICES[colour]
        if not view.pile_sizes[index] or price > pions:
            continue
        if pile == "up":
            kind = kind_of(view.top_up[0 if colour == "orange" else 1])
            worth = hold_value(board, kind, hand.get(kind, 0), values)
        else:
            if unseen is None:
                unseen = unseen_cards(view)
            cards = unseen[colour]
            if not cards:
                continue
            worth = sum(
                hold_value(board, kind_of(card), hand.get(kind_of(card), 0), values)
                for card in cards
            ) / len(cards)
        found.append((worth - price, Buy(seat, colour, pile)))
    return found


def buy_to_lay(
    view: PlayerView,
    board: BoardActions,
    hand: Counter[str],
    values: dict[str, int],
    best: int,
) -> tuple[int, Buy] | None:
    """A face-up top card whose purchase before the action lays it at once and gains
    more than acting without it, with the value of acting after buying it."""
    state, seat = view.state, view.seat
    pions = state.pions[seat]
    moves_left = state.options.moves_allowed(state.moves_used[seat])
    found: tuple[int, Buy] | None = None
    for colour, top in zip(("orange", "emerald"), view.top_up, strict=True):
        price = PRICES[colour]  # type: ignore[index]
        if not top or price > pions:
            continue
        kind = kind_of(top)
        if kind not in board.by_kind:  # no action makes its stain
            continue
        more = hand.copy()
        more[kind] += 1
        value, _ = best_actions(board, more, values, pions - price, moves_left)
        gain = value - price - 1  # the card costs its price, and 1 while in hand
        if gain > best and (found is None or gain > found[0]):
            found = (gain, Buy(seat, colour, "up"))  # type: ignore[arg-type]
    return found


class GreedyBot:
    name = "greedy"

    def decide(self, view: PlayerView, rng: random.Random) -> AnyCommand:
        state, seat = view.state, view.seat
        check_options(state.options)
        board = analyse(state)
        values = values_of(state)
        hand = hand_kinds(state.hands[seat])
        if state.phase == "after":
            return self.after_action(view, board, hand, values)
        pions = state.pions[seat]
        moves_left = state.options.moves_allowed(state.moves_used[seat])
        best, chosen = best_actions(board, hand, values, pions, moves_left)
        buy = buy_to_lay(view, board, hand, values, best)
        if buy is not None:
            return buy[1]
        if not chosen:
            return Pass(seat)
        if best <= 0 and not state.hands[seat]:
            speculative = purchase_values(view, board, hand, values)
            if not any(worth > BUY_MARGIN for worth, _ in speculative):
                return Pass(seat)
        # Equal value: the cheapest sort (a pair or a move spends tokens or moves for nothing).
        cheapest = min(action.sort for action in chosen)
        return rng.choice([a for a in chosen if a.sort == cheapest]).command(seat)

    def after_action(
        self, view: PlayerView, board: BoardActions, hand: Counter[str], values: dict[str, int]
    ) -> AnyCommand:
        """T2.4: buy the card most worth holding, if one is worth its price; else end the turn."""
        seat = view.seat
        options = purchase_values(view, board, hand, values)
        if options:
            worth, buy = max(options, key=lambda item: item[0])
            if worth > BUY_MARGIN:
                return buy
        return EndTurn(seat)


__all__ = ["GreedyBot", "best_actions"]
