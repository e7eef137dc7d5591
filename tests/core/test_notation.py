"""The compact path notation reads what it writes, and the default tile set is S1.2's."""

from __future__ import annotations

import pytest

from core.atlantis.evolve import fold
from core.atlantis.notation import parse_path, path_text
from core.atlantis.positions import prepared_game
from core.atlantis.tiles import default_tile_set, generate_default_tile_set

X2 = "Am6[Blue A] ~ Fl1 | Cr6 ~ Ol4 | He5 ~B~ St3 ~ Cr5[Red A] | Ri2"


def test_path_text_writes_back_what_was_read() -> None:
    state = fold(prepared_game(X2, ["Red", "Blue"]))
    assert path_text(state) == X2


def test_stacks_are_written_bottom_to_top() -> None:
    state = fold(prepared_game("Ol2/Am5 | Fl1", ["Ann", "Bob"]))
    assert path_text(state) == "Ol2/Am5 | Fl1"


@pytest.mark.parametrize("bad", ["Zz3", "Fl9", "Fl3[Ann]", "Fl3[Ann D]"])
def test_bad_notation_is_refused_with_the_token(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_path(bad)


def test_S1_2_the_shipped_tile_set_is_the_one_rules_md_defines() -> None:
    """S1.2: the data file equals the set built from its definition."""
    assert default_tile_set() == generate_default_tile_set()
