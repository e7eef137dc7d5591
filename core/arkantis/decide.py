"""``decide(state, command)``: the events a command causes, or a refusal naming its rule.

Every refusal raises ``IllegalMove(rule, reason)`` with a sentence a player
can read. An action (T3) is followed at once by its resolution (T4); the turn
then ends by itself when no purchase is possible (T2.4), and the game ends
when everyone has passed (E1.1) or the board is empty (E1.2), with its scores
(E2, E3).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.arkantis.cards import PRICES, Colour
from core.arkantis.commands import AnyCommand, Buy, EndTurn, Move, Pass, Pile, Remove
from core.arkantis.events import (
    ActionResolved,
    AnyEvent,
    CardBought,
    GameEnded,
    GameScored,
    PileShuffled,
    TokenMoved,
    TokensRemoved,
    TurnEnded,
    TurnPassed,
)
from core.arkantis.evolve import evolve
from core.arkantis.i18n import _
from core.arkantis.resolution import resolve
from core.arkantis.scoring import final_scores, winners
from core.arkantis.setup import chance
from core.arkantis.squares import NAMED, NAMES, NUMBERS, bits, name, parse
from core.arkantis.state import PILES, State, pile_index
from core.kernel.errors import GameOver, IllegalMove, NotYourTurn

REMOVE_TWO_PRICE = 2
"""T3.2."""
PRICE_OF_PILE = tuple(PRICES[colour] for colour, _pile in PILES)
"""T6.1: what a card of each pile costs, in ``State.piles`` order."""
MOVE_PRICE = 3
"""T3.3."""


def _colour_name(colour: Colour) -> str:
    return _("orange") if colour == "orange" else _("emerald")


def _pile_name(colour: Colour, pile: Pile) -> str:
    if pile == "down":
        return _("the face-down {colour} pile").format(colour=_colour_name(colour))
    return _("the face-up {colour} pile").format(colour=_colour_name(colour))


def _name(state: State, seat: int) -> str:
    if 0 <= seat < state.player_count:
        return state.players[seat]
    return _("seat {number}").format(number=seat + 1)


def can_buy(state: State, seat: int) -> bool:
    """Whether ``seat`` can afford a card from some pile that is not empty (T6)."""
    return affords(state.piles, state.pions[seat])


DEAREST = max(PRICE_OF_PILE)
PILES_WITHIN: tuple[tuple[int, ...], ...] = tuple(
    tuple(index for index, price in enumerate(PRICE_OF_PILE) if price <= pions)
    for pions in range(DEAREST + 1)
)
"""``PILES_WITHIN[p]``: the piles (``State.piles`` indices) whose cards ``p`` pions pay
for, ``p`` up to the dearest price (more pay for all of them)."""


def piles_within(pions: int) -> tuple[int, ...]:
    """The piles (``State.piles`` indices) whose cards ``pions`` pay for (T6.1)."""
    if pions >= DEAREST:
        return PILES_WITHIN[DEAREST]
    return PILES_WITHIN[pions] if pions >= 0 else ()


def affords(piles: tuple[tuple[str, ...], ...], pions: int) -> bool:
    """Whether ``pions`` pay for the top card of one of ``piles`` (T6; ``PILES`` order)."""
    for index in piles_within(pions):  # noqa: SIM110 - no generator: asked after every
        if piles[index]:  # action and purchase
            return True
    return False


def affords_after_purchase(piles: tuple[tuple[str, ...], ...], bought: int, pions: int) -> bool:
    """``affords`` once the top card of pile ``bought`` is gone (what the purchase's
    ``evolve`` leaves, read without building the piles)."""
    for index in piles_within(pions):  # noqa: SIM110 - no generator, as in ``affords``
        if len(piles[index]) > (1 if index == bought else 0):
            return True
    return False


def next_seat(state: State, after: int) -> int | None:
    """T1: the next seat clockwise after ``after`` that has not passed (``after`` itself
    last), or ``None`` when everyone has passed."""
    passed = state.passed
    count = len(passed)
    for step in range(1, count + 1):
        seat = (after + step) % count
        if not passed[seat]:
            return seat
    return None


def ending(state: State, reason: str) -> list[AnyEvent]:
    """E1–E3: the game ends, and every player's score with the winners."""
    scores = final_scores(state)
    won, tie_break = winners(scores, state.options.tiebreak)
    return [
        GameEnded("all-passed" if reason == "all-passed" else "board-empty"),
        GameScored(scores, won, tie_break),
    ]


def turn_end(state: State, player: int) -> list[AnyEvent]:
    """T2.4, T1: the turn ends; the next player, or the end of the game (E1)."""
    if not state.tokens:
        return [TurnEnded(player, None), *ending(state, "board-empty")]
    following = next_seat(state, player)
    if following is None:
        return [TurnEnded(player, None), *ending(state, "all-passed")]
    return [TurnEnded(player, following)]


def shuffle_order(state: State, colour: Colour, pile: Pile) -> tuple[str, ...]:
    """The new order of a pile an undo showed (its own stream: colour, pile, undo count)."""
    order = list(state.piles[pile_index(colour, pile)])
    chance(state.secret, f"pile/{colour}/{pile}/{state.undos}").shuffle(order)
    return tuple(order)


