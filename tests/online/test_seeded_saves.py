"""A game whose chance came from a seed is never hosted online.

Saves of format 0–1 drew everything from a 31-bit seed: a watcher could try
every seed until one lays the table he sees, and then know the whole pile.
``atlantis host --resume`` refuses them in one line, before the file is touched,
and so it does any save of any game whose opening event holds no secret; a
``Table`` (every hosted game) refuses such a game too. A save with its secret is
hosted as before.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from atlantis_tui.online.hosting import resumed_table
from atlantis_tui.online.seeded import SeededChance
from atlantis_tui.online.table import Table
from atlantis_tui.session import GameSession, parse_players
from core.games import GAMES
from tests.online.conftest import TINY, HostProcess, start_cli

GOLDEN = Path(__file__).parent.parent / "core" / "golden"
EVENTS_KEPT = 60
"""Events kept of a finished golden game, to make an unfinished one."""


def old_save(tmp_path: Path, version: int) -> Path:
    """An unfinished save of format ``version`` (0 or 1) with two human seats and a bot:
    the golden save of that format, cut short. Format 0 records no seats (all human)."""
    lines = (GOLDEN / f"format-{version}.atlantis.jsonl").read_text().splitlines()
    header = json.loads(lines[0])
    if "seats" in header:
        header["seats"] = ["human", "human", "bot:greedy"]
    path = tmp_path / f"old-format-{version}.atlantis.jsonl"
    kept = [json.dumps(header, separators=(",", ":")), *lines[1 : 1 + EVENTS_KEPT]]
    path.write_text("\n".join(kept) + "\n")
    return path


def host_resume(path: Path) -> tuple[int, str, str]:
    """``atlantis host --resume PATH`` on any free loopback port: exit code, out, err.
    A host that starts is stopped after a while: it would wait for its players."""
    process = start_cli("host", "--resume", str(path), "--port", "0")
    try:
        out, err = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
    return process.returncode, out, err


@pytest.mark.parametrize("version", [0, 1])
def test_hosting_a_save_of_an_old_format_is_refused_in_one_line(
    tmp_path: Path, version: int
) -> None:
    path = old_save(tmp_path, version)
    before = path.read_bytes()
    code, out, err = host_resume(path)
    assert code == 2, (out, err)
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("atlantis host: ")
    assert "cannot be hosted online" in lines[0]
    assert "seed" in lines[0] and "one keyboard" in lines[0]
    # Refused before it was read to be played: not even upgraded to today's format.
    assert path.read_bytes() == before


def blank_secret(path: Path, remove: bool) -> None:
    """Take the secret out of a save's opening event (the line after the header)."""
    lines = path.read_text().splitlines()
    opening = json.loads(lines[1])
    assert len(opening["secret"]) >= 32
    if remove:
        del opening["secret"]
    else:
        opening["secret"] = ""
    lines[1] = json.dumps(opening, separators=(",", ":"))
    path.write_text("\n".join(lines) + "\n")


def new_save(tmp_path: Path, game_id: str) -> Path:
    """A save of a new two-player game of ``game_id``, one human and one bot."""
    game = GAMES.get(game_id)
    seats = parse_players("Ann,bot:random", game)
    session = GameSession.new(seats, None, save_dir=tmp_path, bot_settings=TINY, game=game)
    session.close()
    assert session.path is not None
    return session.path


@pytest.mark.parametrize("remove", [False, True], ids=["empty", "missing"])
@pytest.mark.parametrize("game_id", GAMES.ids)
def test_any_game_whose_opening_holds_no_secret_is_refused(
    tmp_path: Path, game_id: str, remove: bool
) -> None:
    kept = new_save(tmp_path / "kept", game_id)
    table = resumed_table(kept, TINY, GAMES.get(game_id))  # with its secret: hosted
    table.session.close()
    blanked = new_save(tmp_path / "blanked", game_id)
    blank_secret(blanked, remove)
    before = blanked.read_bytes()
    with pytest.raises(SeededChance, match="cannot be hosted online"):
        resumed_table(blanked, TINY, GAMES.get(game_id))
    assert blanked.read_bytes() == before


def test_a_table_refuses_a_game_without_a_secret(tmp_path: Path) -> None:
    # On one keyboard the old save goes on as it always did...
    session = GameSession.load(old_save(tmp_path, 1), TINY)
    try:
        assert session.humans == [0, 1]
        # ... but no hosted game can be made of it, whichever way it is reached.
        with pytest.raises(SeededChance):
            Table(session)
    finally:
        session.close()


def stopped(host: HostProcess) -> str:
    """Stop a host that is waiting for its players; what it wrote on standard error."""
    host.process.kill()
    _out, err = host.process.communicate()
    return err


def test_hosting_with_a_chosen_seed_says_that_guessing_it_reads_the_table(
    tmp_path: Path,
) -> None:
    said = stopped(HostProcess("--players", "Ann,Bob", "--seed", "7", "--save-dir", str(tmp_path)))
    assert [line for line in said.splitlines() if "--seed 7" in line] == [
        "atlantis host: --seed 7 makes this game's chance: anyone watching who guesses "
        "the seed knows every hand and draw; leave --seed out for a secret nobody can guess"
    ]
    unchosen = stopped(HostProcess("--players", "Ann,Bob", "--save-dir", str(tmp_path)))
    assert "--seed" not in unchosen
