"""What a hostile client meets in Atlantis of its own (what every game owes is the
conformance kit's ``test_hostile_clients``): a stuck declaration out of turn is
refused by rule T, naming whose turn it is, and a move paid with cards nobody holds
is never played."""

from __future__ import annotations

import asyncio
from pathlib import Path

from websockets.asyncio.client import connect

from atlantis_tui.online.client import OnlineClient
from atlantis_tui.online.protocol import (
    PROTOCOL_VERSION,
    Act,
    Hello,
    Refused,
    decode_server,
    encode,
)
from core.atlantis.commands import DeclareStuck, Move
from tests.online.conftest import hosting, until


async def test_atlantis_refuses_a_stuck_declaration_out_of_turn_and_nonsense_payments(
    tmp_path: Path,
) -> None:
    async with hosting("Ann,Bob,Cy", tmp_path, seed=3) as (table, address, _task):
        ann = OnlineClient(address, table.codes[0])
        await ann.connect()
        cy = await connect(f"ws://{address}/")
        await cy.send(encode(Hello(PROTOCOL_VERSION, table.codes[2])))
        bob = OnlineClient(address, table.codes[1])
        await bob.connect()
        await until(lambda: not table.waiting)
        assert table.session.path is not None
        before = len(table.events), table.session.path.read_bytes()
        assert table.session.state.to_act == 0
        await cy.send(encode(Act(DeclareStuck(2))))
        while not isinstance(refusal := decode_server(await cy.recv()), Refused):
            pass
        assert refusal.rule == "T" and "Ann" in refusal.reason
        await ann.act(Move(0, 7, (99, -1)))
        await asyncio.sleep(0.2)
        assert (len(table.events), table.session.path.read_bytes()) == before
        await cy.close()
        await ann.close()
        await bob.close()
