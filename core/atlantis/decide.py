"""``decide(state, command)``: check a command against the rules and say what happens.

It returns the events the command causes, or raises ``IllegalMove`` naming the
rule that forbids it; the state itself is never changed. The only chance in a
turn is a reshuffle (T8), or the pile shuffled after an undo had shown cards
from it: a ``Shuffler`` makes the new order, by default from the game's chance
(``chance_shuffle``), so the same secret (or seed) and commands always give the
same events.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from core.atlantis.board import BOARD_KEY, Board, crossing_price
from core.atlantis.commands import (
    AnyCommand,
    BuyCards,
    DeclareStuck,
    Move,
    PayFinalCrossing,
    Payment,
    PlaceBridge,
    Resign,
)
from core.atlantis.events import (
    AnyEvent,
    BridgePlaced,
    CardsBought,
    CardsDrawn,
    CrossingPaid,
    DeckReshuffled,
    DrawReason,
    FinalCrossingPaid,
    FinalCrossingStarted,
    GameEnded,
    PawnMoved,
    PileShuffled,
    PlayerResigned,
    PlayerStuck,
    TileTaken,
    TurnEnded,
)
from core.atlantis.evolve import evolve, evolve_all
from core.atlantis.hands import cards_of, contains, hand_of
from core.atlantis.i18n import _
from core.atlantis.items import ITEM_COUNT, Item
from core.atlantis.moves import OCCUPIED_KEY, final_debt, has_legal_move, payable_cards
from core.atlantis.payments import payment_value
from core.atlantis.scoring import final_scores, projected_score, winners
from core.atlantis.shuffling import shuffle as shuffle_keyed
from core.atlantis.state import MAINLAND, PAWN_LETTERS, PAWNS_PER_PLAYER, Hand, State
from core.atlantis.view import TURN_KEY
from core.kernel.chance import stream
from core.kernel.errors import GameOver, IllegalMove, NotYourTurn

Shuffler = Callable[[State, tuple[int, ...]], tuple[int, ...]]
"""Given the state and the discard pile's cards (sorted), the new draw pile."""

STUCK_DRAW = 2


def chance_shuffle(state: State, cards: tuple[int, ...]) -> tuple[int, ...]:
    """The default shuffle, from the game's chance.

    With a secret, each shuffle reads a stream of its own: the pile after the
    ``undos``-th undo, or the ``reshuffles``-th reshuffle since then. ``undos``
    only grows, so a shuffle after an undo never repeats one the undo took
    back. Without a secret (older games), the seed and the reshuffle count, as
    those games were played.
    """
    order = list(cards)
    if state.secret:
        if state.pile_seen:
            label = f"pile/{state.undos}"
        else:
            label = f"reshuffle/{state.undos}/{state.reshuffles}"
        shuffle_keyed(stream(state.secret, label), order)  # as its own shuffle, faster
    else:
        random.Random(state.seed * 1_000_003 + state.reshuffles + 1).shuffle(order)
    return tuple(order)


def decide(
    state: State,
    command: AnyCommand,
    shuffle: Shuffler = chance_shuffle,
    *,
    trusted: bool = False,
) -> list[AnyEvent]:
    """The events ``command`` causes in ``state``; raises ``IllegalMove`` if refused.

    ``trusted`` is for a move or a T9 declaration the move generator itself
    built (``move_list``, ``legal_moves``) in this very state, as bots playing
    each other do: it skips re-checking what the generator already ensured
    (cards held, landings, affordability, the payment, T4.6). Anything from a
    player, a file or the app goes through the full check; the tests check
    that both paths give the same events.
    """
    if state.phase == "over":
        raise GameOver
    actor = state.to_act
    if trusted and command.seat == actor and state.phase == "playing":
        kind = type(command)
        if kind is Move:
            return _trusted_move(state, command, shuffle)  # type: ignore[arg-type]
        if kind is DeclareStuck:
            return _stuck_events(state, command, shuffle)  # type: ignore[arg-type]
    if command.seat != actor:
        other = _name(state, command.seat)
        if actor is None:
            raise NotYourTurn(_("it is nobody's turn, not {other}'s").format(other=other))
        raise NotYourTurn(
            _("it is {name}'s turn, not {other}'s").format(name=state.players[actor], other=other)
        )
    handler = _HANDLERS.get(type(command))
    if handler is None:
        raise TypeError(f"unknown command {type(command).__name__}")
    return handler(state, command, shuffle)


