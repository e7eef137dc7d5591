"""``python -m tools.strength``: the expert's iterations per CPU second and a hint's time."""

from __future__ import annotations

import json

import pytest

from tools import strength


def test_an_unknown_game_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert strength.main(["--game", "chess"]) == 2
    assert capsys.readouterr().err.strip().startswith("unknown game 'chess'")


def test_it_times_the_expert_on_positions_where_it_searches(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert strength.main(["--game", "atlantis", "--positions", "1", "--iterations", "5"]) == 0
    figures = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert set(figures["atlantis"]) == {"2", "4"}
    assert all(rate > 0 for rate in figures["atlantis"].values())
