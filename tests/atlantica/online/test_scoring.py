"""``final_choices = ask`` online: each seat chooses its own releases and research
types (E3, E5), from its own connection, when the host waits for it.

Three seats join a game whose turns are over. A seat that is not choosing is refused
with a rule id for its own choices and with ``not-your-seat`` for another's; choices
the rules refuse (a release of a treasure not held, the wrong count) are refused with
E3; then each seat in turn sends the best choices worked out from its own view, and
the game is scored with exactly what each sent. No message holds what its receiver
may not know.
"""

from __future__ import annotations

from pathlib import Path

from websockets.exceptions import ConnectionClosed

from atlantis_tui.online.protocol import Act, Error, Refused, Update, decode_server, encode
from atlantis_tui.session_protocol import WATCHER
from core.atlantica.commands import ChooseScoring
from core.atlantica.events import ResearchChoicesMade, TreasuresReleased
from core.atlantica.game_type import ATLANTICA
from core.atlantica.scoring import best_choices, excess
from core.atlantica.view import PlayerView
from core.kernel.chance import secret_from_seed
from tests.atlantica.online.knowledge import (
    hosting_table,
    leaks,
    secrets_by_time,
    shape_leaks,
    states_of,
    table_at_scoring,
)
from tests.conformance.online_access import Raw
from tests.online.conftest import until

SEED = 1


async def test_each_seat_chooses_its_own_releases_online(tmp_path: Path) -> None:
    table = table_at_scoring("Ann,Bob,Cat", tmp_path, SEED)
    async with hosting_table(table) as (_table, address, _task):
        seats = [await Raw.open(address, ATLANTICA, table.codes[seat]) for seat in range(3)]
        watcher = await Raw.open(address, ATLANTICA)
        sent: dict[int, ChooseScoring] = {}
        while not table.session.state.is_over:
            state = table.session.state
            chooser = state.choosing
            assert chooser is not None
            for seat, client in enumerate(seats):
                if seat == chooser:
                    continue
                # Its own choices, out of turn: the rules refuse, with a rule id.
                choices = best_choices(state, seat)
                own = ChooseScoring(seat, choices.releases, choices.r6_types, choices.r11_types)
                answer = await client.act(own)
                assert isinstance(answer, Refused) and answer.rule and answer.reason, answer
                # The chooser's, from another connection: not this seat's to send.
                answer = await client.act(ChooseScoring(chooser))
                assert isinstance(answer, Error) and answer.code == "not-your-seat", answer
            client = seats[chooser]
            mine = state.treasures[chooser]
            wanted = excess(state, chooser)
            if wanted:
                answer = await client.act(
                    ChooseScoring(chooser, releases=(mine[0],) * (wanted + 1))
                )
                assert isinstance(answer, Refused) and answer.rule == "E3", answer
            answer = await client.act(ChooseScoring(chooser, releases=("ARC-99",)))
            assert isinstance(answer, Refused) and answer.rule == "E3", answer
            # The best choices, worked out from the seat's own view (as its dialog does).
            view = _view(client)
            assert view.seat == chooser and view.state.choosing == chooser
            choices = best_choices(view.state, chooser)
            command = ChooseScoring(chooser, choices.releases, choices.r6_types, choices.r11_types)
            count = len(table.events)
            await client.socket.send(encode(Act(command)))
            await until(lambda: len(table.events) > count)  # noqa: B023 (read at once)
            sent[chooser] = command
            for other in (*seats, watcher):
                await _read_all(other)
    assert len(sent) >= 2, "more than one seat chose"
    events = list(table.events)
    released = {e.player: e.cards for e in events if isinstance(e, TreasuresReleased)}
    chosen = {e.player: e for e in events if isinstance(e, ResearchChoicesMade)}
    for seat, command in sent.items():
        assert released.get(seat, ()) == command.releases
        assert chosen[seat].r6_types == command.r6_types
        assert chosen[seat].r11_types == command.r11_types
    final = states_of(events)[-1]
    assert final.is_over and final.scores
    states = states_of(events)
    secret = secret_from_seed(SEED)
    for seat, client in [*enumerate(seats), (WATCHER, watcher)]:
        assert leaks(client.raw, secrets_by_time(states, seat), secret) == [], seat
        assert shape_leaks(client.raw, seat, open_hands=False) == [], seat


def _view(client: Raw) -> PlayerView:
    """The last view ``client`` was sent."""
    for raw in reversed(client.raw):
        message = decode_server(raw, ATLANTICA)
        if isinstance(message, Update):
            view: PlayerView = message.view
            return view
    raise AssertionError("no view yet")


async def _read_all(client: Raw) -> None:
    """Read what ``client`` was sent until nothing more comes for a moment."""
    while True:
        try:
            await client.next(0.3)
        except (TimeoutError, ConnectionClosed):  # the host ends with its game
            return