def decide_trusted(state: State, command: AnyCommand) -> list[AnyEvent]:
    """``decide(state, command, trusted=True)`` with the game's own shuffle: what bots
    playing each other ask (``GameType.decide_trusted``), in as few steps as it takes."""
    if state.phase == "playing" and command.seat == state.current:
        kind = type(command)
        if kind is Move:
            return _trusted_move(state, command, chance_shuffle)  # type: ignore[arg-type]
        if kind is DeclareStuck:
            return _stuck_events(state, command, chance_shuffle)  # type: ignore[arg-type]
    return decide(state, command)


def _name(state: State, seat: int) -> str:
    if 0 <= seat < state.player_count:
        return state.players[seat]
    return _("seat {number}").format(number=seat + 1)


def _apply(state: State, events: list[AnyEvent]) -> State:
    return evolve_all(state, events)


def draw(
    state: State, player: int, count: int, reason: DrawReason, shuffle: Shuffler
) -> list[AnyEvent]:
    """T8: draw ``count`` cards, reshuffling the discard pile when the pile runs out.

    After an undo that took back a draw, the pile is shuffled first (with a
    secret only: older games were played without it).
    """
    events: list[AnyEvent] = []
    if state.pile_seen and state.secret and count and state.deck:
        shuffled = PileShuffled(shuffle(state, state.deck))
        events.append(shuffled)
        state = evolve(state, shuffled)
    taken = state.deck[:count]
    drawn: list[AnyEvent] = []
    if taken:
        drawn.append(CardsDrawn(player, taken, len(taken), reason))
    missing = count - len(taken)
    if missing and sum(state.discard):
        state = _apply(state, drawn)
        order = shuffle(state, cards_of(state.discard))
        drawn.append(DeckReshuffled(order))
        more = order[:missing]
        if more:
            drawn.append(CardsDrawn(player, more, len(more), reason))
    return events + drawn


def _playing(state: State, rule: str) -> None:
    if state.phase != "playing":
        raise IllegalMove(rule, _("only the final crossings remain (E2)"))


def _buy_cards(state: State, command: BuyCards, shuffle: Shuffler) -> list[AnyEvent]:
    _playing(state, "T1")
    seat = command.seat
    if not state.collected[seat]:
        raise IllegalMove("T1", _("you have no collected tile to return"))
    if command.tile not in state.collected[seat]:
        raise IllegalMove("T1", _("you can only return a tile you have collected"))
    if state.bridged_this_turn:
        raise IllegalMove("T1", _("cards are bought at the start of the turn, before the bridge"))
    if not state.options.allows_purchase(state.purchases):
        raise IllegalMove("T1", _("you may buy cards only once per turn"))
    events: list[AnyEvent] = [CardsBought(seat, command.tile)]
    count = state.tiles[command.tile].value // 2
    return events + draw(_apply(state, events), seat, count, "buy", shuffle)


def _place_bridge(state: State, command: PlaceBridge, shuffle: Shuffler) -> list[AnyEvent]:
    _playing(state, "T2")
    if state.bridges[command.seat] is not None:
        raise IllegalMove("T2", _("you have already placed your bridge; each player has one"))
    board = Board.of(state)
    if all(gap.bridged for gap in board.gaps):
        raise IllegalMove("T2", _("there is no unbridged water to place your bridge on"))
    gap = board.gap_at(command.space) if 0 < command.space < MAINLAND else None
    if gap is None:
        raise IllegalMove("T2", _("a bridge must be placed on water between two land spaces"))
    if gap.bridged:
        raise IllegalMove("T2", _("that gap already has a bridge; crossing it is free"))
    return [BridgePlaced(command.seat, command.space)]


def _check_payment(
    state: State, seat: int, payment: Payment, owed: int, cards: Hand, rule: str, what: str
) -> None:
    """T5.4 / E2: the payment uses tiles held and allowed cards, and covers the debt."""
    tiles = state.collected[seat]
    if len(set(payment.tiles)) != len(payment.tiles) or any(t not in tiles for t in payment.tiles):
        raise IllegalMove(rule, _("you can only pay with tiles you have collected"))
    if any(not 0 <= card < ITEM_COUNT for card in payment.cards) or not contains(
        cards, hand_of(payment.cards)
    ):
        raise IllegalMove(rule, _("you can only pay with {what}").format(what=what))
    offered = payment_value(state, payment)
    if owed == 0 and offered:
        raise IllegalMove(rule, _("there is nothing to pay"))
    if offered < owed:
        raise IllegalMove(
            rule,
            _("the crossing costs {owed} and you offered {offered}").format(
                owed=owed, offered=offered
            ),
        )


