"""Dropped players: the others see the seat away, the game waits, the player rejoins.

One test kills a ``join --bot`` process outright (SIGKILL) and starts another
with the same code; another cuts a client's connection without a closing
handshake and checks that it rejoins by itself, sent only what it missed.
"""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import pytest

from atlantis_tui.online.bot_player import play_seat
from atlantis_tui.online.client import JoinError, OnlineClient
from atlantis_tui.online.protocol import Update
from core.atlantis.bots import make_bot
from tests.online.conftest import TINY, HostProcess, hosting, run_cli, start_cli, until


def _lines(path: Path) -> int:
    return len(path.read_bytes().splitlines())


def test_a_killed_client_rejoins_with_its_code_and_the_game_finishes(tmp_path: Path) -> None:
    # The host's bot waits a little before each move, so the game lasts long enough to kill into.
    host = HostProcess(
        "--players", "Ann,Bob,bot:random", "--save-dir", str(tmp_path), "--bot-delay", "0.02"
    )
    try:
        ann = start_cli("join", host.address, host.code("Ann"), "--bot", "random", "--seed", "1")
        bob = start_cli("join", host.address, host.code("Bob"), "--bot", "random", "--seed", "2")
        deadline = time.monotonic() + 30
        while _lines(host.save) < 40:
            assert time.monotonic() < deadline and bob.poll() is None
            time.sleep(0.005)
        bob.kill()
        bob.wait()
        # Bob is away: the game waits for him.
        time.sleep(0.3)
        held = _lines(host.save)
        time.sleep(0.3)
        assert _lines(host.save) == held
        assert "game-ended" not in host.save.read_text()
        again = start_cli("join", host.address, host.code("Bob"), "--bot", "random", "--seed", "3")
        for player in (ann, again):
            out, err = player.communicate(timeout=60)
            assert player.returncode == 0, err
            assert out.startswith("Game over")
        host.finish()
    finally:
        host.kill()
    checked = run_cli("check", str(host.save))
    assert checked.returncode == 0, checked.stderr
    assert "game finished" in checked.stdout


async def test_a_dropped_connection_rejoins_by_itself_and_is_sent_only_what_it_missed(
    tmp_path: Path,
) -> None:
    async with hosting("Ann,Bob", tmp_path, seed=5) as (table, address, task):
        ann = OnlineClient(address, table.codes[0])
        bob = OnlineClient(address, table.codes[1])
        for client in (ann, bob):
            await client.connect()
        ann_plays = asyncio.create_task(play_seat(ann, "greedy", TINY, 1))
        # Bob plays by hand here, so the test can cut him off at a chosen moment.
        bot, rng = make_bot("random"), random.Random(4)
        starts: list[int] = []
        held = acted_at = -1
        async for message in bob.messages():
            if isinstance(message, Update):
                starts.append(message.start)
            if bob.is_over:
                break
            if held < 0 and len(bob.events) > 30 and bob.my_turn:
                held = len(bob.events)
                assert bob.socket is not None
                bob.socket.transport.abort()  # no closing handshake: like a cable pulled
                await until(lambda: table.waiting and not ann.seats[1].present)
                assert ann.waiting  # Ann was told that the game waits for Bob
                continue
            if bob.my_turn and acted_at != len(bob.events) and bob.view is not None:
                acted_at = len(bob.events)
                await bob.act(bot.decide(bob.view, rng))
        assert held > 0
        assert held in starts  # after rejoining, the update began where Bob had stopped
        await asyncio.wait_for(ann_plays, 30)
        await asyncio.wait_for(task, 10)
    assert table.is_over
    # Every event once, in order, exactly as Bob may see them.
    assert bob.events == list(table.update_for(1, 0).events)


async def test_the_same_code_again_takes_the_seat_over_and_the_first_stops(
    tmp_path: Path,
) -> None:
    async with hosting("Ann,Bob", tmp_path) as (table, address, _task):
        first = OnlineClient(address, table.codes[0])
        await first.connect()

        async def listen() -> None:
            async for _message in first.messages():
                pass

        listening = asyncio.create_task(listen())
        second = OnlineClient(address, table.codes[0])
        await second.join()
        with pytest.raises(JoinError, match="joined again"):
            await asyncio.wait_for(listening, 5)
        assert second.seat == 0 and table.present == {0}
        assert table.seat_for_code(table.codes[0]) == 0
        await second.close()
        await until(lambda: not table.present)


async def test_a_silent_connection_is_noticed_and_its_seat_shown_away(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("atlantis_tui.online.server.PING_SECONDS", 0.1)
    async with hosting("Ann,Bob", tmp_path) as (table, address, _task):
        ann, bob = (OnlineClient(address, table.codes[seat], rejoin=False) for seat in (0, 1))
        for client in (ann, bob):
            await client.connect()
        listening = asyncio.create_task(_drain(ann))
        await until(lambda: table.present == {0, 1})
        assert bob.socket is not None
        bob.socket.transport.pause_reading()  # no more pongs: like a laptop lid closed
        await until(lambda: table.present == {0}, timeout=5)
        await until(lambda: ann.waiting and not ann.seats[1].present)
        listening.cancel()
        bob.socket.transport.abort()


async def test_a_rejoin_does_not_wait_for_the_old_connection_to_answer(
    tmp_path: Path,
) -> None:
    async with hosting("Ann,Bob", tmp_path) as (table, address, _task):
        old = OnlineClient(address, table.codes[1], rejoin=False)
        await old.connect()
        assert old.socket is not None
        old.socket.transport.pause_reading()  # the old connection will never answer a close
        again = OnlineClient(address, table.codes[1])
        started = asyncio.get_running_loop().time()
        await asyncio.wait_for(again.join(), 3)
        assert asyncio.get_running_loop().time() - started < 2
        assert table.present == {1}
        old.socket.transport.abort()
        await again.close()


async def _drain(client: OnlineClient) -> None:
    async for _message in client.messages():
        pass
