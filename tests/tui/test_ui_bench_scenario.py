"""Atlantis's part of ``atlantis bench-ui`` still finds its keys (nothing is timed here).

The benchmark's terminal is the shell's; what it presses and what each key must
bring up come from ``atlantis_tui.games.atlantis.ui_bench``. A change of the
game's screens that made a planned key play the move, or change nothing, would
break the benchmark only when it is run: these tests run its planning alone.
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

from atlantis_tui.games.atlantis.ui_bench import SCENARIO, game_keys, mid_game_save
from atlantis_tui.ui_benchmark import KEY_CODES, Scenario


def test_the_scenario_is_a_shell_scenario() -> None:
    assert isinstance(SCENARIO, Scenario)


def test_the_mid_game_keys_each_change_the_preview(tmp_path: Path) -> None:
    path = mid_game_save(str(tmp_path))
    keys = game_keys(path, 8)
    assert len(keys) == 8
    assert keys[0][0] == b"b" and keys[1][0] == KEY_CODES["right"]
    assert all(text for _key, text in keys)
    assert all(a[1] != b[1] for a, b in pairwise(keys))