def _move(state: State, command: Move, shuffle: Shuffler) -> list[AnyEvent]:
    _playing(state, "T3")
    seat, pawn = command.seat, command.pawn
    if not 0 <= pawn < PAWNS_PER_PLAYER:
        raise IllegalMove("T3", _("there is no pawn {n}; choose A, B or C").format(n=pawn))
    start = state.pawns[seat][pawn]
    letter = PAWN_LETTERS[pawn]
    if start == MAINLAND:
        raise IllegalMove("T3", _("pawn {p} is already on the Mainland").format(p=letter))
    if not sum(state.hands[seat]):
        raise IllegalMove("T4.1", _("you hold no cards to move with"))
    if not command.cards:
        raise IllegalMove("T4.1", _("play at least one card to move"))
    if any(not 0 <= card < ITEM_COUNT for card in command.cards):
        raise IllegalMove("T4.1", _("that is not an item card"))
    played = hand_of(command.cards)
    if not contains(state.hands[seat], played):
        raise IllegalMove("T4.1", _("you do not hold those cards"))

    board = Board.of(state)
    occupied = state.occupied() - {start}
    position = start
    landings: list[int] = []
    for card in command.cards:
        if landings and (position == MAINLAND or position not in occupied):
            raise IllegalMove(
                "T4.4", _("extra cards may be played only after landing on an occupied space")
            )
        position = board.landing(position, card)
        landings.append(position)
    if position != MAINLAND and position in occupied:
        raise IllegalMove(
            "T4.5",
            _("{item} lands on an occupied space: play another card").format(
                item=Item(command.cards[-1]).shown_name
            ),
        )
    owed = board.cost_between(start, position)
    allowed = payable_cards(state, seat, played)
    most = state.collected_value(seat) + sum(allowed)
    if most < owed:
        raise IllegalMove(
            "T4.5",
            _("the crossing costs {owed} and you can pay at most {most} this turn").format(
                owed=owed, most=most
            ),
        )
    _check_payment(
        state,
        seat,
        command.payment,
        owed,
        allowed,
        "T5.4",
        _("cards you held at the start of your turn, not the cards played to move"),
    )
    return _move_events(state, command, start, tuple(landings), owed, board, shuffle)


def _trusted_move(state: State, command: Move, shuffle: Shuffler) -> list[AnyEvent]:
    """A move the move generator built: only what the events need is worked out."""
    start = state.pawns[command.seat][command.pawn]
    board = state.__dict__.get(BOARD_KEY) or Board.of(state)  # Board.of, inlined
    cards = command.cards
    if len(cards) == 1:
        landings: tuple[int, ...] = (board.landing(start, cards[0]),)
    else:
        landing = board.landing
        position = start
        found = []
        for card in cards:
            position = landing(position, card)
            found.append(position)
        landings = tuple(found)
    owed = crossing_price(board.sums(), start, landings[-1])  # a stop is land or the Mainland
    return _move_events(state, command, start, landings, owed, board, shuffle)


def _move_events(
    state: State,
    command: Move,
    start: int,
    landings: tuple[int, ...],
    owed: int,
    board: Board,
    shuffle: Shuffler,
) -> list[AnyEvent]:
    """T3–T8: the events of a move already found legal."""
    seat = command.seat
    position = landings[-1]
    events: list[AnyEvent] = [PawnMoved(seat, command.pawn, start, command.cards, landings, owed)]
    if owed:
        payment = command.payment
        events.append(CrossingPaid(seat, owed, payment.tiles, payment.cards))
    # The look-back starts behind the destination, so only the space left matters of
    # the moved pawn; the ends (where several pawns may stand) are never looked at.
    # The pawns' spaces are those the move generator found, when it listed this move.
    shared = state.__dict__.get(TURN_KEY)
    found = shared.get(OCCUPIED_KEY) if shared is not None else None
    occupied = found if isinstance(found, set) else set().union(*state.pawns)
    tile_space = board.tile_to_take(position, occupied, start)
    if tile_space is not None:
        events.append(TileTaken(seat, tile_space, state.spaces[tile_space][-1]))
    home = state.pawns[seat].count(MAINLAND) + (position == MAINLAND)
    count = 1 + home
    if len(state.deck) >= count and not state.pile_seen:
        # The common case needs no intermediate state: the pile is untouched by the move.
        events.append(CardsDrawn(seat, state.deck[:count], count, "turn"))
    else:
        events += draw(_apply(state, events), seat, count, "turn", shuffle)
    if home == PAWNS_PER_PLAYER:
        return events + _start_final_crossing(_apply(state, events), seat)
    events.append(TurnEnded(seat, state.next_seat(seat)))
    return events


