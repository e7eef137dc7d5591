"""The engine's shortcuts give what the plain ways give.

- a move turn applied at once (``move_turn.apply``, inside ``evolve_all``) equals
  its events applied one by one, on states and on players' views;
- moves are the card sequences the first generator found, in its order, however
  many cards of an item a hand holds;
- the board's sums (``Board.sums``, ``crossing_price``) price every crossing as
  ``cost_between`` does, on boards built afresh and on boards carried along;
- payments found choice by choice (``payment_plans``) are those the first
  recursive search found, in the same order;
- the random bot, which builds only the payment it draws, draws what it drew
  from the whole list of payments.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import reduce

from core.atlantis import move_turn
from core.atlantis.board import NO_ITEM, Board, crossing_price
from core.atlantis.bots.greedy_bot import GreedyBot
from core.atlantis.bots.random_bot import RandomBot
from core.atlantis.commands import AnyCommand, DeclareStuck, Move, PayFinalCrossing, Payment
from core.atlantis.events import AnyEvent
from core.atlantis.evolve import evolve, evolve_all
from core.atlantis.game_type import ATLANTIS
from core.atlantis.moves import _sequences, final_payments, move_list, payments_for
from core.atlantis.options import Options
from core.atlantis.payments import choose_cards, payment_options, payment_plans
from core.atlantis.state import ATLANTIS as ATLANTIS_SPACE
from core.atlantis.state import MAINLAND, State
from core.atlantis.view import PlayerView, event_for, view_for, with_revealed
from core.kernel.chance import secret_from_seed

OPTIONS = (
    Options(),
    Options(bought_cards_can_pay=False, buy_limit=0),
    Options(paid_cards_to="box", open_hands=True),
)


def _turns(seed: int) -> Iterator[tuple[State, AnyCommand, list[AnyEvent]]]:
    """Each state of a game of random and greedy bots, the command given and its events."""
    count = 2 + seed % 3
    rng = random.Random(seed)
    bots = [GreedyBot() if (seed + seat) % 3 == 0 else RandomBot() for seat in range(count)]
    names = tuple(f"P{seat}" for seat in range(count))
    options = OPTIONS[seed % len(OPTIONS)]
    state = ATLANTIS.fold(ATLANTIS.setup(names, options, secret_from_seed(seed)))
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        command = bots[seat].decide(view_for(state, seat), rng)
        events = ATLANTIS.decide(state, command)
        yield state, command, events
        state = reduce(evolve, events, state)


def test_a_move_turn_applied_at_once_equals_its_events_one_by_one() -> None:
    applied = 0
    for seed in range(24):
        for state, _command, events in _turns(seed):
            stepped = reduce(evolve, events, state)
            turn = move_turn.apply(state, events)
            if turn is not None:
                applied += 1
                assert turn[0] == stepped
            assert evolve_all(state, events) == stepped
    assert applied > 1000


def test_a_view_applies_a_move_turn_at_once_as_one_by_one() -> None:
    """A player's view learns the tile a take lays bare (``with_revealed``)."""
    applied = 0
    for seed in range(12):
        for state, _command, events in _turns(seed):
            after = reduce(evolve, events, state)
            revealed = [with_revealed(event, after) for event in events]
            for seat in range(state.player_count):
                seen = [event_for(event, seat, state.options.open_hands) for event in revealed]
                view = view_for(state, seat).state
                stepped = reduce(evolve, seen, view)
                turn = move_turn.apply(view, seen)
                if turn is not None:
                    applied += 1
                    assert turn[0] == stepped
    assert applied > 1500, applied


def test_other_runs_of_events_are_not_taken_for_a_move_turn() -> None:
    found = set()
    for seed in range(24):
        for state, command, events in _turns(seed):
            if move_turn.apply(state, events) is not None:
                assert isinstance(command, Move)
                found.add(len(events))
            elif isinstance(command, Move):
                # A reshuffle, or the last pawn home (the final crossing starts).
                names = {type(event).__name__ for event in events}
                assert names & {"DeckReshuffled", "PileShuffled", "FinalCrossingStarted"}
    assert found == {3, 4, 5}


