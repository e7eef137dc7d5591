"""The games in saves/: they pass the rules check and are what core.atlantis.examples makes."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.atlantis.check import check_events
from core.atlantis.events import FinalCrossingPaid, GameEnded, PawnMoved, TileTaken
from core.atlantis.examples import SHIPPED
from core.atlantis.saves import read_save

SAVES = Path(__file__).resolve().parents[2] / "saves"


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_shipped_save_is_consistent_and_up_to_date(name: str) -> None:
    saved = read_save(SAVES / f"{name}.atlantis.jsonl")
    assert check_events(saved.events, saved.lines, saved.header).ok
    make, seats, _summary = SHIPPED[name]
    assert list(saved.events) == make()
    assert saved.header.seats == seats


def test_the_demo_is_a_complete_four_player_game() -> None:
    saved = read_save(SAVES / "demo-4-players.atlantis.jsonl")
    assert len(saved.header.players) == 4
    assert isinstance(saved.events[-1], GameEnded)


def test_rulebook_x2_replay_shows_the_8_point_crossing() -> None:
    """X2: the shipped replay pays 8 and takes St3."""
    events = read_save(SAVES / "rulebook-X2.atlantis.jsonl").events
    moved = next(e for e in events if isinstance(e, PawnMoved))
    taken = next(e for e in events if isinstance(e, TileTaken))
    assert moved.owed == 8 and taken.space == 9


def test_rulebook_x3_replay_ends_with_6_plus_1_paid_with_a_7() -> None:
    events = read_save(SAVES / "rulebook-X3.atlantis.jsonl").events
    red = next(e for e in events if isinstance(e, FinalCrossingPaid) and e.player == 0)
    assert red.owed == 7 and len(red.tiles) == 1 and not red.cards