def _check_seat(state: State, seat: int) -> None:
    actor = state.current
    if seat != actor:
        raise NotYourTurn(
            _("it is {name}'s turn, not {other}'s").format(
                name=state.players[actor], other=_name(state, seat)
            )
        )


def _buy(state: State, command: Buy) -> list[AnyEvent]:
    seat, colour, pile = command.seat, command.colour, command.pile
    if not 0 <= seat < state.player_count:
        raise NotYourTurn(_("there is no {other} at this table").format(other=_name(state, seat)))
    if state.passed[seat]:
        raise IllegalMove("T5", _("you have passed, and may no longer buy cards"))
    if seat != state.current and state.options.buy_timing == "own_turn":
        raise IllegalMove(
            "T6.2",
            _("cards are bought in one's own turn, and it is {name}'s").format(
                name=state.players[state.current]
            ),
        )
    if colour not in PRICES or pile not in ("down", "up"):
        raise IllegalMove("T6.1", _("there is no such pile"))
    index = pile_index(colour, pile)
    if not state.piles[index]:
        other = pile_index(colour, "up" if pile == "down" else "down")
        if state.piles[other]:
            raise IllegalMove(
                "T6.3",
                _("{pile} is empty; buy from the other {colour} pile").format(
                    pile=_pile_name(colour, pile), colour=_colour_name(colour)
                ),
            )
        raise IllegalMove(
            "T6.3", _("both {colour} piles are empty").format(colour=_colour_name(colour))
        )
    price = PRICES[colour]
    if state.pions[seat] < price:
        raise IllegalMove(
            "T6.1",
            _("a {colour} card costs {price} pions, you have {pions}").format(
                colour=_colour_name(colour), price=price, pions=state.pions[seat]
            ),
        )
    return bought(state, seat, colour, pile)


def bought(state: State, seat: int, colour: Colour, pile: Pile) -> list[AnyEvent]:
    """The events of a purchase ``_buy`` accepted (T6), and the turn's end if the
    buyer is the active player after his action and can buy nothing more (T2.4)."""
    events: list[AnyEvent] = []
    index = pile_index(colour, pile)
    if state.piles_seen[index] and pile == "down" and len(state.piles[index]) > 1:
        shuffled = PileShuffled(colour, pile, shuffle_order(state, colour, pile))
        events.append(shuffled)
        state = evolve(state, shuffled)
    purchase = CardBought(seat, colour, pile, state.piles[index][0], PRICES[colour])
    events.append(purchase)
    if seat != state.current or state.phase != "after":
        return events
    if affords_after_purchase(state.piles, index, state.pions[seat] - purchase.price):
        return events
    # A purchase changes neither the board nor who has passed: the next seat is the
    # same in the state it leaves, which is built only when the game ends (E1).
    following = next_seat(state, seat) if state.tokens else None
    if following is not None:
        events.append(TurnEnded(seat, following))
    else:
        events += turn_end(evolve(state, purchase), seat)
    return events


def _squares_of(names: tuple[str, ...]) -> list[int]:
    found = []
    for text in names:
        sq = parse(text)
        if sq is None:
            raise IllegalMove("S1.1", _("{text!r} is not a square of the board").format(text=text))
        found.append(sq)
    return found


def _check_action(state: State, seat: int) -> None:
    _check_seat(state, seat)
    if state.phase != "action":
        raise IllegalMove(
            "T2.2", _("you have made your action this turn; buy cards or end your turn")
        )


def _remove(state: State, command: Remove) -> list[AnyEvent]:
    seat = command.seat
    _check_action(state, seat)
    squares = _squares_of(command.squares)
    if len(squares) not in (1, 2):
        raise IllegalMove(
            "T3.2", _("remove one token or two, not {count}").format(count=len(squares))
        )
    if len(set(squares)) != len(squares):
        raise IllegalMove("T3.2", _("the two tokens removed must be on two different squares"))
    for sq in squares:
        if not state.tokens >> sq & 1:
            raise IllegalMove("T3.1", _("there is no token on {square}").format(square=name(sq)))
    price = REMOVE_TWO_PRICE if len(squares) == 2 else 0
    if state.pions[seat] < price:
        raise IllegalMove(
            "T3.2",
            _("removing two tokens costs 2 pions, you have {pions}").format(
                pions=state.pions[seat]
            ),
        )
    return removed(state, seat, sorted(squares))


def removed(state: State, seat: int, squares: list[int]) -> list[AnyEvent]:
    """T3.1, T3.2 then T4: the events of a removal already judged legal."""
    changed = bits(squares)
    price = REMOVE_TWO_PRICE if len(squares) == 2 else 0
    action = TokensRemoved(seat, tuple(map(NAMES.__getitem__, squares)), price)
    return _resolved(state, seat, action, state.tokens & ~changed, changed)


