"""``check`` accepts every record of a legal game, whatever order a payment lists.

A payment is a multiset of tiles and cards (T5.4, E2): ``[5, 1]`` pays what
``[1, 5]`` pays. A purchase that yields no card (T1, a tile worth 0 or 1) may be
recorded with an empty draw or without one.
"""

from __future__ import annotations

from msgspec.structs import replace

from core.atlantis.bots import make_bot
from core.atlantis.bots.play import play_game
from core.atlantis.check import check_events
from core.atlantis.commands import BuyCards
from core.atlantis.events import AnyEvent, CardsDrawn, CrossingPaid, FinalCrossingPaid
from tests.core.helpers import game, held

RB = ["Red", "Blue"]


def _forced_final_payment() -> tuple[list[AnyEvent], int]:
    """A random game whose forced final payment (E2.1) gives two or more kinds of card."""
    for seed in range(100):
        played, _ = play_game([make_bot("random")] * 3, seed)
        for index, event in enumerate(played.events):
            if (
                isinstance(event, FinalCrossingPaid)
                and event.shortfall > 0
                and len(set(event.cards)) >= 2
            ):
                return list(played.events), index
    raise AssertionError("no forced final payment in 100 random games")


def test_E2_a_forced_final_payment_listed_in_another_order_is_consistent() -> None:
    events, index = _forced_final_payment()
    paid = events[index]
    assert isinstance(paid, FinalCrossingPaid)
    assert check_events(events).ok
    reordered = replace(paid, cards=paid.cards[::-1], tiles=paid.tiles[::-1])
    assert reordered != paid
    events[index] = reordered
    assert check_events(events).ok


def test_E2_a_final_payment_with_other_cards_is_still_refused() -> None:
    events, index = _forced_final_payment()
    paid = events[index]
    assert isinstance(paid, FinalCrossingPaid)
    changed = replace(paid, cards=(*paid.cards[1:], (paid.cards[0] + 1) % 7))
    events[index] = changed
    result = check_events(events)
    assert result.problem is not None and result.problem.rule == "E2"


def test_T5_4_a_crossing_payment_listed_in_another_order_is_consistent() -> None:
    for seed in range(100):
        played, _ = play_game([make_bot("greedy")] * 2, seed)
        events = list(played.events)
        for index, event in enumerate(events):
            if isinstance(event, CrossingPaid) and len(set(event.cards + event.tiles)) >= 2:
                events[index] = replace(event, cards=event.cards[::-1], tiles=event.tiles[::-1])
                assert check_events(events).ok
                return
    raise AssertionError("no crossing paid with two things in 100 games")


def test_T1_a_purchase_of_no_card_may_be_recorded_with_an_empty_draw() -> None:
    g = game("Fl1 | Cr2", RB, hands={"Red": "Fl"}, collected={"Red": "Ol1"})
    bought = g.play(BuyCards(0, held(g.state, 0, "Ol1")))
    assert not any(isinstance(event, CardsDrawn) for event in bought)
    without = list(g.events)
    assert check_events(without).ok
    position = without.index(bought[0]) + 1
    with_empty_draw = [*without[:position], CardsDrawn(0, (), 0, "buy"), *without[position:]]
    assert check_events(with_empty_draw).ok
    # An empty draw anywhere else, or one that claims cards, is still refused.
    not_empty = [*without[:position], CardsDrawn(0, (3,), 1, "buy"), *without[position:]]
    assert not check_events(not_empty).ok
