"""``atlantis bench-online``, run tiny: host processes, bot clients, real sockets on loopback.

Only that the report is sane is checked, never how fast anything was.
"""

from __future__ import annotations

import json

from atlantis_tui.online.load_benchmark import run
from tests.online.conftest import run_cli


def test_two_games_of_two_players_finish_and_report_sane_figures() -> None:
    result = run(games=2, players=2, rounds=1, seed=3)
    assert result.problems == ()
    assert result.games_at_once == 2 and result.players == 2
    assert result.games_played == result.games_finished == 2
    assert result.errors == 0
    assert result.events > 0 and result.acts > 0
    # Every command sent was answered by an update, and timed.
    assert result.events > result.acts
    assert result.wall_seconds > 0 and result.events_per_second > 0
    assert result.act_to_update_ms_p95 >= result.act_to_update_ms_median > 0
    assert result.host_cpu_seconds is None or result.host_cpu_seconds >= 0


def test_the_same_seed_deals_the_same_games() -> None:
    first = run(games=1, players=3, rounds=2, seed=5)
    again = run(games=1, players=3, rounds=2, seed=5)
    assert first.games_finished == again.games_finished == 2
    assert (first.events, first.acts) == (again.events, again.acts)


def test_the_command_prints_one_json_object() -> None:
    done = run_cli("bench-online", "--games", "2", "--rounds", "1", "--json")
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert figures["games_played"] == figures["games_finished"] == 2
    assert figures["players"] == 2
    assert figures["errors"] == 0
    assert figures["events"] > 0
    assert figures["act_to_update_ms_p95"] >= figures["act_to_update_ms_median"] > 0
