"""S1–S1.7: the components, the shipped data file, its load-time checks and warnings."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from core.atlantica.cards import (
    RESEARCH_KINDS,
    SHIP_PILES,
    TREASURE_COLOURS,
    crates,
    diver_ids,
    research_ids,
    ship_ids,
    treasure_ids,
)
from core.atlantica.data import DEFAULT_PATH, DataSetError, default_data, load_data
from core.atlantica.options import Options
from core.atlantica.setup import new_game

TEXT = DEFAULT_PATH.read_text(encoding="utf-8")


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "atlantica.toml"
    path.write_text(text, encoding="utf-8")
    return path


def refused(tmp_path: Path, old: str, new: str) -> tuple[str, ...]:
    assert old in TEXT, old
    with pytest.raises(DataSetError) as caught:
        load_data(write(tmp_path, TEXT.replace(old, new, 1)))
    return caught.value.faults


def test_S1_the_box_holds_78_divers_57_treasures_a_hurricane_24_ships_30_research() -> None:
    data = default_data()
    assert len(diver_ids()) == 78
    assert len(treasure_ids(data)) == 57
    assert sum(len(ship_ids(data, pile)) for pile in SHIP_PILES) == 24
    assert len(research_ids(data)) == 30


def test_S1_1_thirteen_divers_of_each_of_six_colours() -> None:
    ids = diver_ids()
    for colour in "WYRGBV":
        assert sum(card[0] == colour for card in ids) == 13


def test_S1_2_treasure_types_counts_and_colours() -> None:
    data = default_data()
    assert data.treasures == {
        "ARC": 12,
        "TER": 10,
        "GLD": 9,
        "AMP": 8,
        "EPI": 7,
        "STA": 6,
        "ARM": 5,
    }
    assert TREASURE_COLOURS["AMP"] == "pink" and TREASURE_COLOURS["STA"] == "green"
    assert TREASURE_COLOURS["ARM"] == "violet"  # invented, and not red: 7 red cards in X3


def test_S1_3_the_default_ladders_and_the_invention_rule() -> None:
    data = default_data()
    assert data.ladders["AMP"] == (2, 5, 10, 16)
    assert data.ladders["EPI"] == (0, 6, 12)
    assert data.ladders["STA"] == (3, 8, 15)
    for kind, ladder in data.ladders.items():
        assert len(ladder) == data.treasures[kind] // 2  # L = floor(cards / 2)
        assert all(b > a for a, b in itertools.pairwise(ladder))


def test_S1_4_ships_eight_a_pile_with_1_to_5_crates() -> None:
    data = default_data()
    assert [sum(pile) for pile in data.ships] == [18, 26, 33]
    assert ship_ids(data, "B")[-1] == "B5-1" and crates("B5-1") == 5
    assert all(len(pile) == 8 for pile in data.ships)


def test_S1_5_eleven_research_kinds_2_to_4_copies() -> None:
    data = default_data()
    assert set(data.research) == set(RESEARCH_KINDS)
    assert sum(data.research.values()) == 30
    assert all(2 <= copies <= 4 for copies in data.research.values())


def test_S1_6_the_default_round_spaces_are_every_space() -> None:
    assert default_data().round_spaces == ()
    assert Options().round_spaces == "every"


def test_S1_7_the_shipped_file_loads_without_warnings() -> None:
    loaded = load_data(DEFAULT_PATH)
    assert loaded.warnings == () and len(loaded.data.hash) == 64
    assert loaded.data == default_data()
    assert "[invented" in TEXT  # the file says which numbers are invented


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("W = 13", "W = 12", "divers: W has 12 cards, not 13"),
        ("ARC = 12", "ARC = 11", "treasures: ARC has 11 cards, not 12"),
        ("A = [1, 1, 2, 2, 2, 3, 3, 4]", "A = [1, 1, 2, 2, 2, 3, 3]", "pile A has 7 cards"),
        ("C = [3, 3, 4, 4, 4, 5, 5, 5]", "C = [3, 3, 4, 4, 4, 5, 5, 6]", "6 crates"),
        ("R1 = 4", "R1 = 5", "R1 has 5 copies"),
        ("R1 = 4", "R1 = 3", "29 cards, not 30"),
        ("EPI = [0, 6, 12]", "EPI = [-1, 6, 12]", "EPI starts at -1"),
        ("ARM = [4, 9]", "ARM = [4, 4]", "ARM is not strictly increasing"),
        ("round_spaces = []", 'round_spaces = [["ship", 4]]', "ship 4"),
    ],
)
def test_S1_7_a_bad_file_is_refused_naming_the_fault(
    tmp_path: Path, old: str, new: str, words: str
) -> None:
    faults = refused(tmp_path, old, new)
    assert any(words in fault for fault in faults), faults


def test_S1_7_every_fault_is_one_line(tmp_path: Path) -> None:
    text = TEXT.replace("W = 13", "W = 14").replace("ARC = 12", "ARC = 13")
    with pytest.raises(DataSetError) as caught:
        load_data(write(tmp_path, text))
    assert len(caught.value.faults) == 2
    assert str(caught.value).count("\n") == 1


def test_S1_7_unreadable_and_malformed_files(tmp_path: Path) -> None:
    with pytest.raises(DataSetError):
        load_data(tmp_path / "missing.toml")
    with pytest.raises(DataSetError):
        load_data(write(tmp_path, "name = 3"))


def test_S1_7_a_changed_given_value_loads_with_a_warning(tmp_path: Path) -> None:
    loaded = load_data(write(tmp_path, TEXT.replace("AMP = [2, 5, 10, 16]", "AMP = [2, 6, 10]")))
    assert any("AMP v2 is 6, the rulebook gives 5" in line for line in loaded.warnings)
    assert any("AMP v4 is -, the rulebook gives 16" in line for line in loaded.warnings)
    assert any("AMP has 3 steps, the rulebook gives 4" in line for line in loaded.warnings)
    assert loaded.data.ladders["AMP"] == (2, 6, 10)
    # an invented value changes without a warning
    quiet = load_data(write(tmp_path, TEXT.replace("ARC = [1, 3, 6,", "ARC = [1, 2, 6,")))
    assert quiet.warnings == ()


def test_data_set_option_reads_a_file_and_the_game_records_its_numbers(tmp_path: Path) -> None:
    path = write(tmp_path, TEXT.replace('name = "default"', 'name = "mine"'))
    opening = new_game(("Ana", "Ben"), Options(data_set=str(path)))[0]
    assert opening.data.name == "mine"  # type: ignore[union-attr]
    assert opening.data.ladders == default_data().ladders  # type: ignore[union-attr]