def _walked(
    board: Board, start: int, hand: list[int], occupied: set[int]
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every (cards, landings) from ``start``, as the first generator walked them: each
    card tried in item order, a chain on from every occupied space, and the same cards
    to the same space kept once, compared as sorted tuples."""
    found: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    seen: set[tuple[int, tuple[int, ...]]] = set()

    def walk(position: int, cards: tuple[int, ...], landings: tuple[int, ...]) -> None:
        for item in range(7):
            if not hand[item]:
                continue
            space = board.landing(position, item)
            if space != MAINLAND and space in occupied:
                hand[item] -= 1
                walk(space, (*cards, item), (*landings, space))
                hand[item] += 1
            elif not cards:
                found.append(((item,), (space,)))
            elif (space, tuple(sorted((*cards, item)))) not in seen:
                seen.add((space, tuple(sorted((*cards, item)))))
                found.append(((*cards, item), (*landings, space)))

    walk(start, (), ())
    return found


def test_sequences_are_those_the_first_generator_walked() -> None:
    rng = random.Random(11)
    checked = 0
    for seed in range(0, 24, 3):
        for state, _command, _events in _turns(seed):
            board = Board(state)
            occupied = {p for ps in state.pawns for p in ps if ATLANTIS_SPACE < p < MAINLAND}
            # The hand held, and hands heavy with few items, up to all 15 cards of one.
            hands = [list(state.hands[state.current])]
            hands += [[rng.choice((0, 0, 1, 2, 15)) for _item in range(7)] for _hand in range(2)]
            for hand in hands:
                for start in {*state.pawns[state.current], *rng.sample(range(MAINLAND), 3)}:
                    if start == MAINLAND:
                        continue
                    expected = _walked(board, start, hand, occupied)
                    assert _sequences(board, start, hand, occupied) == expected
                    ends = occupied | {ATLANTIS_SPACE, MAINLAND}  # as _generate passes them
                    assert _sequences(board, start, hand, ends) == expected
                    checked += 1
    assert checked > 3000, checked


def _pairs(board: Board, state: State) -> Iterator[tuple[int, int]]:
    """Every start a pawn could be on and every stop ahead of it (land or the Mainland)."""
    land = [space for space, item in enumerate(board.items) if item != NO_ITEM]
    starts = {ATLANTIS_SPACE, *land, *(p for ps in state.pawns for p in ps if p != MAINLAND)}
    for start in starts:
        for end in [*land, MAINLAND]:
            if end > start:
                yield start, end


def test_sums_price_every_crossing_as_cost_between() -> None:
    checked = 0
    for seed in range(0, 24, 2):
        for state, _command, _events in _turns(seed):
            for board in (Board(state), Board.of(state)):
                sums = board.sums()
                for start, end in _pairs(board, state):
                    assert crossing_price(sums, start, end) == board.cost_between(start, end)
                    checked += 1
            # Carried from the state before, as a bot's would be.
            assert Board.of(state).sums() == Board(state).sums()
    assert checked > 100_000, checked


def test_sums_of_a_board_with_bridges() -> None:
    bridged = 0
    for seed in range(24):
        for state, _command, _events in _turns(seed):
            board = Board.of(state)
            if any(gap.bridged for gap in board.gaps):
                bridged += 1
                sums = board.sums()
                for start, end in _pairs(board, state):
                    assert crossing_price(sums, start, end) == board.cost_between(start, end)
    assert bridged > 50, bridged


def _listed_by_search(
    tiles: list[tuple[int, int]], cards: tuple[int, ...], owed: int, limit: int
) -> list[Payment]:
    """``payment_options`` as first written: a recursive search, then duplicates dropped."""
    card_count = sum(cards)
    by_value: dict[int, list[int]] = {}
    for tile, value in tiles:
        by_value.setdefault(value, []).append(tile)
    values = sorted(by_value, reverse=True)
    found: list[tuple[int, int, int, tuple[int, ...]]] = []

    def search(index: int, chosen: list[int], points: int) -> None:
        if points >= owed:
            found.append((points - owed, 0, len(chosen), tuple(chosen)))
            return
        missing = owed - points
        if missing <= card_count:
            found.append((0, missing, len(chosen), tuple(chosen)))
        if index == len(values):
            return
        value = values[index]
        group = by_value[value]
        for take in range(len(group), -1, -1):
            if take and points + value * (take - 1) >= owed:
                continue
            search(index + 1, chosen + group[:take], points + value * take)

    search(0, [], 0)
    found.sort()
    options: list[Payment] = []
    seen: set[tuple[tuple[int, ...], int]] = set()
    for _, card_total, _, chosen in found:
        if (chosen, card_total) in seen:
            continue
        seen.add((chosen, card_total))
        options.append(Payment(tiles=chosen, cards=choose_cards(cards, card_total)))
        if len(options) == limit:
            break
    return options


def test_payments_are_those_of_the_search_and_plans_are_them_without_cards() -> None:
    rng = random.Random(5)
    for _ in range(4000):
        tiles = [(tile, rng.randint(1, 7)) for tile in rng.sample(range(84), rng.randint(0, 9))]
        cards = tuple(rng.randint(0, 3) for _item in range(7))
        owed = rng.randint(1, 25)
        limit = rng.choice((1, 2, 12, 100))
        options = payment_options(tiles, cards, owed, limit)
        assert options == _listed_by_search(tiles, cards, owed, limit)
        plans = payment_plans(tiles, sum(cards), owed, limit)
        assert [(option.tiles, len(option.cards)) for option in options] == plans


def _drawn_from_the_whole_list(view: PlayerView, rng: random.Random) -> AnyCommand:
    """The random bot as it was first written: every payment listed, one drawn."""
    state, seat = view.state, view.seat
    if state.phase == "final_crossing":
        return PayFinalCrossing(seat, rng.choice(final_payments(state, seat)))
    moves = move_list(state)
    if not moves:
        return DeclareStuck(seat)
    pawn, cards, _, owed = rng.choice(moves)
    return Move(seat, pawn, cards, rng.choice(payments_for(state, cards, owed)))


def test_the_random_bot_draws_as_from_the_whole_list_of_payments() -> None:
    bot = RandomBot()
    paid = 0
    for seed in range(24):
        for state, _command, _events in _turns(seed):
            seat = state.to_act
            assert seat is not None
            view = view_for(state, seat)
            for draw in range(3):
                mine, theirs = random.Random(draw), random.Random(draw)
                command = bot.decide(view, mine)
                assert command == _drawn_from_the_whole_list(view, theirs)
                assert mine.random() == theirs.random()
                paid += isinstance(command, Move) and not command.payment.is_empty()
    assert paid > 1000, paid
