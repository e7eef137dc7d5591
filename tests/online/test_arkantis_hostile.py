"""What a misbehaving ArkantiS client meets of ArkantiS's own: impossible removals and
moves in its own turn are refused by their rules (T3.1, S1.1, T3.2, T3.3, T2.4), and
buying face down until the pions run out lets the buyer alone learn each card. No
answer holds a card the client may not know, and the honest game goes on.

What every game owes a hostile client (other seats' commands, commands out of turn,
garbage, a watcher who acts, floods) is the conformance kit's ``test_hostile_clients``.
"""

from __future__ import annotations

from pathlib import Path

from atlantis_tui.online.protocol import (
    Act,
    Refused,
    Update,
    encode,
)
from atlantis_tui.online.table import Table
from atlantis_tui.session_protocol import WATCHER
from core.arkantis.commands import AnyCommand, Buy, EndTurn, Move, Remove
from core.arkantis.game_type import ARKANTIS
from core.arkantis.squares import members, name
from core.kernel.chance import secret_from_seed
from tests.conformance.online_access import Raw
from tests.online.conftest import hosting
from tests.online.test_arkantis_privacy import secrets_by_time, states_of

SEED = 5


def _learnt(table: Table, client: Raw, seat: int) -> list[str]:
    """The cards hidden from ``seat`` that any message ``client`` was sent holds."""
    hidden = secrets_by_time(states_of(table.events), seat)[-1]
    assert hidden, "there is something to hide"
    return [card for raw in client.raw for card in hidden if b'"' + card.encode() + b'"' in raw]


async def test_arkantis_refuses_impossible_actions_by_rule_and_buyers_alone_see_their_cards(
    tmp_path: Path,
) -> None:
    async with hosting("Ann,Bob", tmp_path, seed=SEED, game=ARKANTIS) as (table, address, _t):
        actor = table.session.to_act
        assert actor is not None
        other = 1 - actor
        mine = await Raw.open(address, ARKANTIS, table.codes[actor])
        mallory = await Raw.open(address, ARKANTIS, table.codes[other])
        watcher = await Raw.open(address, ARKANTIS)
        before = list(table.events)
        state = table.session.state
        token = name(next(iter(members(state.tokens))))

        # In its own turn, commands the rules refuse: each with its rule id.
        empty = next(sq for sq in range(49) if not state.tokens >> sq & 1)
        impossible: list[AnyCommand] = [
            Remove(actor, (name(empty),)),  # T3.1: no token there
            Remove(actor, ("Z9",)),  # S1.1: not a square
            Remove(actor, (token, token)),  # T3.2
            Move(actor, token, token),  # T3.3
            EndTurn(actor),  # T2.4: the action comes first
        ]
        for refused in impossible:
            answer = await mine.act(refused)
            assert isinstance(answer, Refused) and answer.rule and answer.reason, answer
        assert table.events == before
        # Buying face down until the pions run out: the buyer alone learns each card.
        for _purchase in range(20):
            await mine.socket.send(encode(Act(Buy(actor, "orange", "down"))))
            bought = await mine.next()
            if isinstance(bought, Refused):
                assert bought.rule.startswith("T"), bought
                break
            assert isinstance(bought, Update), bought
            card = bought.events[-1].card
            assert card and card in bought.view.state.hands[actor]
            while not isinstance(seen := await mallory.next(), Update):
                pass  # presence of the others passes by
            assert seen.events[-1].card == ""
        else:
            raise AssertionError("the pions never ran out")
        # Nothing changed but the seat to act's purchases.
        assert all(type(e).__name__ == "CardBought" for e in table.events[len(before) :])
        assert table.events[: len(before)] == before
        for client, seat in ((mallory, other), (mine, actor), (watcher, WATCHER)):
            assert _learnt(table, client, seat) == [], seat

        # The honest game goes on: a legal action reaches the other seat.
        count = len(table.events)
        legal = next(
            c for c in ARKANTIS.legal_commands(table.session.state) if isinstance(c, Remove)
        )
        await mine.socket.send(encode(Act(legal)))
        while not isinstance(message := await mallory.next(), Update) or not message.events:
            pass
        assert len(table.events) > count
        assert message.start + len(message.events) == len(table.events)
        secret = secret_from_seed(SEED).encode()
        for client, seat in ((mallory, other), (mine, actor), (watcher, WATCHER)):
            assert _learnt(table, client, seat) == [], seat
            assert not any(secret in raw for raw in client.raw)
