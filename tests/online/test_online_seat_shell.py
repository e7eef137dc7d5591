"""One online seat for every game: what a seat does alike (listening, sending, refusals,
presence, the end screen, the keys that are off) is ``OnlineSeat``'s; each game's
online screen keeps only its own bits."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from textual.screen import Screen

from atlantis_tui.app import AtlantisApp
from atlantis_tui.games import GAME_UIS
from atlantis_tui.games.arkantis.online_screen import OnlineBuyScreen
from atlantis_tui.keymap import SHARED_KEYS
from atlantis_tui.online.protocol import AnyServerMessage, Error, Refused, SeatInfo
from atlantis_tui.online.remote import RemoteSession, view_state
from atlantis_tui.online.seat_screen import OnlineSeat
from atlantis_tui.session import GameSession, Seat
from core.games import GAMES
from tests.online.conftest import until

GAME_IDS = ["atlantis", "arkantis", "atlantica"]

SHARED = {
    "received",
    "listen",
    "send_to_host",
    "apply",
    "advance",
    "on_mount",
    "_human_to_act",
    "_log_viewer",
    "action_toggle_hands",
    "check_action",
}
"""What every seat does alike: no game's online screen writes it again."""


def online_screen_type(game_id: str) -> type[OnlineSeat]:
    ui = GAME_UIS[game_id]
    assert ui.load_online_screen is not None
    screen = ui.load_online_screen()
    assert isinstance(screen, type) and issubclass(screen, OnlineSeat)
    return screen


def seat_screen(game_id: str, client: QuietClient) -> Screen[None]:
    """The game's online screen for ``client``'s seat, as ``online_screen`` builds it."""
    ui = GAME_UIS[game_id]
    assert ui.load_online_screen is not None
    # The quiet client has every field of a client that the screens read.
    session: RemoteSession[Any, Any, Any, Any] = RemoteSession(client, view_state)  # type: ignore[arg-type]
    return ui.load_online_screen()(session, None)


class QuietClient:
    """A client of the seat to act in a new game of two, holding the game as the host
    sent it and hearing nothing more (only the fields the screens read)."""

    def __init__(self, game_id: str, save_dir: Path) -> None:
        game = GAMES.get(game_id)
        session = GameSession.new([Seat("Ann"), Seat("Bob")], seed=5, save_dir=save_dir, game=game)
        session.close()
        seat = session.to_act
        assert seat is not None
        self.seat: int | None = seat
        self.name = session.seats[seat].name
        """The name of this client's seat: the one to act."""
        self.seats = tuple(SeatInfo(each.name, "human", True) for each in session.seats)
        self.view = game.privacy.view_for(session.state, seat)
        self.events = [game.privacy.event_for(event, seat, False) for event in session.events]
        self.to_act = seat
        self.waiting = False
        self.is_over = False
        self.sent: list[Any] = []
        self.heard: list[AnyServerMessage] = []

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat

    async def messages(self) -> AsyncIterator[AnyServerMessage]:
        await asyncio.Event().wait()  # nothing more comes
        for message in self.heard:
            yield message

    async def act(self, command: Any) -> None:
        self.sent.append(command)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_game_keeps_only_its_own_bits(game_id: str) -> None:
    screen = online_screen_type(game_id)
    assert not SHARED & set(vars(screen)), game_id
    keys = {binding.action: binding.key for binding in screen.BINDINGS}  # type: ignore[union-attr]
    assert keys["undo_is_off"] == f"{SHARED_KEYS['undo']},{SHARED_KEYS['redo']}"
    assert keys["hint_is_off"] == SHARED_KEYS["hint"]
    assert keys["join_lines"] == ("J" if game_id == "atlantica" else "j")


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_the_subtitle_says_who_you_are_from_the_start(tmp_path: Path, game_id: str) -> None:
    """Before the host says anything more, the subtitle already names this seat (the
    game screen's own names are not written over it)."""
    client = QuietClient(game_id, tmp_path)
    app = AtlantisApp(tmp_path, bot_delay=0, game=game_id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = seat_screen(game_id, client)
        app.push_screen(screen)
        await until(lambda: app.screen is screen)
        for _ in range(3):
            await pilot.pause()
        assert f"you are {client.name}" in str(screen.sub_title), screen.sub_title


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_a_refusal_is_shown_with_its_rule_and_the_seat_may_act_again(
    tmp_path: Path, game_id: str
) -> None:
    client = QuietClient(game_id, tmp_path)
    app = AtlantisApp(tmp_path, bot_delay=0, game=game_id)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = seat_screen(game_id, client)
        app.push_screen(screen)
        await until(lambda: app.screen is screen)
        await pilot.pause()
        assert isinstance(screen, OnlineSeat)
        screen._busy = True  # a command on its way to the host
        screen.received(Refused("T9.9", "Not that way."))
        await pilot.pause()
        assert screen._busy is False
        notices = [(str(n.title), n.message) for n in app._notifications]
        assert any("T9.9" in title and "Not that way." in text for title, text in notices)


async def test_the_buy_dialog_says_why_the_host_did_not_make_the_purchase(
    tmp_path: Path,
) -> None:
    """ArkantiS's own bit: a purchase the host refused shows the rule in the dialog; one
    it would not act on, what it said."""
    client = QuietClient("arkantis", tmp_path)
    app = AtlantisApp(tmp_path, bot_delay=0, game="arkantis")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = seat_screen("arkantis", client)
        app.push_screen(screen)
        await until(lambda: app.screen is screen)
        await pilot.pause()
        assert isinstance(screen, OnlineSeat)
        await screen.run_action("buy")
        await until(lambda: isinstance(app.screen, OnlineBuyScreen))
        dialog = app.screen
        assert isinstance(dialog, OnlineBuyScreen)
        await pilot.pause()
        answers: dict[AnyServerMessage, tuple[str, ...]] = {
            Refused("T6.2", "Not enough pions."): ("T6.2", "Not enough pions."),
            Error("waiting", "The game waits for Bob."): ("The game waits for Bob.",),
        }
        for pile, (answer, shown) in enumerate(answers.items()):
            dialog.pending = pile  # a purchase on its way to the host
            screen.received(answer)
            await pilot.pause()
            assert waiting_purchase(dialog) is None
            assert all(part in str(dialog.status) for part in shown), dialog.status


def waiting_purchase(dialog: OnlineBuyScreen) -> int | None:
    """The pile whose purchase the dialog waits for the host to answer."""
    return dialog.pending
