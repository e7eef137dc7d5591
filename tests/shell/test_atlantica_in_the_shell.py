"""Atlantica through the shell's generic paths, with five seats and choices at the end.

Atlantica is the first game of five seats, and, with ``final_choices = "ask"``,
the first whose end waits for each player's decision in turn (E3, E5) after the
game has ended: the session, the bots, the save and its check, the log,
statistics, ``simulate`` and online play must all carry it through. Only the
game's descriptor is used here (its screens are tested in ``tests/atlantica``).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from atlantis_tui.cli import main
from atlantis_tui.online.client import OnlineClient
from atlantis_tui.session import GameSession, Seat
from core.games import GAMES
from core.kernel.save_lifecycle import read_checked
from core.services.stats import folder_stats
from tests.conformance.online_access import play_as_bot
from tests.online.conftest import hosting

ATLANTICA = GAMES.get("atlantica")
ASK = ATLANTICA.options_type(final_choices="ask")
NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve")


def _phase(state: Any) -> str:
    return str(state.phase)


def _play_with_bots(folder: Path, seed: int = 3) -> tuple[GameSession, list[int]]:
    """Five random bots to the end; the seats the game asked after its end, in order."""
    seats = [Seat(name, "random") for name in NAMES]
    session = GameSession.new(seats, seed, ASK, folder, game=ATLANTICA)
    asked: list[int] = []
    while not ATLANTICA.is_over(session.state):
        if _phase(session.state) == "scoring":
            seat = session.to_act
            assert seat is not None
            asked.append(seat)
        session.play(session.bot_command())
    session.close()
    return session, asked


def test_bots_make_their_choices_after_the_end_and_the_save_holds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session, asked = _play_with_bots(tmp_path)
    assert asked and asked == sorted(asked)  # each chooser in turn, once
    assert len(set(asked)) == len(asked)
    path = session.path or Path()
    checked = read_checked(path, GAMES)
    assert checked.problem is None and checked.finished
    again = GameSession.load(path)
    assert ATLANTICA.is_over(again.state) and len(again.seats) == 5
    again.close()
    assert main(["check", str(path)]) == 0
    assert "game finished" in capsys.readouterr().out
    assert main(["log", str(path)]) == 0
    log = capsys.readouterr().out
    assert all(name in log for name in NAMES)
    stats = folder_stats(tmp_path, GAMES)
    assert stats.finished == 1 and sum(record.games for record in stats.bots) == 5


def test_undo_takes_back_a_choice_made_after_the_end(tmp_path: Path) -> None:
    seats = [Seat(NAMES[0]), *(Seat(name, "random") for name in NAMES[1:])]
    session = GameSession.new(seats, 3, ASK, tmp_path, game=ATLANTICA)
    while not ATLANTICA.is_over(session.state):
        if session.is_bot_turn():
            session.play(session.bot_command())
        else:
            session.play(ATLANTICA.legal_commands(session.state)[0])
    plan = session.undo()
    assert plan is not None and plan.seat == 0
    assert not ATLANTICA.is_over(session.state)
    assert session.redo() and ATLANTICA.is_over(session.state)
    session.close()


def test_simulate_seats_five_bots(capsys: pytest.CaptureFixture[str]) -> None:
    bots = ",".join(["random"] * 5)
    argv = ["simulate", "--game", "atlantica", "--games", "2", "--json", "--players", bots]
    assert main([*argv, "--option", "final_choices=ask"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
    assert main([*argv[:-1], bots + ",random"]) == 2
    assert "--players needs 2 to 5 bots" in capsys.readouterr().err


async def test_five_seats_play_online_and_each_makes_its_choices(tmp_path: Path) -> None:
    """Four people over WebSockets and one bot of the host's, to the end of the choices."""
    players = "Ann,Bob,Cleo,Dan,bot:random"
    hosted = hosting(players, tmp_path, seed=4, game=ATLANTICA, options=ASK)
    async with hosted as (table, address, _task):
        clients = [OnlineClient(address, table.codes[seat]) for seat in range(4)]
        for client in clients:
            await client.join()
        assert all(len(client.seats) == 5 for client in clients)
        await asyncio.wait_for(
            asyncio.gather(
                *(play_as_bot(client, ATLANTICA, "random", n) for n, client in enumerate(clients))
            ),
            120,
        )
        assert ATLANTICA.is_over(table.session.state)
        assert all(client.is_over for client in clients)
        tags = [type(event).__name__ for event in table.events]
        ended = tags.index("GameEnded")
        assert tags[-1] == "GameScored" and ended < len(tags) - 2  # choices came between
        assert ATLANTICA.options_of(table.session.state).final_choices == "ask"
