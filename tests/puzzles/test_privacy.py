"""A puzzle never holds what its player could not see: markers planted where the seat may
not look (other seats' hidden cards, the pile), as the conformance kit plants them, are
found neither in the puzzle file's bytes nor in ``atlantis puzzles list --json``.

So that this cannot pass for want of anything to hide, each test also finds the
markers in what the miner was given.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from atlantis_tui.cli import main
from core.games import GAMES
from core.kernel.registry import AnyGameType
from core.kernel.save_lifecycle import read_checked
from core.services.puzzles import SetHeader, write_set
from core.services.puzzles.mining import Candidate, SeatEvents, mine, puzzle_of, saves_in, weigh
from core.services.review import positions_of
from tests.conformance.privacy import MARKERS
from tests.puzzles.helpers import (
    GAME_IDS,
    TINY,
    lenient,
    lenient_searches_remembered,
    saves_folder,
)

MARKER = MARKERS[0]

# The searches of the mined decisions are shared with the other tests of mined puzzles.
pytestmark = pytest.mark.xdist_group("mined-puzzles")


def planting_events(game: AnyGameType, seat: int) -> AnyGameType:
    """``game`` whose events, as the miner reads them, carry the marker wherever ``seat``
    may not look (``plant_in_event``)."""
    privacy = game.privacy
    plant = privacy.plant_in_event
    assert plant is not None
    revealed = privacy.with_revealed

    def with_revealed(event: Any, state: Any) -> Any:
        opened = privacy.hands_open(game.options_of(state))
        return plant(revealed(event, state), seat, opened, MARKER)

    return dataclasses.replace(
        game, privacy=dataclasses.replace(privacy, with_revealed=with_revealed)
    )


def _bytes_hold_marker(data: bytes) -> bool:
    return str(MARKER).encode() in data


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("seat", [0, 1])
def test_no_puzzle_holds_a_marker_planted_in_the_events(
    game_id: str, seat: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = planting_events(lenient(GAMES.get(game_id)), seat)
    saves = saves_in(saves_folder(game_id))
    planted = SeatEvents(game, read_checked(saves[0], GAMES).events)
    assert any(_bytes_hold_marker(repr(event).encode()) for event in planted.revealed), (
        "nothing planted: the test would pass for want of anything to hide"
    )
    with lenient_searches_remembered():
        puzzles = [p for p in mine(game, saves, GAMES, TINY) if p.seat == seat]
    assert puzzles
    path = write_set(tmp_path / "planted.jsonl", SetHeader(game_id, "test", "test"), puzzles)
    assert not _bytes_hold_marker(path.read_bytes())
    assert main(["puzzles", "list", "--game", game_id, "--file", str(path), "--json"]) == 0
    listed = capsys.readouterr().out
    assert len(listed.splitlines()) == len(puzzles)
    assert not _bytes_hold_marker(listed.encode())


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_puzzle_holds_a_marker_planted_in_the_position(game_id: str, tmp_path: Path) -> None:
    """The state of the decision with every value the seat may not see replaced by the
    marker (``GameType.privacy.plant``): the puzzle made of it is the same, marker-free."""
    game = lenient(GAMES.get(game_id))
    plant = game.privacy.plant
    assert plant is not None
    save = saves_in(saves_folder(game_id))[0]
    checked = read_checked(save, GAMES)
    seat_events = SeatEvents(game, checked.events)
    made = 0
    for position in positions_of(game, checked.events, checked.actions, TINY.budget, TINY.seed):
        candidate = Candidate(position, save.name, TINY)
        found = weigh(candidate)
        if found is None:
            continue
        planted_state = plant(position.state, position.seat, MARKER)
        if planted_state == position.state:
            continue
        planted = Candidate(dataclasses.replace(position, state=planted_state), save.name, TINY)
        assert _bytes_hold_marker(repr(planted_state).encode())
        puzzle = puzzle_of(planted, found, seat_events, None)
        assert puzzle == puzzle_of(candidate, found, seat_events, None)
        data = write_set(tmp_path / "one.jsonl", SetHeader(game_id, "t", "t"), [puzzle])
        assert not _bytes_hold_marker(data.read_bytes())
        made += 1
        if made == 3:
            break
    assert made, "no position with anything hidden to plant"
