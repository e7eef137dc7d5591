"""What a misbehaving Atlantica client meets of Atlantica's own: its commands out of turn
(scoring choices in the middle of the game, too), Atlantica's commands with fields of
the wrong kind, impossible actions in its own turn.

Each is answered with a clear refusal (an error code, or a refusal with its rule id
and a reason), the game stays exactly as it was, and no answer holds a card the
client may not know: trying to pay with another seat's card is answered exactly as
trying to pay with a card of the draw pile. The honest game then goes on.

What every game owes a hostile client (other seats' commands, undo, garbage, a
watcher who acts, floods) is the conformance kit's ``test_hostile_clients``.
"""

from __future__ import annotations

from pathlib import Path

from atlantis_tui.online.protocol import (
    Act,
    Error,
    Refused,
    Update,
    encode,
)
from atlantis_tui.online.table import Table
from atlantis_tui.session_protocol import WATCHER
from core.atlantica.cards import Pick
from core.atlantica.commands import AnyCommand, ChooseScoring, EndTurn, Pass, PerformAction
from core.atlantica.game_type import ATLANTICA
from core.kernel.chance import secret_from_seed
from tests.atlantica.online.knowledge import (
    cards_in,
    hosting,
    secrets_by_time,
    shape_leaks,
    states_of,
)
from tests.conformance.online_access import Raw

SEED = 5


def learnt(table: Table, client: Raw, seat: int) -> list[str]:
    """The cards hidden from ``seat`` now that any message ``client`` was sent holds, and
    any view or event that shows what the seat may not see."""
    hidden = secrets_by_time(states_of(table.events), seat)[-1]
    assert hidden, "there is something to hide"
    found = [card for raw in client.raw for card in cards_in(raw, hidden)]
    return found + shape_leaks(client.raw, seat, open_hands=False)


async def test_atlantica_refuses_its_own_impossible_commands_by_rule_and_learns_nothing(
    tmp_path: Path,
) -> None:
    async with hosting("Ann,Bob", tmp_path, SEED) as (table, address, _task):
        state = table.session.state
        actor = state.to_act
        assert actor is not None
        other = 1 - actor
        mine = await Raw.open(address, ATLANTICA, table.codes[actor])
        mallory = await Raw.open(address, ATLANTICA, table.codes[other])
        watcher = await Raw.open(address, ATLANTICA)
        before = list(table.events)
        legal = next(c for c in ATLANTICA.legal_commands(state) if isinstance(c, PerformAction))
        assert legal.seat == actor

        # Its own seat, out of turn (scoring choices in the middle of the game, too): the
        # rules refuse, with the rule's id and a reason.
        mallorys = PerformAction(other, legal.location, legal.level, state.hands[other][:1])
        for command in (mallorys, EndTurn(other), Pass(other), ChooseScoring(other)):
            answer = await mallory.act(command)
            assert isinstance(answer, Refused) and answer.rule and answer.reason, answer
        assert table.events == before

        # Garbage, unknown commands, fields of the wrong kind, seats that do not exist.
        garbage: list[str | bytes] = [
            b"\x00\xff\xfe",
            "{not json",
            "[]",
            '{"type":"act","command":{"type":"steal","seat":1}}',
            '{"type":"act","command":{"type":"undo","seat":1}}',
            encode(Act({"type": "perform-action", "seat": other, "location": "atlantis"})),
            encode(Act({"type": "perform-action", "seat": other, "location": "port"})),
            encode(
                Act(
                    {
                        "type": "perform-action",
                        "seat": other,
                        "location": "port",
                        "level": 1,
                        "cards": 3,
                    }
                )
            ),
            encode(Act({"type": "choose-scoring", "seat": other, "r6_types": ["XYZ"]})),
            encode(Act({"type": "choose-scoring", "seat": other, "releases": "ARC-1"})),
            encode(Act({"type": "pass", "seat": 99})),
            encode(Act({"type": "pass", "seat": "1"})),
            encode(Act({"type": "end-turn"})),
        ]
        for text in garbage:
            answer = await mallory.answer(text)
            assert isinstance(answer, Error), (text, answer)
            assert answer.code in {"malformed", "not-your-seat"}, (text, answer)
        assert table.events == before

        # In its own turn, commands the rules refuse: each with its rule id.
        card = legal.cards[0]
        impossible: list[AnyCommand] = [
            EndTurn(actor),  # T2.7: the action comes first
            ChooseScoring(actor),  # E3: the game has not ended
            PerformAction(actor, legal.location, 4, legal.cards),  # no level 4
            PerformAction(actor, legal.location, legal.level, ()),  # no payment
            PerformAction(actor, legal.location, legal.level, (card, card)),
            PerformAction(actor, "submarine", 3, legal.cards, picks=(Pick("treasure", 9),)),
            PerformAction(actor, legal.location, legal.level, legal.cards, pair_slot=7),
        ]
        for command in impossible:
            answer = await mine.act(command)
            assert isinstance(answer, Refused) and answer.rule and answer.reason, answer
        # Paying with the other seat's card is refused as paying with one of the draw
        # pile: the answer cannot tell where an unseen card lies.
        theirs, pile = state.hands[other][0], state.divers[0]
        said = []
        for probe in (theirs, pile):
            answer = await mine.act(
                PerformAction(actor, legal.location, legal.level, (probe, *legal.cards[1:]))
            )
            assert isinstance(answer, Refused), answer
            said.append((answer.rule, answer.reason.replace(probe, "?")))
        assert said[0] == said[1], said
        assert table.events == before

        for client, seat in ((mallory, other), (watcher, WATCHER)):
            assert learnt(table, client, seat) == [], seat
        # The actor was told its own probes' ids back: nothing else it may not know.
        known_back = {theirs, pile}
        assert set(learnt(table, mine, actor)) <= known_back

        # The honest game goes on: a legal action reaches the other seat.
        count = len(table.events)
        await mine.socket.send(encode(Act(legal)))
        while not isinstance(message := await mallory.next(), Update) or not message.events:
            pass
        assert len(table.events) > count
        assert message.start + len(message.events) == len(table.events)
        secret = secret_from_seed(SEED).encode()
        for client, seat in ((mallory, other), (watcher, WATCHER)):
            assert learnt(table, client, seat) == [], seat
        for client in (mallory, mine, watcher):
            assert not any(secret in raw for raw in client.raw)