def _declare_stuck(state: State, command: DeclareStuck, shuffle: Shuffler) -> list[AnyEvent]:
    _playing(state, "T9")
    # The moves the player was offered are reused (see ``move_list``), not generated again.
    if has_legal_move(state):
        raise IllegalMove("T4.6", _("a pawn can still move, and a player who can move must"))
    return _stuck_events(state, command, shuffle)


def _stuck_events(state: State, command: DeclareStuck, shuffle: Shuffler) -> list[AnyEvent]:
    """T9 and E4: the events of a turn found stuck."""
    seat = command.seat
    events: list[AnyEvent] = [PlayerStuck(seat, cards_of(state.hands[seat]))]
    # PlayerStuck only counts the streak, which drawing does not read: the draw is
    # made from the state as it is, and the streak worked out from what it drew.
    drawn = draw(state, seat, STUCK_DRAW, "stuck", shuffle)
    events += drawn
    nothing_drawn = not any(type(event) is CardsDrawn and event.count for event in drawn)
    streak = state.stuck_streak + 1 if nothing_drawn else 0
    # Every seat is in play until one resigns (E5): ``in_play`` is counted only then.
    if streak >= (len(state.in_play) if state.resigned else len(state.players)):
        # E4: a whole round of T9 with nothing left to draw can only repeat forever.
        return events + _start_final_crossing(_apply(state, events), None)
    return [*events, TurnEnded(seat, state.next_seat(seat))]


def _start_final_crossing(state: State, finisher: int | None) -> list[AnyEvent]:
    """E1/E4: the others' pawns cross to the Mainland, in seat order after the finisher."""
    count = state.player_count
    first = (finisher + 1) if finisher is not None else state.current + 1
    seats = ((first + offset) % count for offset in range(count))
    pending = tuple(seat for seat in seats if seat != finisher and seat not in state.resigned)
    events: list[AnyEvent] = [FinalCrossingStarted(finisher, pending)]
    return events + _settle(_apply(state, events))


def _settle(state: State) -> list[AnyEvent]:
    """E2/E2.1: pay the crossings that leave no choice, then end the game (E3).

    A player who owes nothing, or cannot pay and so gives up all he holds,
    has no decision to make; the first player with a real choice is asked.
    """
    events: list[AnyEvent] = []
    board = Board.of(state)
    while state.final_pending:
        player = state.final_pending[0]
        owed = final_debt(state, player, board)
        held = state.collected_value(player) + state.hand_size(player)
        if owed and held > owed:
            return events
        paid = (
            FinalCrossingPaid(player, 0)
            if not owed
            else FinalCrossingPaid(
                player,
                owed,
                state.collected[player],
                cards_of(state.hands[player]),
                shortfall=owed - held,
            )
        )
        events.append(paid)
        state = evolve(state, paid)
    scores = final_scores(state)
    events.append(GameEnded(scores, winners(scores, state.resigned)))
    return events


def _resign(state: State, command: Resign, shuffle: Shuffler) -> list[AnyEvent]:
    """E5: the player leaves; the game goes on without him while two players are left."""
    if state.phase != "playing":
        raise IllegalMove("E5", _("only the final crossings remain: they are paid, not resigned"))
    seat = command.seat
    events: list[AnyEvent] = [PlayerResigned(seat)]
    after = _apply(state, events)
    if len(after.in_play) >= 2:
        return [*events, TurnEnded(seat, after.next_seat(seat))]
    # One player is left: he wins; the scores are those the game would give now.
    scores = tuple(projected_score(after, player) for player in range(after.player_count))
    return [*events, GameEnded(scores, winners(scores, after.resigned))]


def _pay_final_crossing(
    state: State, command: PayFinalCrossing, shuffle: Shuffler
) -> list[AnyEvent]:
    if state.phase != "final_crossing":
        raise IllegalMove("E2", _("the final crossing comes only after the game has ended (E1)"))
    seat = command.seat
    owed = final_debt(state, seat)
    _check_payment(state, seat, command.payment, owed, state.hands[seat], "E2", _("cards you hold"))
    paid = FinalCrossingPaid(seat, owed, command.payment.tiles, command.payment.cards)
    return [paid, *_settle(evolve(state, paid))]


_HANDLERS: dict[type, Callable[[State, Any, Shuffler], list[AnyEvent]]] = {
    BuyCards: _buy_cards,
    PlaceBridge: _place_bridge,
    Move: _move,
    DeclareStuck: _declare_stuck,
    PayFinalCrossing: _pay_final_crossing,
    Resign: _resign,
}