def _move(state: State, command: Move) -> list[AnyEvent]:
    seat = command.seat
    _check_action(state, seat)
    origin, target = _squares_of((command.origin, command.target))
    if not state.options.moves_allowed(state.moves_used[seat]):
        raise IllegalMove(
            "T3.4",
            _("you have made your {count} moves").format(count=state.options.move_limit),
        )
    if not state.tokens >> origin & 1:
        raise IllegalMove("T3.3", _("there is no token on {square}").format(square=name(origin)))
    if origin == target or state.tokens >> target & 1:
        raise IllegalMove(
            "T3.3",
            _("a token moves to an empty square; {square} is not").format(square=name(target)),
        )
    if state.pions[seat] < MOVE_PRICE:
        raise IllegalMove(
            "T3.5",
            _("moving a token costs 3 pions, paid before the action; you have {pions}").format(
                pions=state.pions[seat]
            ),
        )
    return moved(state, seat, origin, target)


def moved(state: State, seat: int, origin: int, target: int) -> list[AnyEvent]:
    """T3.3 then T4: the events of a move already judged legal."""
    changed = (1 << origin) | (1 << target)
    action = TokenMoved(seat, NAMES[origin], NAMES[target], MOVE_PRICE)
    return _resolved(state, seat, action, state.tokens ^ changed, changed)


def _resolved(
    state: State, seat: int, action: TokensRemoved | TokenMoved, after: int, changed: int
) -> list[AnyEvent]:
    """The action, its resolution (T4, judged once), and the turn's end when no
    purchase is possible (T2.4) or the board is empty (E1.2)."""
    sets, pions, laid = resolve(
        state.tokens, after, changed, state.options, state.hands[seat], state.kinds
    )
    resolution = ActionResolved(seat, sets, pions, laid)
    events: list[AnyEvent] = [action, resolution]
    # The pions and board the two events leave, without folding them into a state.
    if after and affords(state.piles, state.pions[seat] - action.price + pions):
        return events
    following = next_seat(state, seat) if after else None
    if following is not None:
        events.append(TurnEnded(seat, following))
    else:  # the game ends: its scores need the state the events leave
        events += turn_end(evolve(evolve(state, action), resolution), seat)
    return events


def _pass(state: State, command: Pass) -> list[AnyEvent]:
    seat = command.seat
    _check_seat(state, seat)
    if state.phase != "action":
        raise IllegalMove("T2.2", _("you have made your action this turn; end your turn instead"))
    passing = TurnPassed(seat)
    return [passing, *turn_end(evolve(state, passing), seat)]


def _end_turn(state: State, command: EndTurn) -> list[AnyEvent]:
    seat = command.seat
    _check_seat(state, seat)
    if state.phase != "after":
        raise IllegalMove("T2.4", _("a turn ends after its action: remove, move, or pass"))
    return turn_end(state, seat)


_HANDLERS: dict[type[Any], Callable[[State, Any], list[AnyEvent]]] = {
    Buy: _buy,
    Remove: _remove,
    Move: _move,
    Pass: _pass,
    EndTurn: _end_turn,
}


def decide(state: State, command: AnyCommand) -> list[AnyEvent]:
    """The events ``command`` causes in ``state``; raises ``IllegalMove`` if refused."""
    if state.phase == "over":
        raise GameOver
    handler = _HANDLERS.get(type(command))
    if handler is None:
        raise TypeError(f"unknown command {type(command).__name__}")
    return handler(state, command)


def _numbers(texts: tuple[str, ...]) -> list[int] | None:
    """The squares the move generator named, in order; ``None`` if one is not a name
    it writes (then the full ``decide`` judges the command)."""
    found = []
    for text in texts:
        sq = NUMBERS.get(text)
        if sq is None:
            return None
        found.append(sq)
    return found


def _trusted_removal(state: State, seat: int, texts: tuple[str, ...]) -> list[AnyEvent] | None:
    """``removed`` for the one or two different squares the move generator named
    (``None`` for other names): the event names them in reading order."""
    named = NAMED.get(texts)
    if named is None:
        return None
    changed, in_order = named
    price = REMOVE_TWO_PRICE if len(in_order) == 2 else 0
    action = TokensRemoved(seat, in_order, price)
    return _resolved(state, seat, action, state.tokens & ~changed, changed)


def decide_trusted(state: State, command: AnyCommand) -> list[AnyEvent]:
    """``decide`` for a command the move generator just built in this state
    (``legal_commands``): the checks it ensured (whose turn, the phase, tokens,
    pions, piles, moves left) are skipped."""
    seat, phase = command.seat, state.phase
    if seat != state.current or phase == "over":
        return decide(state, command)
    if isinstance(command, Remove) and phase == "action":
        events = _trusted_removal(state, seat, command.squares)
        if events is not None:
            return events
    elif isinstance(command, Buy):
        return bought(state, seat, command.colour, command.pile)
    elif isinstance(command, EndTurn) and phase == "after":
        return turn_end(state, seat)
    elif isinstance(command, Move) and phase == "action":
        squares = _numbers((command.origin, command.target))
        if squares is not None:
            return moved(state, seat, *squares)
    elif isinstance(command, Pass) and phase == "action":
        passing = TurnPassed(seat)
        return [passing, *turn_end(evolve(state, passing), seat)]
    return decide(state, command)
