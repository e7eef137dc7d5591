"""Why not? The rules answer for a step of a decision before there is a whole command."""

from __future__ import annotations

from core.atlantis.choosing import (
    ways_by_destination,
    why_no_bridge,
    why_no_purchase,
    why_pawn_cannot_move,
)
from core.atlantis.commands import BuyCards, PlaceBridge
from core.atlantis.state import MAINLAND
from tests.core.helpers import game, held

RB = ["Red", "Blue"]


def test_T1_no_purchase_without_a_collected_tile() -> None:
    g = game("Fl1 | Cr2", RB, hands={"Red": "Fl"})
    refused = why_no_purchase(g.state, 0)
    assert refused is not None and refused.rule == "T1"
    assert "no collected tile" in refused.refusal.reason


def test_T1_purchase_allowed_then_once_per_turn() -> None:
    g = game("Fl1 | Cr2", RB, hands={"Red": "Fl"}, collected={"Red": "Am4 He4"})
    assert why_no_purchase(g.state, 0) is None
    g.play(BuyCards(0, held(g.state, 0, "Am4")))
    refused = why_no_purchase(g.state, 0)
    assert refused is not None and refused.rule == "T1"
    assert "once" in refused.refusal.reason


def test_T_no_purchase_out_of_turn() -> None:
    g = game("Fl1 | Cr2", RB, hands={"Red": "Fl"}, collected={"Blue": "Am4"})
    refused = why_no_purchase(g.state, 1)
    assert refused is not None and refused.rule == "T"


def test_T2_no_bridge_without_water_or_once_placed() -> None:
    dry = game("Fl1 | Cr2", RB, hands={"Red": "Fl"})
    refused = why_no_bridge(dry.state, 0)
    assert refused is not None and refused.rule == "T2"
    assert "no unbridged water" in refused.refusal.reason
    wet = game("Fl1 | Cr2 ~ Ol3", RB, hands={"Red": "Fl"})
    assert why_no_bridge(wet.state, 0) is None
    wet.play(PlaceBridge(0, 3))
    refused = why_no_bridge(wet.state, 0)
    assert refused is not None and refused.rule == "T2"


def test_T3_a_pawn_at_home_cannot_move() -> None:
    g = game("Fl1 | Cr2", RB, hands={"Red": "Fl"}, home={"Red": "B"})
    assert g.state.pawns[0][1] == MAINLAND
    home = why_pawn_cannot_move(g.state, 0, 1)
    assert home is not None and home.rule == "T3"
    assert why_pawn_cannot_move(g.state, 0, 0) is None


def test_T4_1_no_cards_no_move() -> None:
    g = game("Fl1 | Cr2", RB, hands={"Red": ""})
    refused = why_pawn_cannot_move(g.state, 0, 0)
    assert refused is not None and refused.rule == "T4.1"
    assert "no cards" in refused.refusal.reason


def test_ways_to_each_destination_cheapest_first() -> None:
    g = game("Fl1 | Cr2 | Fl3", RB, hands={"Red": "Fl Fl Cr"})
    ways = ways_by_destination(g.state, 0)
    assert list(ways) == sorted(ways)
    for options in ways.values():
        keys = [(not p.affordable, len(p.cards), p.cards) for p in options]
        assert keys == sorted(keys)
